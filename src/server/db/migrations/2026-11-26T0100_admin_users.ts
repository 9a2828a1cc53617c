import { sql, type Kysely } from 'kysely';
import { getDialectKind } from '../dialect';

/**
 * The back office's users list (issue #13): a search text the database keeps itself (lower-cased
 * name, e-mail and phone, so no writer can forget it) and two narrow list indexes, newest first,
 * that hold everything the list filters on: a page's ids, its count and the stat cards are read
 * from an index, never from the wide rows. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (getDialectKind(db) === 'postgres') {
    // A stored generated column is a real column: the list indexes cover it.
    await sql`ALTER TABLE customers ADD COLUMN search_text text GENERATED ALWAYS AS (lower(full_name || ' ' || email || ' ' || phone)) STORED`.execute(db);
  } else {
    // SQLite adds only virtual generated columns to a table, and an index cannot cover those (every
    // search would read the rows): a plain column kept by triggers instead.
    await sql`ALTER TABLE customers ADD COLUMN search_text text NOT NULL DEFAULT ''`.execute(db);
    await sql`UPDATE customers SET search_text = lower(full_name || ' ' || email || ' ' || phone)`.execute(db);
    await sql`CREATE TRIGGER customers_search_text_insert AFTER INSERT ON customers
      BEGIN UPDATE customers SET search_text = lower(NEW.full_name || ' ' || NEW.email || ' ' || NEW.phone) WHERE id = NEW.id; END`.execute(db);
    await sql`CREATE TRIGGER customers_search_text_update AFTER UPDATE OF full_name, email, phone ON customers
      BEGIN UPDATE customers SET search_text = lower(NEW.full_name || ' ' || NEW.email || ' ' || NEW.phone) WHERE id = NEW.id; END`.execute(db);
  }
  await db.schema.createIndex('customers_list_idx').on('customers').columns(['created_at', 'id', 'is_blocked', 'search_text']).execute();
  await db.schema.createIndex('customers_blocked_list_idx').on('customers').columns(['is_blocked', 'created_at', 'id', 'search_text']).execute();
}

/** Removes the list indexes and the search text. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('customers_blocked_list_idx').execute();
  await db.schema.dropIndex('customers_list_idx').execute();
  if (getDialectKind(db) === 'sqlite') {
    await sql`DROP TRIGGER IF EXISTS customers_search_text_update`.execute(db);
    await sql`DROP TRIGGER IF EXISTS customers_search_text_insert`.execute(db);
  }
  await db.schema.alterTable('customers').dropColumn('search_text').execute();
}
