import type { Kysely } from 'kysely';
import { formatCsv } from '../../lib/csv';
import { ADMIN_PAGE_SIZE_MAX, type AdminOrdersQuery } from '../../lib/schemas/admin';
import type { Database } from '../db/schema';
import { listAdminOrders } from './order-workflow.service';

/** The columns of the orders export. */
export const ORDERS_EXPORT_HEADER = ['Order number', 'Placed', 'Customer', 'E-mail', 'Status', 'Payment', 'Items', 'Total', 'Carrier', 'Tracking number'] as const;

/** Every order the list's filters (and sort) match, or just those of `ids` when given (the filter then ignored), as CSV text (formula-safe), page by page through the list itself. */
export async function exportAdminOrdersCsv(db: Kysely<Database>, query: Omit<AdminOrdersQuery, 'page' | 'pageSize'> & { ids?: readonly string[] }): Promise<string> {
  const rows: (string | number | null)[][] = [];
  for (let page = 1; ; page++) {
    // Ids name the selection: the list's filter no longer applies.
    const { orders, total } = await listAdminOrders(db, { ...query, ...(query.ids && { status: 'all', q: '' }), page, pageSize: ADMIN_PAGE_SIZE_MAX });
    for (const o of orders) {
      rows.push([o.orderNumber, o.createdAt, o.customerName, o.customerEmail, o.status, o.paymentStatus, o.items.reduce((n, i) => n + i.quantity, 0), o.total, o.carrier, o.trackingNumber]);
    }
    if (orders.length < ADMIN_PAGE_SIZE_MAX || page * ADMIN_PAGE_SIZE_MAX >= total) break;
  }
  return formatCsv(ORDERS_EXPORT_HEADER, rows);
}
