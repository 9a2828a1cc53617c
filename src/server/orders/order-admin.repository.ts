import { sql, type Selectable } from 'kysely';
import type { ListSort, OrderSortField } from '../../lib/schemas/admin-sort';
import type { Db } from '../customers/customers.repository';
import type { OrderEventsTable, OrdersTable } from '../db/schema';
import type { OrderRow } from './orders.repository';

/** An order event row as stored. */
export type OrderEventRow = Selectable<OrderEventsTable>;
/** An order event with the delivery state of the e-mail it queued, if any. */
export type OrderEventWithMail = OrderEventRow & { mail_sent_at: string | null; mail_last_error: string | null };

/** What the back-office list filters on. */
export interface OrderListFilter {
  status?: string;
  /** Exact order number, when the search text is one. */
  orderNumber?: string;
  /** Lower-cased search text matched anywhere in the number, the e-mail or the name. */
  text?: string;
  /** A column to sort by (the id breaks ties); newest first without it. */
  sort?: ListSort<OrderSortField>;
  /** Only these orders (an export of the selection). */
  ids?: readonly string[];
  limit: number;
  offset: number;
}

/** The SQL each sortable column of the orders list sorts by (text case-insensitively). */
const ORDER_SORT_SQL: Record<OrderSortField, ReturnType<typeof sql>> = {
  createdAt: sql`created_at`,
  orderNumber: sql`order_number`,
  customer: sql`lower(last_name || ' ' || first_name)`,
  email: sql`lower(customer_email)`,
  total: sql`total_cents`,
  status: sql`status`,
  paymentStatus: sql`payment_status`,
  updatedAt: sql`updated_at`,
};

/** `%text%` with LIKE's wildcards taken literally (escape character '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The orders matching a filter (newest first) and how many match in all. The page's numbers are
 * found on the narrow list index first (a deep page skips index entries, not table rows), then the
 * rows are read by number.
 */
export async function selectOrderPage(db: Db, filter: OrderListFilter): Promise<{ rows: OrderRow[]; total: number }> {
  let query = db.selectFrom('orders');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.ids) query = query.where('id', 'in', filter.ids.length ? [...filter.ids] : ['']);
  if (filter.orderNumber) query = query.where('order_number', '=', filter.orderNumber);
  else if (filter.text) query = query.where('search_text', 'like', sql<string>`${containsPattern(filter.text)} ESCAPE '\\'`);
  const [numbers, count] = await Promise.all([
    (filter.sort
      ? query.select('order_number').orderBy(ORDER_SORT_SQL[filter.sort.field], filter.sort.direction).orderBy('id', filter.sort.direction)
      : query.select('order_number').orderBy('created_at', 'desc').orderBy('order_number', 'desc')
    )
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const wanted = numbers.map((r) => r.order_number);
  const rows = wanted.length ? await db.selectFrom('orders').selectAll().where('order_number', 'in', wanted).execute() : [];
  const position = new Map(wanted.map((n, i) => [n, i]));
  rows.sort((a, b) => position.get(a.order_number)! - position.get(b.order_number)!);
  return { rows, total: Number(count?.n ?? 0) };
}

/** How many orders have this status. */
export async function countOrdersWithStatus(db: Db, status: string): Promise<number> {
  const row = await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', status).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Ids of pending orders placed before `before`, oldest first. */
export async function selectStalePendingOrderIds(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('orders').select('id').where('status', '=', 'pending').where('created_at', '<', before).orderBy('created_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** The order with this id, if any. */
export function selectOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Moves an order to a new status only if it still has `fromStatus`: the guard that lets exactly one
 * of two staff acting at once win. Returns whether it changed.
 */
export async function updateOrderIfStatus(
  db: Db,
  id: string,
  fromStatus: string,
  changes: Partial<Pick<Selectable<OrdersTable>, 'status' | 'payment_status' | 'notes' | 'carrier' | 'tracking_number'>> & { updated_at: string },
): Promise<boolean> {
  const result = await db.updateTable('orders').set(changes).where('id', '=', id).where('status', '=', fromStatus).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Puts units of a counted product back on hand (and back in stock); uncounted products are left alone. */
export async function giveBackStock(db: Db, productId: string, quantity: number, at: string): Promise<void> {
  await db
    .updateTable('products')
    .set({
      stock_quantity: sql`stock_quantity + ${quantity}`,
      in_stock: sql`CASE WHEN stock_quantity + ${quantity} > 0 THEN 1 ELSE in_stock END`,
      version: sql`version + 1`,
      updated_at: at,
    })
    .where('id', '=', productId)
    .where('stock_quantity', 'is not', null)
    .execute();
}

/** Records that an order's customer was e-mailed (the outbox row says whether it has left yet). */
export function insertMailEvent(db: Db, orderId: string, at: string, subject: string, outboxId: string): Promise<void> {
  return insertOrderEvent(db, {
    id: crypto.randomUUID(),
    order_id: orderId,
    at,
    actor_kind: 'system',
    actor_id: null,
    actor_name: 'System',
    action: 'email',
    from_status: null,
    to_status: null,
    note: `E-mail to the customer: ${subject}`,
    outbox_id: outboxId,
  });
}

/** Stores one order event. */
export async function insertOrderEvent(db: Db, row: OrderEventRow): Promise<void> {
  await db.insertInto('order_events').values(row).execute();
}

/** An order's events, oldest first, each with the state of the e-mail it queued. */
export function selectOrderEvents(db: Db, orderId: string): Promise<OrderEventWithMail[]> {
  return selectEventsOfOrders(db, [orderId]);
}

/** The events of several orders, oldest first (for the customer's list of orders). */
export function selectEventsOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderEventWithMail[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_events')
    .leftJoin('outbox', 'outbox.id', 'order_events.outbox_id')
    .selectAll('order_events')
    .select(['outbox.sent_at as mail_sent_at', 'outbox.last_error as mail_last_error'])
    .where('order_events.order_id', 'in', orderIds)
    .orderBy('order_events.at')
    .orderBy('order_events.id')
    .execute();
}
