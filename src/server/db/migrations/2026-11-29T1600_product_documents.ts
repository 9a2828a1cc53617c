import type { Kysely } from 'kysely';

/**
 * Products' safety and technical data sheets (issue 25 item 3): one row per uploaded PDF, kept
 * after it is replaced or removed (an order e-mail links the sheet current when it was sent), and
 * the current sheets copied onto the product as JSON (`products.documents`) so every reader of a
 * product carries them without a join and a change moves the product's version. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('revised_at', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text')
    // No foreign key: the record outlives the staff account it names.
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // When a newer sheet of the kind replaced it or staff removed it; null while current.
    .addColumn('retired_at', 'text')
    .execute();
  await db.schema.createIndex('product_documents_product_idx').on('product_documents').columns(['product_id', 'kind']).execute();
  await db.schema.alterTable('products').addColumn('documents', 'text').execute();
}

/** Drops the column and the table. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('documents').execute();
  await db.schema.dropTable('product_documents').execute();
}
