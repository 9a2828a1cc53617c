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
