import { sql, type Kysely } from 'kysely';
import { getDialectKind } from '../dialect';

/**
 * PostgreSQL: the triggers keeping order_stats_hourly and order_status_daily (2026-11-26T0600)
 * run at commit instead of at each statement. Every order of an hour adds to the same two summary
 * rows, and an immediate trigger locked them from the order's INSERT to its commit: at 50 orders a
 * second the next order's INSERT waited 92 ms on average behind the statements in between (its
 * lines, its mail, its stock). Deferred, the rows are locked only while the transaction commits.
 * All three of them (insert, update, delete) are deferred, so they still run in the order of their
 * events and the sums come out the same. SQLite runs one write transaction at a time: nothing to do. Frozen.
 */
const DEFERRED: { name: string; when: string }[] = [
  { name: 'orders_stats_insert', when: 'AFTER INSERT' },
  { name: 'orders_stats_delete', when: 'AFTER DELETE' },
  { name: 'orders_stats_update', when: 'AFTER UPDATE OF created_at, status, payment_status, total_cents' },
];

export async function up(db: Kysely<any>): Promise<void> {
  if (getDialectKind(db) !== 'postgres') return;
  for (const t of DEFERRED) {
    await sql`DROP TRIGGER ${sql.id(t.name)} ON orders`.execute(db);
    await sql`CREATE CONSTRAINT TRIGGER ${sql.id(t.name)} ${sql.raw(t.when)} ON orders DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION ${sql.id(t.name)}()`.execute(db);
  }
}

/** Makes them immediate again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (getDialectKind(db) !== 'postgres') return;
  for (const t of DEFERRED) {
    await sql`DROP TRIGGER ${sql.id(t.name)} ON orders`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(t.name)} ${sql.raw(t.when)} ON orders FOR EACH ROW EXECUTE FUNCTION ${sql.id(t.name)}()`.execute(db);
  }
}
