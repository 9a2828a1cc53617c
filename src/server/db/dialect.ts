import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The SQL dialects the shop runs on. */
export type DialectKind = 'sqlite' | 'postgres';

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
