/**
 * The SQL of the overview and analytics: every figure is summed or counted by the database, over
 * ranges of ISO 8601 UTC text (so the same statements run on SQLite and PostgreSQL). Local days are
 * buckets given as UTC boundaries by the caller (see src/lib/analytics/days.ts). Periods are read
 * from summaries per UTC hour or day that triggers keep in step with every write (migration
 * 2026-11-26T0600_stats_summaries): the whole hours or days inside a bucket from the summary, the
 * minutes at its edges (zones offset by :30 or :45, partial UTC days) from the rows themselves.
 */
import { sql, type RawBuilder } from 'kysely';
import { lowStockSql, outOfStockSql } from '../catalog/admin-products.repository';
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

/** A bucket of a query: its index and a half-open range [from, to) of UTC text (instants or hour keys). */
interface BucketRange {
  bucket: number;
  from: string;
  to: string;
}

/**
 * Buckets as an inline table `b(column1 index, column2 from, column3 to)`: joined on a range of an
 * indexed column, each bucket is one index range scan (no per-row CASE). VALUES columns are named
 * column1.. by both SQLite and PostgreSQL. Needs at least one bucket.
 */
function bucketTable(buckets: readonly BucketRange[]): RawBuilder<unknown> {
  const rows = buckets.map((b) => sql`(${sql.lit(b.bucket)}, CAST(${b.from} AS TEXT), CAST(${b.to} AS TEXT))`);
  return sql`(VALUES ${sql.join(rows)}) AS b`;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The first and last UTC hour or day boundaries (`unitMs` apart) inside [from, to], or null when no whole unit fits. */
function wholeUnits(from: string, to: string, unitMs: number): { first: number; last: number } | null {
  const first = Math.ceil(new Date(from).getTime() / unitMs) * unitMs;
  const last = Math.floor(new Date(to).getTime() / unitMs) * unitMs;
  return first < last ? { first, last } : null;
}

/** The key of the UTC hour an instant falls in, as the summaries store it: 'YYYY-MM-DDTHH'. */
const hourKey = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Splits consecutive buckets (their starts plus the end of the last) into the whole UTC hours
 * inside each, read from the hourly summaries, and the minutes at their edges, read from the rows
 * (none when the bounds fall on whole hours, as local midnights do in zones offset by whole hours).
 */
export function splitAtUtcHours(starts: readonly string[], end: string): { hours: BucketRange[]; edges: BucketRange[] } {
  const hours: BucketRange[] = [];
  const edges: BucketRange[] = [];
  starts.forEach((from, bucket) => {
    const to = starts[bucket + 1] ?? end;
    const whole = wholeUnits(from, to, HOUR_MS);
    if (!whole) {
      edges.push({ bucket, from, to });
      return;
    }
    hours.push({ bucket, from: hourKey(whole.first), to: hourKey(whole.last) });
    if (new Date(from).getTime() < whole.first) edges.push({ bucket, from, to: new Date(whole.first).toISOString() });
    if (whole.last < new Date(to).getTime()) edges.push({ bucket, from: new Date(whole.last).toISOString(), to });
  });
  return { hours, edges };
}

/** Orders and their totals in one bucket; `sale…` count the sales among them. */
export interface BucketOrdersRow {
  bucket: number;
  orders: number;
  revenueCents: number;
  saleOrders: number;
  saleRevenueCents: number;
}

/**
 * Orders and totals per bucket (bucket starts plus the end of the last): whole UTC hours from
 * order_stats_hourly, edges from the orders. A bucket may come in several rows (add them up);
 * empty ones are left out or zero.
 */
export async function selectOrdersByBucket(db: Db, starts: readonly string[], end: string): Promise<BucketOrdersRow[]> {
  const { hours, edges } = splitAtUtcHours(starts, end);
  type Row = { bucket: number; orders: number; revenue: number; sale_orders: number; sale_revenue: number };
  const [fromHours, fromEdges] = await Promise.all([
    hours.length === 0
      ? { rows: [] as Row[] }
      : sql<Row>`SELECT b.column1 AS bucket, SUM(h.orders) AS orders, SUM(h.revenue_cents) AS revenue,
          SUM(h.sale_orders) AS sale_orders, SUM(h.sale_revenue_cents) AS sale_revenue
        FROM ${bucketTable(hours)} JOIN order_stats_hourly h ON h.hour >= b.column2 AND h.hour < b.column3
        GROUP BY b.column1`.execute(db),
    edges.length === 0
      ? { rows: [] as Row[] }
      : sql<Row>`SELECT b.column1 AS bucket, COUNT(*) AS orders, SUM(o.total_cents) AS revenue,
          SUM(CASE WHEN ${IS_SALE} THEN 1 ELSE 0 END) AS sale_orders, SUM(CASE WHEN ${IS_SALE} THEN o.total_cents ELSE 0 END) AS sale_revenue
        FROM ${bucketTable(edges)} JOIN orders o ON o.created_at >= b.column2 AND o.created_at < b.column3
        GROUP BY b.column1`.execute(db),
  ]);
  return [...fromHours.rows, ...fromEdges.rows].map((r) => ({
    bucket: num(r.bucket),
    orders: num(r.orders),
    revenueCents: num(r.revenue),
    saleOrders: num(r.sale_orders),
    saleRevenueCents: num(r.sale_revenue),
  }));
}

/** Orders and revenue of a period and of the period before it (adjacent), from the hourly summary. */
export async function selectOrderTotals(db: Db, previous: UtcRange, current: UtcRange) {
  const totals = [0, 1].map(() => ({ orders: 0, revenueCents: 0, approvedRevenueCents: 0 }));
  for (const row of await selectOrdersByBucket(db, [previous.start, current.start], current.end)) {
    const t = totals[row.bucket]!;
    t.orders += row.orders;
    t.revenueCents += row.revenueCents;
    t.approvedRevenueCents += row.saleRevenueCents;
  }
  return { current: totals[1]!, previous: totals[0]! };
}

/** Customer accounts created per bucket: whole UTC hours from customer_stats_hourly, edges from the accounts. */
export async function selectNewCustomersByBucket(db: Db, starts: readonly string[], end: string) {
  const { hours, edges } = splitAtUtcHours(starts, end);
  type Row = { bucket: number; customers: number };
  const [fromHours, fromEdges] = await Promise.all([
    hours.length === 0
      ? { rows: [] as Row[] }
      : sql<Row>`SELECT b.column1 AS bucket, SUM(h.customers) AS customers
        FROM ${bucketTable(hours)} JOIN customer_stats_hourly h ON h.hour >= b.column2 AND h.hour < b.column3
        GROUP BY b.column1`.execute(db),
    edges.length === 0
      ? { rows: [] as Row[] }
      : sql<Row>`SELECT b.column1 AS bucket, COUNT(*) AS customers
        FROM ${bucketTable(edges)} JOIN customers c ON c.created_at >= b.column2 AND c.created_at < b.column3
        GROUP BY b.column1`.execute(db),
  ]);
  const counts = new Map<number, number>();
  for (const r of [...fromHours.rows, ...fromEdges.rows]) counts.set(num(r.bucket), (counts.get(num(r.bucket)) ?? 0) + num(r.customers));
  return [...counts].map(([bucket, customers]) => ({ bucket, customers }));
}

/** Customer accounts created in a period and in the period before it (adjacent). */
export async function selectNewCustomerTotals(db: Db, previous: UtcRange, current: UtcRange) {
  const rows = await selectNewCustomersByBucket(db, [previous.start, current.start], current.end);
  const of = (bucket: number) => rows.find((r) => r.bucket === bucket)?.customers ?? 0;
  return { current: of(1), previous: of(0) };
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

/** 'YYYY-MM-DD' of an ISO 8601 UTC instant. */
const utcDate = (iso: string) => iso.slice(0, 10);

/**
 * Splits a range into the whole UTC days inside it and the parts before and after them:
 * [start, fullStart) and [fullEnd, end) are read from the orders, the UTC dates [fullStart, fullEnd)
 * from the daily summaries. A range without a whole UTC day is read from the orders alone.
 */
export function splitAtUtcDays(range: UtcRange): { fullStart: string; fullEnd: string } {
  const whole = wholeUnits(range.start, range.end, DAY_MS);
  if (!whole) return { fullStart: range.end, fullEnd: range.end };
  return { fullStart: new Date(whole.first).toISOString(), fullEnd: new Date(whole.last).toISOString() };
}

/** Orders and their totals per status in a range: whole UTC days from order_status_daily, edges from the orders. */
export async function selectOrdersByStatus(db: Db, range: UtcRange) {
  const { fullStart, fullEnd } = splitAtUtcDays(range);
  const edgeOrders = (from: string, to: string) => sql`
    SELECT o.status AS status, 1 AS orders, o.total_cents AS revenue FROM orders o WHERE o.created_at >= ${from} AND o.created_at < ${to}`;
  const { rows } = await sql<{ status: string; orders: number; revenue: number }>`
    SELECT s.status AS status, SUM(s.orders) AS orders, SUM(s.revenue) AS revenue FROM (
      SELECT d.status AS status, d.orders AS orders, d.revenue_cents AS revenue
      FROM order_status_daily d WHERE d.day >= ${utcDate(fullStart)} AND d.day < ${utcDate(fullEnd)}
      UNION ALL ${edgeOrders(range.start, fullStart)}
      UNION ALL ${edgeOrders(fullEnd, range.end)}
    ) s
    GROUP BY s.status`.execute(db);
  return rows.map((r) => ({ status: r.status, orders: num(r.orders), revenueCents: num(r.revenue) }));
}

/**
 * Units and line revenue (unit price × quantity) of every product sold in a range's sales: the
 * whole UTC days from product_sales_daily (kept by triggers), the hours at the edges from the lines.
 */
export async function selectProductSales(db: Db, range: UtcRange) {
  const { fullStart, fullEnd } = splitAtUtcDays(range);
  const edgeLines = (from: string, to: string) => sql`
    SELECT i.product_id AS product_id, 1 AS lines, i.quantity AS units, i.quantity * i.unit_price_cents AS revenue
    FROM orders o JOIN order_items i ON i.order_id = o.id
    WHERE o.created_at >= ${from} AND o.created_at < ${to} AND ${IS_SALE}`;
  const { rows } = await sql<{ product_id: string; units: number; revenue: number }>`
    SELECT s.product_id AS product_id, SUM(s.units) AS units, SUM(s.revenue) AS revenue FROM (
      SELECT d.product_id AS product_id, d.lines AS lines, d.units AS units, d.revenue_cents AS revenue
      FROM product_sales_daily d WHERE d.day >= ${utcDate(fullStart)} AND d.day < ${utcDate(fullEnd)}
      UNION ALL ${edgeLines(range.start, fullStart)}
      UNION ALL ${edgeLines(fullEnd, range.end)}
    ) s
    GROUP BY s.product_id
    HAVING SUM(s.lines) > 0`.execute(db);
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
    // An invoice comes with its approval (or payment), which already says what happened.
    .where('e.action', 'not in', ['email', 'note', 'invoice'])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The newest audit entries that are not about orders (those come from order events) nor sign-ins,
 * nor the per-product entries an import writes (its own 'import.start' line stands for them all),
 * nor an import's pauses and resumptions.
 */
export function selectNewestAuditEntries(db: Db, limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'at', 'actor_name', 'action', 'entity_type', 'entity_id', 'before_json', 'after_json'])
    .where('entity_type', '<>', 'order')
    .where('action', 'not in', ['staff.sign_in', 'staff.sign_out', 'import.pause', 'import.resume', 'import.take_over', 'import.dry_run'])
    .where('import_job_id', 'is', null)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Live products short of stock as the back office defines it (src/lib/admin/stock.ts): out of stock
 * (not sellable) or low (in stock with 1..threshold counted units); out first, then the fewest left.
 */
export async function selectLowStock(db: Db, threshold: number, limit: number) {
  const base = db
    .selectFrom('products')
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([outOfStockSql(), lowStockSql(threshold)]));
  const [count, rows] = await Promise.all([
    base.select([sql<number>`COUNT(*)`.as('n'), sql<number>`coalesce(sum(case when ${outOfStockSql()} then 1 else 0 end), 0)`.as('out')]).executeTakeFirst(),
    base.select(['id', 'name', 'sku', 'stock_quantity', 'in_stock']).orderBy(sql`case when ${outOfStockSql()} then 0 else 1 end`).orderBy('stock_quantity').orderBy('name').limit(limit).execute(),
  ]);
  return { count: num(count?.n), out: num(count?.out), rows };
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

/** The file name, status and counts of these import jobs, by id. */
export async function selectImportSummaries(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, { file_name: string; status: string; created: number; updated: number }>();
  const rows = await db.selectFrom('import_jobs').select(['id', 'file_name', 'status', 'created', 'updated']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { file_name: r.file_name, status: r.status, created: num(r.created), updated: num(r.updated) }]));
}
