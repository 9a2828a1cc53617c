/**
 * Server time of the back office's overview and analytics (the services the routes call, on a real
 * database) with N generated orders and N customers spread over the last year: p50/p95 per period.
 * Usage:
 *   npx tsx bench/admin-stats.ts [orders=100000] [customers=100000] [runs=100]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (its tables are emptied first); the default is a temp SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import { getAnalytics, getOverview } from '../src/server/analytics/stats.service';
import { resolveDatabaseTarget } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrateToLatest } from '../src/server/db/migrate';
import type { CustomersTable, OrderEventsTable, OrderItemsTable, OrdersTable, ProductsTable } from '../src/server/db/schema';

const orderCount = Number(process.argv[2] ?? 100_000);
const customerCount = Number(process.argv[3] ?? 100_000);
const runs = Number(process.argv[4] ?? 100);
const scratch = mkdtempSync(join(tmpdir(), 'bench-admin-stats-'));
const url = process.env.BENCH_DATABASE_URL || `file:${join(scratch, 'shop.db')}`;
const handle = openDatabase(resolveDatabaseTarget(url));
const { db } = handle;
const settings = { timeZone: 'America/Chicago', lowStockThreshold: 5 };

/** A deterministic pseudo-random sequence, so every run measures the same data. */
function makeRandom(seed: number): () => number {
  let s = seed;
  return () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
}
const random = makeRandom(11);
const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const STATUSES = ['delivered', 'delivered', 'delivered', 'shipped', 'processing', 'approved', 'pending', 'declined', 'cancelled'];
const PRODUCTS = 120;
const YEAR_MS = 365 * 86_400_000;

async function seed(): Promise<void> {
  await migrateToLatest(db);
  for (const table of ['order_items', 'order_events', 'orders', 'sessions', 'password_reset_tokens', 'customers'] as const) await db.deleteFrom(table).execute();
  const now = Date.now();
  const products: Insertable<ProductsTable>[] = [];
  for (let p = 0; p < PRODUCTS; p += 1) {
    const at = new Date(now - YEAR_MS - p * 86_400_000).toISOString();
    products.push({
      id: `bench-p-${p}`, slug: `bench-p-${p}`, sku: `BP-${p}`, family: null, pack_size: null, spread_rate: null, recommended_coats: null, primer_advised: 0, tintable: 0, name: `Bench Product ${p}`, price_cents: 1_000 + p * 25, original_price_cents: null,
      description: '', category: 'Diamond Collection', brand: 'Diamond Collection', brand_logo: '', image: '', gallery: '[]', in_stock: 1,
      stock_quantity: p % 10 === 0 ? p % 7 : 100, is_eco_friendly: 0, is_new: 0, is_popular: 0, request_quote_only: 0, rating: 4, reviews: 1,
      features: '[]', technical_specs: '[]', certifications: '[]', usage_instructions: '', coverage: '', finish: 'Satin', visual: null,
      source_file: 'bench.json', position: p, version: 1, created_at: at, updated_at: at,
    });
  }
  await db.deleteFrom('products').where('id', 'like', 'bench-p-%').execute();
  await db.insertInto('products').values(products).execute();
  const batch = 500;
  for (let from = 0; from < customerCount; from += batch) {
    const rows: Insertable<CustomersTable>[] = [];
    for (let i = from; i < Math.min(customerCount, from + batch); i += 1) {
      const at = new Date(now - YEAR_MS + Math.floor((i / customerCount) * YEAR_MS)).toISOString();
      rows.push({ id: `bench-c-${i}`, full_name: `Customer ${i}`, email: `c${i}@example.com`, phone: '+12145550123', date_of_birth: '1990-01-01', password_hash: 'x', is_blocked: 0, created_at: at, last_login_at: null });
    }
    await db.insertInto('customers').values(rows).execute();
  }
  for (let from = 0; from < orderCount; from += batch) {
    const orders: Insertable<OrdersTable>[] = [];
    const items: Insertable<OrderItemsTable>[] = [];
    const events: Insertable<OrderEventsTable>[] = [];
    for (let i = from; i < Math.min(orderCount, from + batch); i += 1) {
      const at = new Date(now - YEAR_MS + Math.floor((i / orderCount) * YEAR_MS)).toISOString();
      const id = `bench-${i}`;
      const status = pick(STATUSES);
      const lines = 1 + Math.floor(random() * 3);
      let subtotal = 0;
      for (let line = 0; line < lines; line += 1) {
        const p = Math.floor(random() * PRODUCTS);
        const quantity = 1 + Math.floor(random() * 4);
        subtotal += (1_000 + p * 25) * quantity;
        items.push({ order_id: id, position: line, product_id: `bench-p-${p}`, product_name: `Bench Product ${p}`, product_sku: `BP-${p}`, product_image: '', product_category: 'Diamond Collection', unit_price_cents: 1_000 + p * 25, quantity });
      }
      const shipping = subtotal > 10_000 ? 0 : 999;
      const tax = Math.round(subtotal * 0.2);
      orders.push({
        id, order_number: `ORD-${String(10_000_000 + i).slice(-8)}`, idempotency_key: id, request_hash: 'bench', customer_id: null,
        customer_email: `buyer${i}@example.com`, first_name: 'Sarah', last_name: 'Mitchell', phone: '07700900123', address: `${i} High Street`,
        city: 'Dallas', postal_code: '75207', country: 'United Kingdom', subtotal_cents: subtotal, shipping_cents: shipping, tax_cents: tax,
        total_cents: subtotal + shipping + tax, status,
        payment_status: status === 'pending' ? 'pending' : status === 'declined' ? 'declined' : status === 'cancelled' ? 'refunded' : 'approved',
        card_brand: 'visa', card_last4: '4242', newsletter: 0, notes: '', estimated_delivery: at.slice(0, 10), created_at: at, updated_at: at,
        carrier: null, tracking_number: null, search_text: `ord-${i}`, client_address: null,
      });
      if (status !== 'pending') {
        events.push({ id: `bench-e-${i}`, order_id: id, at, actor_kind: 'staff', actor_id: null, actor_name: 'Omar Reyes', action: status === 'declined' ? 'declined' : status === 'cancelled' ? 'cancelled' : 'approved', from_status: 'pending', to_status: status, note: null, outbox_id: null });
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('orders').values(orders).execute();
      await trx.insertInto('order_items').values(items).execute();
      if (events.length) await trx.insertInto('order_events').values(events).execute();
    });
  }
  if (handle.kind === 'sqlite') await sql`ANALYZE`.execute(db);
  else await sql`ANALYZE`.execute(db);
}

/** Runs `fn` `runs` times after a warm-up and returns p50/p95 in ms. */
async function measure(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(runs * 0.5)]!, p95: times[Math.min(runs - 1, Math.floor(runs * 0.95))]! };
}

const seededAt = performance.now();
await seed();
console.log(`${orderCount.toLocaleString('en-US')} orders and ${customerCount.toLocaleString('en-US')} customers over the last year on ${handle.kind}, seeded in ${((performance.now() - seededAt) / 1000).toFixed(1)} s; ${runs} runs per case; load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
const cases: [string, () => Promise<unknown>][] = [
  ['overview, last 30 days', () => getOverview(db, {}, settings)],
  ['overview, last 90 days', () => getOverview(db, { from: new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10) }, settings)],
  ['analytics, last 7 days', () => getAnalytics(db, { from: new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10) }, settings)],
  ['analytics, last 30 days', () => getAnalytics(db, {}, settings)],
  ['analytics, last 90 days', () => getAnalytics(db, { from: new Date(Date.now() - 89 * 86_400_000).toISOString().slice(0, 10) }, settings)],
  ['analytics, last 366 days', () => getAnalytics(db, { from: new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10) }, settings)],
];
for (const [name, fn] of cases) {
  const { p50, p95 } = await measure(fn);
  console.log(`${name.padEnd(26)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms`);
}
console.log(`load average ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
await handle.close();
rmSync(scratch, { recursive: true, force: true });
