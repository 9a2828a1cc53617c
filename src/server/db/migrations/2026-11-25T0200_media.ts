import type { Kysely } from 'kysely';

/**
 * Stored product images: one row per upload with its variants, who uploaded it and when, so
 * images no product uses any more can be found and removed. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('variants_json', 'text', (c) => c.notNull())
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_width', 'integer', (c) => c.notNull())
    .addColumn('source_height', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'text')
    .addColumn('source_url', 'text')
    // No foreign key: the record outlives the staff account it names.
    .addColumn('uploaded_by', 'text')
    .addColumn('uploaded_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_created_at_idx').on('media').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media').execute();
}
