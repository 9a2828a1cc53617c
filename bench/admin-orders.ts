/**
 * Server time of the back-office orders list (the service the route calls, on a real database)
 * with N generated orders: p50/p95 per kind of query. Usage:
 *   npx tsx bench/admin-orders.ts [orders=100000] [runs=200]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the tables are emptied first); the default is a temp SQLite file.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { makeRandom, measureCases, openBenchDatabase, secondsSince, seedBenchOrders } from './admin-bench-kit';
import { adminOrdersQuerySchema } from '../src/lib/schemas/admin';
import { migrateToLatest } from '../src/server/db/migrate';
import { countPendingOrders, getAdminOrder, listAdminOrders } from '../src/server/orders/order-workflow.service';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 200);
const handle = openBenchDatabase('admin-orders');
const { db } = handle;

const { pick } = makeRandom(7);
// Most orders are done with; a realistic share waits.
const STATUSES = ['delivered', 'delivered', 'delivered', 'shipped', 'processing', 'approved', 'pending', 'declined', 'cancelled'];

async function seed(): Promise<void> {
  await migrateToLatest(db);
  await db.deleteFrom('order_items').execute();
  await db.deleteFrom('order_events').execute();
  await db.deleteFrom('orders').execute();
  const start = Date.UTC(2024, 0, 1);
  const span = Date.UTC(2026, 10, 1) - start;
  await seedBenchOrders(db, count, 1000, pick, (i) => {
    const status = pick(STATUSES);
    return {
      id: `bench-${i}`,
      orderNumber: `ORD-${String(10_000_000 + i).slice(-8)}`,
      status,
      paymentStatus: status === 'pending' ? 'pending' : status === 'declined' ? 'declined' : 'approved',
      at: new Date(start + Math.floor((i / count) * span)).toISOString(),
    };
  });
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
