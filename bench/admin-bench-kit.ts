/**
 * What the back-office server-time benches share: a scratch database (a temp SQLite file, or
 * BENCH_DATABASE_URL for PostgreSQL), seeded pseudo-random data, and p50/p95 timing of a query as
 * wall-clock and as CPU time of this process (on a shared machine the wall clock includes waiting
 * for a core; the CPU time is the query's own work, SQLite running in this process).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Insertable, Kysely } from 'kysely';
import { resolveDatabaseTarget } from '../src/server/config';
import { openDatabase, type DatabaseHandle } from '../src/server/db/connection';
import type { Database, OrderItemsTable, OrdersTable } from '../src/server/db/schema';
import { buildOrderSearchText } from '../src/server/orders/orders.service';

/** Opens the bench's database; `close()` closes it and removes the scratch folder. */
export function openBenchDatabase(name: string): DatabaseHandle & { close: () => Promise<void> } {
  const scratch = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const url = process.env.BENCH_DATABASE_URL || `file:${join(scratch, 'shop.db')}`;
  const handle = openDatabase(resolveDatabaseTarget(url));
  return {
    db: handle.db,
    readDb: handle.readDb,
    kind: handle.kind,
    ping: () => handle.ping(),
    prepareStatements: () => handle.prepareStatements(),
    close: async () => {
      await handle.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** A deterministic pseudo-random sequence, so every run measures the same data. */
export function makeRandom(seed: number): { random: () => number; pick: <T>(list: readonly T[]) => T } {
  let s = seed;
  const random = () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return { random, pick: (list) => list[Math.floor(random() * list.length)]! };
}

/** Names for generated customers. */
export const FIRST_NAMES = ['Sarah', 'James', 'Lena', 'Omar', 'Priya', 'Dana', 'Tomás', 'Aiko', 'Grace', 'Kwame', 'Ines', 'Piotr'];
export const LAST_NAMES = ['Mitchell', 'Okafor', 'Novak', 'Reyes', 'Shah', 'Whitfield', 'García', 'Tanaka', 'Hughes', 'Mensah', 'Silva', 'Kowalski'];

/** Seconds since `start` (a performance.now() reading), to one decimal. */
export const secondsSince = (start: number): string => ((performance.now() - start) / 1000).toFixed(1);

/** Runs `fn` `runs` times after five warm-up runs; p50/p95 in ms of wall-clock and CPU time. */
export async function measure(fn: () => Promise<unknown>, runs: number): Promise<{ p50: number; p95: number; cpu50: number; cpu95: number }> {
  for (let i = 0; i < 5; i += 1) await fn();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    const c = process.cpuUsage();
    await fn();
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const at = (list: number[], q: number) => list[Math.floor(runs * q)]!;
  return { p50: at(times, 0.5), p95: at(times, 0.95), cpu50: at(cpu, 0.5), cpu95: at(cpu, 0.95) };
}

/** Measures each case and prints one aligned line per case. */
export async function measureCases(cases: readonly (readonly [string, () => Promise<unknown>])[], runs: number): Promise<void> {
  const width = Math.max(...cases.map(([name]) => name.length)) + 2;
  for (const [name, fn] of cases) {
    const { p50, p95, cpu50, cpu95 } = await measure(fn, runs);
    console.log(
      `${name.padEnd(width)} p50 ${p50.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   cpu p50 ${cpu50.toFixed(2).padStart(6)} ms   cpu p95 ${cpu95.toFixed(2).padStart(6)} ms`,
    );
  }
}

/**
 * A generated order row as checkout stores it (one London address, a $69.99 total, a Visa card),
 * `i` numbering its street and e-mail; the caller gives what differs between benches.
 */
export function benchOrder(
  fields: Pick<Insertable<OrdersTable>, 'id' | 'order_number' | 'customer_id' | 'status' | 'payment_status' | 'notes' | 'search_text'> & { first: string; last: string; i: number; at: string },
): Insertable<OrdersTable> {
  const { first, last, i, at, ...given } = fields;
  return {
    ...given,
    idempotency_key: given.id,
    request_hash: 'bench',
    customer_email: `${first}.${last}.${i}@example.com`.toLowerCase(),
    first_name: first,
    last_name: last,
    phone: '07700900123',
    address: `${i} High Street`,
    city: 'London',
    postal_code: 'NW1 6XE',
    country: 'United Kingdom',
    subtotal_cents: 5_000,
    shipping_cents: 999,
    tax_cents: 1_000,
    total_cents: 6_999,
    card_brand: 'visa',
    card_last4: '4242',
    newsletter: 0,
    estimated_delivery: at.slice(0, 10),
    created_at: at,
    updated_at: at,
    carrier: null,
    tracking_number: null,
  };
}

/** What differs between the benches' generated orders: identity, state and when it was placed. */
export interface BenchOrderPlan {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  at: string;
}

/**
 * Inserts `count` orders of one line each (a random customer name from `pick`, then `plan(i)`),
 * `batch` orders per transaction: the order seeding the admin benches share.
 */
export async function seedBenchOrders(
  db: Kysely<Database>,
  count: number,
  batch: number,
  pick: <T>(list: readonly T[]) => T,
  plan: (i: number) => BenchOrderPlan,
): Promise<void> {
  for (let from = 0; from < count; from += batch) {
    const orders: Insertable<OrdersTable>[] = [];
    const items: Insertable<OrderItemsTable>[] = [];
    for (let i = from; i < Math.min(count, from + batch); i += 1) {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const { id, orderNumber, status, paymentStatus, at } = plan(i);
      orders.push(
        benchOrder({
          id,
          order_number: orderNumber,
          customer_id: null,
          status,
          payment_status: paymentStatus,
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
}
