import { sql, type Transaction } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { getDialectKind } from '../db/dialect';
import type { Database } from '../db/schema';

/**
 * Makes the transaction the only one counting under these scopes until it ends. PostgreSQL: an
 * advisory lock per scope, taken in one order so two transactions never wait on each other.
 * SQLite: nothing to do, the transaction's first write takes the database's only write lock.
 */
export async function lockAttemptScopes(trx: Transaction<Database>, scopes: readonly string[]): Promise<void> {
  if (getDialectKind(trx) !== 'postgres') return;
  for (const scope of [...new Set(scopes)].sort()) {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${scope}, 0))`.execute(trx);
  }
}

/** Counts the attempts under `scope` since `since` and the time of the oldest of them. */
export async function countAttemptsSince(db: Db, scope: string, since: string): Promise<{ count: number; oldest?: string }> {
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('scope', '=', scope)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? undefined };
}

/** Records one attempt under `scope`; returns its id. */
export async function insertAttempt(db: Db, scope: string, at: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insertInto('login_attempts').values({ id, scope, created_at: at }).execute();
  return id;
}

/** Deletes attempts by id (a reservation given back). */
export async function deleteAttemptsById(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('login_attempts').where('id', 'in', ids).execute();
}

/** Deletes the attempts under `scope` (all, or only those before `before`). */
export async function deleteAttempts(db: Db, scope: string, before?: string): Promise<void> {
  let query = db.deleteFrom('login_attempts').where('scope', '=', scope);
  if (before) query = query.where('created_at', '<=', before);
  await query.execute();
}
