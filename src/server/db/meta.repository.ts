import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The value stored under `key`, or undefined. */
export async function selectMeta(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores `value` under `key` once; returns false when the key already existed (the row is unchanged). */
export async function insertMetaOnce(db: Kysely<Database>, key: string, value: string, now: string): Promise<boolean> {
  const result = await db
    .insertInto('meta')
    .values({ key, value, updated_at: now })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The meta row the health check rewrites to prove that writes work. */
const PROBE_KEY = 'health_probe';

/** A real read of a table (unlike SELECT 1, which a SQLite connection answers without its file). */
export async function readProbe(db: Kysely<Database>): Promise<void> {
  await db.selectFrom('meta').select('key').limit(1).execute();
}

/** A small real write: rewrites the probe row with the time. */
export async function writeProbe(db: Kysely<Database>, now: string): Promise<void> {
  await db
    .insertInto('meta')
    .values({ key: PROBE_KEY, value: now, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: now, updated_at: now }))
    .execute();
}
