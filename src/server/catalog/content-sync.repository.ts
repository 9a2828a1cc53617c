import { sql } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { getDialectKind, lockAdvisoryKeys } from '../db/dialect';
import type { CategoriesTable, ContentBaseTable, ContentConflictsTable, ProductsTable } from '../db/schema';

/** The kinds of catalogue item content/ holds. */
export type ContentEntity = 'product' | 'category';

/** The meta row a sync writes first on SQLite, so its transaction holds the write lock before it reads. */
const SYNC_CLAIM_KEY = 'content_sync_claim';

/**
 * Makes the calling transaction the only content sync (or export) running: PostgreSQL's advisory
 * lock; on SQLite a first write (the claim row), which takes the database's only write lock before
 * anything is read, so a second process waits and then reads what the first wrote.
 */
export async function claimContentSync(trx: Db, at: string): Promise<void> {
  if (getDialectKind(trx) === 'postgres') {
    await lockAdvisoryKeys(trx, ['content-sync']);
    return;
  }
  await trx
    .insertInto('meta')
    .values({ key: SYNC_CLAIM_KEY, value: at, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: at, updated_at: at }))
    .execute();
}

/** Every product row, withdrawn ones included. */
export function selectEveryProduct(db: Db): Promise<ProductsTable[]> {
  return db.selectFrom('products').selectAll().execute();
}

/** Every category row. */
export function selectEveryCategory(db: Db): Promise<CategoriesTable[]> {
  return db.selectFrom('categories').selectAll().execute();
}

/** The recorded bases of one kind, by id. */
export async function selectContentBases(db: Db, entity: ContentEntity): Promise<Map<string, ContentBaseTable>> {
  const rows = await db.selectFrom('content_base').selectAll().where('entity_type', '=', entity).execute();
  return new Map(rows.map((r) => [r.entity_id, r]));
}

/** Writes (inserts or replaces) the bases of items, a few hundred rows per statement. */
export async function upsertContentBases(db: Db, rows: readonly ContentBaseTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('content_base')
      .values(rows.slice(i, i + 200))
      .onConflict((oc) =>
        oc.columns(['entity_type', 'entity_id']).doUpdateSet((eb) => ({
          base_json: eb.ref('excluded.base_json'),
          source_file: eb.ref('excluded.source_file'),
          position: eb.ref('excluded.position'),
          synced_at: eb.ref('excluded.synced_at'),
        })),
      )
      .execute();
  }
}

/** Forgets the base of one item (it becomes staff's alone). */
export async function deleteContentBase(db: Db, entity: ContentEntity, id: string): Promise<void> {
  await db.deleteFrom('content_base').where('entity_type', '=', entity).where('entity_id', '=', id).execute();
}

/**
 * Ids of the items of a kind that staff (or their imports) ever changed, from the audit log; the
 * content sync's own entries (actions 'content.…', no actor) do not count.
 */
export async function selectStaffChangedIds(db: Db, entity: ContentEntity): Promise<Set<string>> {
  const rows = await db
    .selectFrom('audit_log')
    .select('entity_id')
    .distinct()
    .where('entity_type', '=', entity)
    .where('actor_id', 'is not', null)
    .where('entity_id', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.entity_id!));
}

/** Every open conflict, oldest first. */
export function selectContentConflicts(db: Db): Promise<ContentConflictsTable[]> {
  return db.selectFrom('content_conflicts').selectAll().orderBy('created_at').orderBy('entity_type').orderBy('entity_id').orderBy('field').execute();
}

/** One open conflict by id. */
export function selectContentConflict(db: Db, id: string): Promise<ContentConflictsTable | undefined> {
  return db.selectFrom('content_conflicts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records a conflict, or refreshes the values of the open one on the same field. */
export async function upsertContentConflict(db: Db, row: ContentConflictsTable): Promise<void> {
  await db
    .insertInto('content_conflicts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['entity_type', 'entity_id', 'field']).doUpdateSet({
        base_json: row.base_json,
        content_json: row.content_json,
        live_json: row.live_json,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Removes a conflict (decided, or moot); false when it was not there. */
export async function deleteContentConflict(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('content_conflicts').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** How many conflicts wait for a decision. */
export async function countContentConflicts(db: Db): Promise<number> {
  const row = await db.selectFrom('content_conflicts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Writes a product row's columns (its version moves: the live catalogue's caches follow it). */
export async function updateProductColumns(db: Db, id: string, changes: Partial<Omit<ProductsTable, 'id' | 'version'>>): Promise<void> {
  await db
    .updateTable('products')
    .set({ ...changes, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}
