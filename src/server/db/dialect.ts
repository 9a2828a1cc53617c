import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The SQL dialects the shop runs on. */
export type DialectKind = 'sqlite' | 'postgres';

/**
 * Takes a transaction-scoped advisory lock on each key (PostgreSQL), in sorted order so two
 * transactions never wait on each other, in one statement: the function scan yields the keys in
 * the array's order and each row takes its lock before the next. SQLite needs none: a
 * transaction's first write takes the database's only write lock.
 */
export async function lockAdvisoryKeys(trx: Kysely<any>, keys: readonly string[]): Promise<void> {
  if (keys.length === 0 || getDialectKind(trx) !== 'postgres') return;
  const sorted = [...new Set(keys)].sort();
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest(${sorted}::text[]) AS t(k)`.execute(trx);
}

/** Which dialect a Kysely instance speaks (migrations use it for the few statements that differ). */
export function getDialectKind(db: Kysely<any>): DialectKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Installs triggers that increment catalog_revision.revision (row id 1) after every insert, update
 * or delete on `table`, so any writer (staff edits, orders taking stock, imports) invalidates the
 * cached catalogue without having to remember to.
 */
export async function createRevisionTriggers(db: Kysely<any>, table: string): Promise<void> {
  if (getDialectKind(db) === 'postgres') {
    await sql`CREATE OR REPLACE FUNCTION bump_catalog_revision() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; RETURN NULL; END $$`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_bump_catalog_revision`)}
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision()`.execute(db);
    return;
  }
  for (const event of ['INSERT', 'UPDATE', 'DELETE'] as const) {
    await sql`CREATE TRIGGER ${sql.id(`${table}_bump_catalog_revision_${event.toLowerCase()}`)}
      AFTER ${sql.raw(event)} ON ${sql.table(table)}
      BEGIN UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1; END`.execute(db);
  }
}

/** Drops the triggers createRevisionTriggers installed on `table`. */
export async function dropRevisionTriggers(db: Kysely<any>, table: string): Promise<void> {
  if (getDialectKind(db) === 'postgres') {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_bump_catalog_revision`)} ON ${sql.table(table)}`.execute(db);
    return;
  }
  for (const event of ['insert', 'update', 'delete']) {
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_bump_catalog_revision_${event}`)}`.execute(db);
  }
}
