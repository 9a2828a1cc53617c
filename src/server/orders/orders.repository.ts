import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { getDialectKind } from '../db/dialect';
import type { OrderItemsTable, OrdersTable, ProductsTable } from '../db/schema';

/** An order row as stored. */
export type OrderRow = Selectable<OrdersTable>;
/** An order line row as stored. */
export type OrderItemRow = Selectable<OrderItemsTable>;
/** The product columns an order reads to price and snapshot a line. */
export type OrderableProductRow = Pick<
  ProductsTable,
  'id' | 'name' | 'sku' | 'image' | 'category' | 'price_cents' | 'in_stock' | 'stock_quantity' | 'request_quote_only' | 'hazard' | 'dangerous_goods' | 'tintable' | 'price_tiers'
>;

/** The live products with these ids (missing and withdrawn ids are simply absent). */
export function selectOrderableProducts(db: Db, ids: readonly string[]): Promise<OrderableProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'image', 'category', 'price_cents', 'in_stock', 'stock_quantity', 'request_quote_only', 'hazard', 'dangerous_goods', 'tintable', 'price_tiers'])
    .where('id', 'in', ids)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** The hazard column of each of these products that has one (withdrawn ones too: an order names them). */
export async function selectProductHazards(db: Db, ids: readonly string[]): Promise<{ id: string; hazard: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('products').select(['id', 'hazard']).where('id', 'in', ids).where('hazard', 'is not', null).execute();
  return rows.map((r) => ({ id: r.id, hazard: r.hazard! }));
}

/**
 * Takes the catalogue revision's row lock first (PostgreSQL). Every product update bumps that row
 * through a trigger, so an order that locked a product and then waited for the revision row could
 * deadlock with one holding them the other way round; taking it first gives every writer one order.
 * SQLite runs one write transaction at a time and needs nothing. Resolves to the revision, which
 * no other writer can move until this transaction ends.
 */
export async function lockCatalogRevision(db: Db): Promise<number> {
  const query = db.selectFrom('catalog_revision').select('revision').where('id', '=', 1);
  const row = await (getDialectKind(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return Number(row.revision);
}

/**
 * Takes `quantity` units of a counted product, only if that many are on hand and it is in stock;
 * at 0 it goes out of stock. Resolves to the product's row as it left it, or undefined when the
 * stock could not cover it (nothing changed). A quote-only product is sold only on a quote (`quoted`).
 */
export function takeCountedStock(db: Db, productId: string, quantity: number, at: string, quoted = false): Promise<ProductsTable | undefined> {
  let update = db
    .updateTable('products')
    .set({
      stock_quantity: sql`stock_quantity - ${quantity}`,
      in_stock: sql`CASE WHEN stock_quantity - ${quantity} > 0 THEN 1 ELSE 0 END`,
      version: sql`version + 1`,
      updated_at: at,
    })
    .where('id', '=', productId)
    .where('in_stock', '=', 1)
    .where('stock_quantity', '>=', quantity)
    // Withdrawn or made quote-only since the order read it: refused like a product out of stock.
    .where('withdrawn_at', 'is', null);
  if (!quoted) update = update.where('request_quote_only', '=', 0);
  return update.returningAll().executeTakeFirst();
}

/** Inserts an order and its lines. */
export async function insertOrder(db: Db, order: Insertable<OrdersTable>, items: Insertable<OrderItemsTable>[]): Promise<void> {
  await db.insertInto('orders').values(order).execute();
  if (items.length > 0) await db.insertInto('order_items').values(items).execute();
}

/** The order placed with this idempotency key, if any. */
export function selectOrderByIdempotencyKey(db: Db, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** Gives an order another idempotency key (frees its own for a new attempt). */
export async function updateOrderIdempotencyKey(db: Db, orderId: string, key: string): Promise<void> {
  await db.updateTable('orders').set({ idempotency_key: key }).where('id', '=', orderId).execute();
}

/** The order with this number, if any. */
export function selectOrderByNumber(db: Db, orderNumber: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_number', '=', orderNumber).executeTakeFirst();
}

/** A customer's orders, newest first, at most `limit`. */
export function selectOrdersOfCustomer(db: Db, customerId: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('order_number', 'desc')
    .limit(limit)
    .execute();
}

/** The lines of these orders, in order and line order, in one query. */
export function selectItemsOfOrders(db: Db, orderIds: readonly string[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('order_items').selectAll().where('order_id', 'in', orderIds).orderBy('order_id').orderBy('position').execute();
}

/**
 * Pending orders placed from `address` and pending orders under `email` (any case), and the oldest
 * creation time among them, in one statement of two counts, each through its own index (address
 * and status; the lowered e-mail): one count with `address = ? OR email = ?` made the planner walk
 * every pending order of the shop, so each order cost more as unapproved orders piled up.
 */
export async function countPendingOrdersOf(
  db: Db,
  address: string | null,
  email: string,
): Promise<{ byAddress: number; byEmail: number; oldest?: string }> {
  const lowered = email.trim().toLowerCase();
  const pending = (where: 'client_address' | 'email', value: string | null) =>
    db
      .selectFrom('orders')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'pending')
      .where(where === 'email' ? sql<string>`lower(customer_email)` : 'client_address', '=', value);
  // No address (a request with none): its count is of `client_address = NULL`, which matches nothing.
  const row = await db
    .selectFrom([pending('client_address', address).as('a'), pending('email', lowered).as('e')])
    .select(['a.n as by_address', 'a.oldest as address_oldest', 'e.n as by_email', 'e.oldest as email_oldest'])
    .executeTakeFirstOrThrow();
  const oldest = [row.address_oldest, row.email_oldest].filter((at): at is string => typeof at === 'string').sort()[0];
  return { byAddress: Number(row.by_address), byEmail: Number(row.by_email), oldest };
}
