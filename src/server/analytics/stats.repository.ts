/**
 * The SQL of the overview and analytics: every figure is summed or counted by the database, over
 * ranges of ISO 8601 UTC text (so the same statements run on SQLite and PostgreSQL). Local days are
 * buckets given as UTC boundaries by the caller (see src/lib/analytics/days.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../customers/customers.repository';

/** A half-open UTC range [start, end) as ISO 8601 text. */
export interface UtcRange {
  start: string;
  end: string;
}

/** Statuses whose orders count as sales (approved and later); refunded payments never count. */
export const SALE_STATUSES = ['approved', 'processing', 'shipped', 'delivered'] as const;

/** Numbers come back as strings from PostgreSQL's bigint/numeric and as null from an empty SUM. */
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** `1` when a row of `orders` (aliased `o`) is a sale, else `0`. */
const IS_SALE = sql`(o.status IN (${sql.join(SALE_STATUSES.map((s) => sql`${s}`))}) AND o.payment_status <> 'refunded')`;

/**
 * Consecutive buckets as an inline table `b(column1 index, column2 start, column3 end)`: joined on
 * a range of an indexed timestamp, each bucket is one index range scan (no per-row CASE). VALUES
 * columns are named column1.. by both SQLite and PostgreSQL.
 */
function bucketTable(starts: readonly string[], end: string): RawBuilder<unknown> {
  const rows = starts.map((start, i) => sql`(${sql.lit(i)}, CAST(${start} AS TEXT), CAST(${starts[i + 1] ?? end} AS TEXT))`);
  return sql`(VALUES ${sql.join(rows)}) AS b`;
}

/** Orders and revenue of a period and of the period before it, in one pass over both. */
export async function selectOrderTotals(db: Db, previous: UtcRange, current: UtcRange) {
  const inCurrent = sql`o.created_at >= ${current.start}`;
  const row = await db
    .selectFrom('orders as o')
    .select([
      sql<number>`SUM(CASE WHEN ${inCurrent} THEN 1 ELSE 0 END)`.as('orders'),
      sql<number>`SUM(CASE WHEN ${inCurrent} THEN o.total_cents ELSE 0 END)`.as('revenue'),
      sql<number>`SUM(CASE WHEN ${inCurrent} AND ${IS_SALE} THEN o.total_cents ELSE 0 END)`.as('sales'),
      sql<number>`SUM(CASE WHEN ${inCurrent} THEN 0 ELSE 1 END)`.as('prev_orders'),
      sql<number>`SUM(CASE WHEN ${inCurrent} THEN 0 ELSE o.total_cents END)`.as('prev_revenue'),
      sql<number>`SUM(CASE WHEN ${inCurrent} THEN 0 WHEN ${IS_SALE} THEN o.total_cents ELSE 0 END)`.as('prev_sales'),
    ])
    .where('o.created_at', '>=', previous.start)
    .where('o.created_at', '<', current.end)
    .executeTakeFirst();
  return {
    current: { orders: num(row?.orders), revenueCents: num(row?.revenue), approvedRevenueCents: num(row?.sales) },
    previous: { orders: num(row?.prev_orders), revenueCents: num(row?.prev_revenue), approvedRevenueCents: num(row?.prev_sales) },
  };
}

/** Customer accounts created in a period and in the period before it. */
export async function selectNewCustomerTotals(db: Db, previous: UtcRange, current: UtcRange) {
  const row = await db
    .selectFrom('customers')
    .select([
      sql<number>`SUM(CASE WHEN created_at >= ${current.start} THEN 1 ELSE 0 END)`.as('current'),
      sql<number>`SUM(CASE WHEN created_at >= ${current.start} THEN 0 ELSE 1 END)`.as('previous'),
    ])
    .where('created_at', '>=', previous.start)
    .where('created_at', '<', current.end)
    .executeTakeFirst();
  return { current: num(row?.current), previous: num(row?.previous) };
}

/** Products in the live catalogue at two instants: created before, not withdrawn before. */
export async function selectLiveProductCounts(db: Db, previousAt: string, currentAt: string) {
  const liveAt = (at: string) => sql`CASE WHEN created_at < ${at} AND (withdrawn_at IS NULL OR withdrawn_at >= ${at}) THEN 1 ELSE 0 END`;
  const row = await db
    .selectFrom('products')
    .select([sql<number>`SUM(${liveAt(currentAt)})`.as('current'), sql<number>`SUM(${liveAt(previousAt)})`.as('previous')])
    .executeTakeFirst();
  return { current: num(row?.current), previous: num(row?.previous) };
}

/** Orders, revenue and sales per bucket (bucket starts plus the end of the last); empty buckets are left out. */
export async function selectOrdersByBucket(db: Db, starts: readonly string[], end: string) {
  const { rows } = await sql<{ bucket: number; orders: number; revenue: number; sales: number; sale_orders: number }>`
    SELECT b.column1 AS bucket, COUNT(*) AS orders, SUM(o.total_cents) AS revenue,
      SUM(CASE WHEN ${IS_SALE} THEN o.total_cents ELSE 0 END) AS sales,
      SUM(CASE WHEN ${IS_SALE} THEN 1 ELSE 0 END) AS sale_orders
    FROM ${bucketTable(starts, end)}
    JOIN orders o ON o.created_at >= b.column2 AND o.created_at < b.column3
    GROUP BY b.column1`.execute(db);
  return rows.map((r) => ({ bucket: num(r.bucket), orders: num(r.orders), revenueCents: num(r.revenue), approvedRevenueCents: num(r.sales), approvedOrders: num(r.sale_orders) }));
}

/** Customer accounts created per bucket; empty buckets are left out. */
export async function selectNewCustomersByBucket(db: Db, starts: readonly string[], end: string) {
  const { rows } = await sql<{ bucket: number; customers: number }>`
    SELECT b.column1 AS bucket, COUNT(*) AS customers
    FROM ${bucketTable(starts, end)}
    JOIN customers c ON c.created_at >= b.column2 AND c.created_at < b.column3
    GROUP BY b.column1`.execute(db);
  return rows.map((r) => ({ bucket: num(r.bucket), customers: num(r.customers) }));
}

/** Orders and their totals per status in a range. */
export async function selectOrdersByStatus(db: Db, range: UtcRange) {
  const rows = await db
    .selectFrom('orders as o')
    .select(['o.status', sql<number>`COUNT(*)`.as('orders'), sql<number>`SUM(o.total_cents)`.as('revenue')])
    .where('o.created_at', '>=', range.start)
    .where('o.created_at', '<', range.end)
    .groupBy('o.status')
    .execute();
  return rows.map((r) => ({ status: r.status, orders: num(r.orders), revenueCents: num(r.revenue) }));
}

/** Units and line revenue (unit price × quantity) of every product sold in a range's sales. */
export async function selectProductSales(db: Db, range: UtcRange) {
  const rows = await db
    .selectFrom('orders as o')
    .innerJoin('order_items as i', 'i.order_id', 'o.id')
    .select(['i.product_id', sql<number>`SUM(i.quantity)`.as('units'), sql<number>`SUM(i.quantity * i.unit_price_cents)`.as('revenue')])
    .where('o.created_at', '>=', range.start)
    .where('o.created_at', '<', range.end)
    .where(IS_SALE as RawBuilder<boolean>)
    .groupBy('i.product_id')
    .execute();
  return rows.map((r) => ({ productId: r.product_id, units: num(r.units), revenueCents: num(r.revenue) }));
}

/** The names of products by id: the catalogue's (withdrawn ones included), else the name an order line kept. */
export async function selectProductNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  for (const row of await db.selectFrom('products').select(['id', 'name']).where('id', 'in', ids).execute()) names.set(row.id, row.name);
  for (const id of ids.filter((id) => !names.has(id))) {
    const line = await db.selectFrom('order_items').select('product_name').where('product_id', '=', id).limit(1).executeTakeFirst();
    names.set(id, line?.product_name ?? id);
  }
  return names;
}

/** The newest orders placed (for the activity feed). */
export function selectNewestOrders(db: Db, limit: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'first_name', 'last_name', 'total_cents', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest order events worth a line in the activity feed (not e-mails or notes), with their order's number. */
export function selectNewestOrderEvents(db: Db, limit: number) {
  return db
    .selectFrom('order_events as e')
    .innerJoin('orders as o', 'o.id', 'e.order_id')
    .select(['e.id', 'e.order_id', 'o.order_number', 'e.at', 'e.actor_name', 'e.action', 'e.from_status', 'e.to_status'])
    .where('e.action', 'not in', ['email', 'note'])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

/** The newest audit entries that are not about orders (those come from order events) nor sign-ins. */
export function selectNewestAuditEntries(db: Db, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor_name', 'action', 'entity_type', 'entity_id', 'before_json', 'after_json'])
    .where('entity_type', '<>', 'order')
    .where('action', 'not in', ['staff.sign_in', 'staff.sign_out'])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Live counted products at or below a stock threshold, lowest first, and how many there are. */
export async function selectLowStock(db: Db, threshold: number, limit: number) {
  const base = db.selectFrom('products').where('withdrawn_at', 'is', null).where('stock_quantity', 'is not', null).where('stock_quantity', '<=', threshold);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base.select(['id', 'name', 'sku', 'stock_quantity']).orderBy('stock_quantity').orderBy('name').limit(limit).execute(),
  ]);
  return { count: num(count?.n), rows };
}

/** Pending orders placed before an instant, oldest first, and how many there are. */
export async function selectPendingBefore(db: Db, before: string, limit: number) {
  const base = db.selectFrom('orders').where('status', '=', 'pending').where('created_at', '<', before);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base.select(['id', 'order_number', 'first_name', 'last_name', 'created_at']).orderBy('created_at').limit(limit).execute(),
  ]);
  return { count: num(count?.n), rows };
}

/** Unsent e-mails that failed at least `attempts` times, oldest first, and how many there are. */
export async function selectFailingMail(db: Db, attempts: number, limit: number) {
  const base = db.selectFrom('outbox').where('sent_at', 'is', null).where('attempts', '>=', attempts);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`COUNT(*)`.as('n')).executeTakeFirst(),
    base.select(['id', 'kind', 'to_address', 'attempts', 'last_error', 'created_at']).orderBy('created_at').limit(limit).execute(),
  ]);
  return { count: num(count?.n), rows };
}
