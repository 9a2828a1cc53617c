import type { Kysely } from 'kysely';
import { hasPermission } from '../staff/staff.service';
import type { Admin } from '../../lib/schemas/admin';
import { adminOrdersQuerySchema } from '../../lib/schemas/admin';
import { adminProductsQuerySchema } from '../../lib/schemas/admin-catalog';
import { ADMIN_SEARCH_LIMIT, type AdminSearchResult } from '../../lib/schemas/admin-search';
import { adminUsersQuerySchema } from '../../lib/schemas/admin-users';
import { listAdminProducts } from '../catalog/admin-products.service';
import { listAdminUsers } from '../customers/customer-admin.service';
import type { Database } from '../db/schema';
import { listAdminOrders } from '../orders/order-workflow.service';

/**
 * The top bar's search over orders, products and customers at once, each through its own list's
 * search; a group the member's role may not see is left out. An empty text finds nothing.
 */
export async function searchBackOffice(db: Kysely<Database>, admin: Admin, text: string): Promise<AdminSearchResult> {
  const q = text.trim();
  const pageSize = String(ADMIN_SEARCH_LIMIT);
  const [orders, products, customers] = await Promise.all([
    hasPermission(admin, 'manage_orders') ? (q ? listAdminOrders(db, adminOrdersQuerySchema.parse({ q, pageSize })).then((p) => p.orders) : []) : undefined,
    hasPermission(admin, 'manage_products') ? (q ? listAdminProducts(db, adminProductsQuerySchema.parse({ q, pageSize })).then((p) => p.products) : []) : undefined,
    hasPermission(admin, 'manage_users') ? (q ? listAdminUsers(db, adminUsersQuerySchema.parse({ q, pageSize })).then((p) => p.users) : []) : undefined,
  ]);
  return {
    ...(orders && { orders: orders.map((o) => ({ id: o.id, orderNumber: o.orderNumber, customerName: o.customerName, status: o.status, total: o.total })) }),
    ...(products && { products: products.map((p) => ({ id: p.id, name: p.name, sku: p.sku, price: p.price })) }),
    ...(customers && { customers: customers.map((c) => ({ id: c.id, fullName: c.fullName, email: c.email })) }),
  };
}
