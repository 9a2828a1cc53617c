import type { Db } from '../customers/customers.repository';

/** Records one attempt under `scope`; returns its id. */
export async function insertAttempt(db: Db, scope: string, at: string): Promise<string> {
  const [id] = await insertAttempts(db, [scope], at);
  return id!;
}

/** Records one attempt under each scope, in one statement; returns their ids in the scopes' order. */
export async function insertAttempts(db: Db, scopes: readonly string[], at: string): Promise<string[]> {
  const rows = scopes.map((scope) => ({ id: crypto.randomUUID(), scope, created_at: at }));
  if (rows.length > 0) await db.insertInto('login_attempts').values(rows).execute();
  return rows.map((row) => row.id);
}

/**
 * The attempts under each scope since its own time, and the oldest of them, in one statement
 * (scopes with none are absent).
 */
export async function countAttemptsSinceEach(
  db: Db,
  windows: readonly { scope: string; since: string }[],
): Promise<Map<string, { count: number; oldest?: string }>> {
  if (windows.length === 0) return new Map();
  const rows = await db
    .selectFrom('login_attempts')
    .select((eb) => ['scope', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where((eb) => eb.or(windows.map(({ scope, since }) => eb.and([eb('scope', '=', scope), eb('created_at', '>', since)]))))
    .groupBy('scope')
    .execute();
  return new Map(rows.map((row) => [row.scope, { count: Number(row.count), oldest: row.oldest ?? undefined }]));
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
