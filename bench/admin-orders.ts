/**
 * Server time of the back-office orders list (the service the route calls, on a real database)
 * with N generated orders: p50/p95 per kind of query. Usage:
 *   npx tsx bench/admin-orders.ts [orders=100000] [runs=200]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the tables are emptied first); the default is a temp SQLite file.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import { benchOrder, FIRST_NAMES, LAST_NAMES, makeRandom, measureCases, openBenchDatabase, secondsSince } from './admin-bench-kit';
import { adminOrdersQuerySchema } from '../src/lib/schemas/admin';
import type { OrderItemsTable, OrdersTable } from '../src/server/db/schema';
import { migrateToLatest } from '../src/server/db/migrate';
import { countPendingOrders, getAdminOrder, listAdminOrders } from '../src/server/orders/order-workflow.service';
import { buildOrderSearchText } from '../src/server/orders/orders.service';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 200);
const handle = openBenchDatabase('admin-orders');
const { db } = handle;

const { random, pick } = makeRandom(7);
// Most orders are done with; a realistic share waits.
const STATUSES = ['delivered', 'delivered', 'delivered', 'shipped', 'processing', 'approved', 'pending', 'declined', 'cancelled'];

async function seed(): Promise<void> {
  await migrateToLatest(db);
  await db.deleteFrom('order_items').execute();
  await db.deleteFrom('order_events').execute();
  await db.deleteFrom('orders').execute();
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  const batch = 1000;
  for (let from = 0; from < count; from += batch) {
    const orders: Insertable<OrdersTable>[] = [];
    const items: Insertable<OrderItemsTable>[] = [];
    for (let i = from; i < Math.min(count, from + batch); i += 1) {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const at = new Date(start + Math.floor((i / count) * span)).toISOString();
      const id = `bench-${i}`;
      const status = pick(STATUSES);
      const orderNumber = `ORD-${String(10_000_000 + i).slice(-8)}`;
      orders.push(
        benchOrder({
          id,
          order_number: orderNumber,
          customer_id: null,
          status,
          payment_status: status === 'pending' ? 'pending' : status === 'declined' ? 'declined' : 'approved',
          notes: 'Payment method: Visa •••• 4242',
          search_text: buildOrderSearchText(orderNumber, `${first}.${last}.${i}@example.com`, first, last),
          first,
          last,
          i,
          at,
        }),
      );
      items.push({ order_id: id, position: 0, product_id: 'p-1', product_name: 'Diamond Satin Interior', product_sku: 'DC-1', product_image: '', product_category: 'Diamond Collection', unit_price_cents: 2_500, quantity: 2 });
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(orders).execute();
      await trx.insertInto('order_items').values(items).execute();
    });
  }
  if (handle.kind === 'sqlite') await sql`ANALYZE`.execute(db);
  else await sql`ANALYZE orders`.execute(db);
}

const seededAt = performance.now();
await seed();
console.log(`${count.toLocaleString('en-US')} orders on ${handle.kind} seeded in ${secondsSince(seededAt)} s; ${runs} runs per query`);
const query = (params: Record<string, string>) => () => listAdminOrders(db, adminOrdersQuerySchema.parse(params));
const cases: [string, () => Promise<unknown>][] = [
  ['first page, all', query({})],
  ['first page, pending', query({ status: 'pending' })],
  ['page 2,000 of all', query({ page: '2000' })],
  ['search order number', query({ q: 'ORD-10054321' })],
  ['search e-mail fragment', query({ q: 'okafor.99' })],
  ['search name', query({ q: 'grace hughes' })],
  ['search name + delivered', query({ q: 'tanaka', status: 'delivered' })],
  ['pending count (bell)', () => countPendingOrders(db)],
  ['one order with history', () => getAdminOrder(db, `bench-${Math.floor(count / 2)}`)],
];
await measureCases(cases, runs);
await handle.close();
