import { sql, type Kysely } from 'kysely';
import { getDialectKind } from '../dialect';

/**
 * The back office's users list (issue #13): a search text the database keeps itself (lower-cased
 * name, e-mail and phone, a generated column, so no writer can forget it) and two narrow list
 * indexes, newest first, that hold everything the list filters on: a page's ids, its count and the
 * stat cards are read from an index, never from the wide rows. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const expression = sql`lower(full_name || ' ' || email || ' ' || phone)`;
  // SQLite adds only virtual generated columns to an existing table; PostgreSQL only stored ones.
  const kind = getDialectKind(db) === 'postgres' ? sql`STORED` : sql`VIRTUAL`;
  await sql`ALTER TABLE customers ADD COLUMN search_text text GENERATED ALWAYS AS (${expression}) ${kind}`.execute(db);
  await db.schema.createIndex('customers_list_idx').on('customers').columns(['created_at', 'id', 'is_blocked', 'search_text']).execute();
  await db.schema.createIndex('customers_blocked_list_idx').on('customers').columns(['is_blocked', 'created_at', 'id', 'search_text']).execute();
}

/** Removes the list indexes and the search text. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customers_blocked_list_idx').execute();
  await db.schema.dropIndex('customers_list_idx').execute();
  await db.schema.alterTable('customers').dropColumn('search_text').execute();
}
