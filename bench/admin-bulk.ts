/**
 * Server time of the back-office bulk actions (the services the bulk routes call, on a real
 * database): approving N pending orders (each through approveOrder: status guard, history, audit,
 * e-mail queued) and a price change of M products (each through updateProduct: validation, version
 * check, audit); then the same price change as a job (what the route does from BULK_JOB_MIN_RECORDS
 * records): the time to answer 202 and the time until the job completed. Usage:
 *   npx tsx bench/admin-bulk.ts [orders=1000] [products=10000]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the tables are emptied first); the default is a temp SQLite file.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { makeRandom, openBenchDatabase, secondsSince, seedBenchOrders } from './admin-bench-kit';
import { productBulkSchema, orderBulkSchema } from '../src/lib/schemas/admin-bulk';
import { productInputSchema } from '../src/lib/schemas/admin-catalog';
import type { ProductsTable } from '../src/server/db/schema';
import { migrateToLatest } from '../src/server/db/migrate';
import { inputToColumns } from '../src/server/catalog/admin-products.service';
import { bulkChangeProducts } from '../src/server/catalog/product-bulk.service';
import { bulkChangeOrders } from '../src/server/orders/order-bulk.service';
import { BulkJobRunner } from '../src/server/bulk/bulk-job-runner';
import { changeOneProduct, pinProductVersions, selectProductBulkIds } from '../src/server/catalog/product-bulk.service';
import type { ProductBulk } from '../src/lib/schemas/admin-bulk';
import { createLogger } from '../src/server/log';

const orderCount = Number(process.argv[2] ?? 1000);
const productCount = Number(process.argv[3] ?? 10_000);
const handle = openBenchDatabase('admin-bulk');
const { db } = handle;
const { pick } = makeRandom(11);
const actor = { id: null, name: 'Bench' };

/** Empties what the bench writes and seeds pending orders and live products. */
async function seed(): Promise<void> {
  await migrateToLatest(db);
  for (const table of ['order_items', 'order_events', 'outbox', 'audit_log', 'orders'] as const) await db.deleteFrom(table).execute();
  await db.deleteFrom('products').where('id', 'like', 'bench-%').execute();
  const at = new Date().toISOString();
  await seedBenchOrders(db, orderCount, 500, pick, (i) => ({ id: `bench-order-${i}`, orderNumber: `ORD-${String(20_000_000 + i).slice(-8)}`, status: 'pending', paymentStatus: 'pending', at }));
  for (let from = 0; from < productCount; from += 500) {
    const rows: ProductsTable[] = [];
    for (let i = from; i < Math.min(productCount, from + 500); i += 1) {
      const input = productInputSchema.parse({
        name: `Bench Enamel ${i}`,
        sku: `BENCH-${i}`,
        description: 'A hard-wearing alkyd enamel for garage and workshop floors.',
        brand: 'Diamond Collection',
        image: '/images/generated/products/dc-premium-interior-emulsion-5l.jpg',
        category: 'Diamond Collection',
        price: 20 + (i % 50),
        stockQuantity: i % 30,
        usageInstructions: 'Stir well and apply two coats with a roller.',
        coverage: '350 sq ft per gallon',
        finish: 'Gloss',
      });
      rows.push({
        ...inputToColumns(`bench-product-${i}`, input, `bench-enamel-${i}`, '/images/generated/logos/graphene-coatings.svg', null),
        source_file: 'diamond-collection.json',
        position: 100_000 + i,
        version: 1,
        created_at: at,
        updated_at: at,
        withdrawn_at: null,
      });
    }
    await db.insertInto('products').values(rows).execute();
  }
  if (handle.kind === 'sqlite') await sql`ANALYZE`.execute(db);
}

const seededAt = performance.now();
await seed();
console.log(`${orderCount.toLocaleString('en-US')} pending orders and ${productCount.toLocaleString('en-US')} products on ${handle.kind} seeded in ${secondsSince(seededAt)} s`);

let t = performance.now();
let cpu = process.cpuUsage();
const approved = await bulkChangeOrders(db, orderBulkSchema.parse({ filter: { status: 'pending' }, action: 'approve' }), actor, { siteUrl: 'http://localhost:4321' });
let used = process.cpuUsage(cpu);
console.log(`bulk approve: ${approved.changed} changed, ${approved.refused.length} refused in ${secondsSince(t)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`);

t = performance.now();
cpu = process.cpuUsage();
const priced = await bulkChangeProducts(db, productBulkSchema.parse({ filter: { q: 'bench enamel' }, action: 'price', price: { by: 'percent', value: 5 } }), actor);
used = process.cpuUsage(cpu);
console.log(`bulk price change +5 %: ${priced.changed} changed, ${priced.refused.length} refused in ${secondsSince(t)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`);
const runner = new BulkJobRunner({
  db: () => db,
  log: createLogger('warn'),
  changeOne: {
    products: (d, input, id, a) => changeOneProduct(d, input as ProductBulk, id, a),
    orders: () => Promise.reject(new Error('not benched')),
    users: () => Promise.reject(new Error('not benched')),
  },
});
t = performance.now();
cpu = process.cpuUsage();
const jobInput = productBulkSchema.parse({ filter: { q: 'bench enamel' }, action: 'price', price: { by: 'percent', value: -5 } });
const ids = await selectProductBulkIds(db, jobInput);
const outcome = await runner.submit('products', { ...jobInput, filter: undefined, ids }, actor, 1, (stored) => pinProductVersions(db, stored));
const accepted = secondsSince(t);
if (!('job' in outcome)) throw new Error('expected a job');
await runner.settled(outcome.job.id);
used = process.cpuUsage(cpu);
const job = await runner.get(outcome.job.id);
console.log(`bulk price change -5 % as a job: 202 after ${accepted} s, ${job.status} with ${job.changed} changed, ${job.refused.length} refused in ${secondsSince(t)} s (cpu ${((used.user + used.system) / 1e6).toFixed(1)} s)`);
await runner.stop();
await handle.close();
