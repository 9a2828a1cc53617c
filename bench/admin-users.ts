/**
 * Server time of the back-office users list (the service the route calls, on a real database) with
 * N generated customers and some orders of theirs: p50/p95 of the list, its search and filter, the
 * stat cards and one customer's detail, as wall-clock and as CPU time of the process. Usage:
 *   npx tsx bench/admin-users.ts [customers=100000] [runs=200]
 * BENCH_DATABASE_URL=postgres://… runs it on PostgreSQL (the tables are emptied first); the default is a temp SQLite file.
 */
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import { benchOrder, FIRST_NAMES, LAST_NAMES, makeRandom, measureCases, openBenchDatabase, secondsSince } from './admin-bench-kit';
import { adminUsersQuerySchema } from '../src/lib/schemas/admin-users';
import { countCustomers } from '../src/server/customers/customer-admin.repository';
import { getAdminUser, listAdminUsers, startOfMonthUtc } from '../src/server/customers/customer-admin.service';
import { migrateToLatest } from '../src/server/db/migrate';
import type { CustomersTable, OrdersTable } from '../src/server/db/schema';

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 200);
const handle = openBenchDatabase('admin-users');
const { db } = handle;

const { random, pick } = makeRandom(11);
const STATUSES = ['delivered', 'delivered', 'shipped', 'approved', 'pending', 'declined', 'cancelled'];
/** A realistic argon2id PHC string's length, so rows are as wide as real ones. */
const HASH = `$argon2id$v=19$m=19456,t=2,p=1$${'a'.repeat(22)}$${'b'.repeat(43)}`;

async function seed(): Promise<void> {
  await migrateToLatest(db);
  await db.deleteFrom('order_items').execute();
  await db.deleteFrom('order_events').execute();
  await db.deleteFrom('orders').execute();
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('password_reset_tokens').execute();
  await db.deleteFrom('customers').execute();
  const start = Date.UTC(2023, 0, 1);
  const span = Date.now() - start;
  const batch = 500;
  for (let from = 0; from < count; from += batch) {
    const customers: Insertable<CustomersTable>[] = [];
    const orders: Insertable<OrdersTable>[] = [];
    for (let i = from; i < Math.min(count, from + batch); i += 1) {
      const first = pick(FIRST_NAMES);
      const last = pick(LAST_NAMES);
      const at = new Date(start + Math.floor((i / count) * span)).toISOString();
      const id = `bench-c-${i}`;
      customers.push({
        id,
        full_name: `${first} ${last}`,
        email: `${first}.${last}.${i}@example.com`.toLowerCase(),
        phone: `+1214555${String(i).padStart(6, '0')}`,
        date_of_birth: '1985-06-15',
        password_hash: HASH,
        is_blocked: random() < 0.02 ? 1 : 0,
        created_at: at,
        last_login_at: random() < 0.3 ? null : at,
      });
      // One customer in three has ordered, some several times.
      const placed = random() < 0.33 ? 1 + Math.floor(random() * 4) : 0;
      for (let n = 0; n < placed; n += 1) {
        const orderId = `bench-o-${i}-${n}`;
        orders.push(
          benchOrder({
            id: orderId,
            order_number: `ORD-${String(10_000_000 + i * 4 + n).slice(-8)}`,
            customer_id: id,
            status: pick(STATUSES),
            payment_status: 'approved',
            notes: '',
            search_text: '',
            first,
            last,
            i,
            at,
          }),
        );
      }
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('customers').values(customers).execute();
      if (orders.length) await trx.insertInto('orders').values(orders).execute();
    });
  }
  if (handle.kind === 'sqlite') await sql`ANALYZE`.execute(db);
  else {
    await sql`ANALYZE customers`.execute(db);
    await sql`ANALYZE orders`.execute(db);
  }
}

const seededAt = performance.now();
await seed();
console.log(`${count.toLocaleString('en-US')} customers on ${handle.kind} seeded in ${secondsSince(seededAt)} s; ${runs} runs per query`);
const list = (params: Record<string, string>) => () => listAdminUsers(db, adminUsersQuerySchema.parse(params));
const cases: [string, () => Promise<unknown>][] = [
  ['list: first page, all', list({})],
  ['list: first page, blocked', list({ status: 'blocked' })],
  ['list: page 2,000 of all', list({ page: '2000' })],
  ['search: name', list({ q: 'grace hughes' })],
  ['search: e-mail fragment', list({ q: 'okafor.99' })],
  ['search: phone', list({ q: '5550421' })],
  ['search: no match', list({ q: 'nobody-at-all' })],
  ['search: name + active', list({ q: 'tanaka', status: 'active' })],
  ['search: broad (one letter)', list({ q: 'e' })],
  ['stats: the four cards', () => countCustomers(db, startOfMonthUtc(new Date()))],
  ['one customer with orders', () => getAdminUser(db, `bench-c-${Math.floor(count / 2)}`)],
];
await measureCases(cases, runs);
await handle.close();
