import type { Kysely } from 'kysely';

/**
 * Content sync. `content_base` keeps, per product and category, the content as it was when last
 * synced (or exported): the base of the three-way merge of content/ into the database at every
 * start. `content_conflicts` holds the fields editors and staff both changed differently, until
 * staff decide. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_base')
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('base_json', 'text')
    .addColumn('source_file', 'text')
    .addColumn('position', 'integer')
    .addColumn('synced_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('content_base_pk', ['entity_type', 'entity_id'])
    .execute();
  await db.schema
    .createTable('content_conflicts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('base_json', 'text')
    .addColumn('content_json', 'text')
    .addColumn('live_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_conflicts_field_idx').on('content_conflicts').columns(['entity_type', 'entity_id', 'field']).unique().execute();
}

/** Removes both tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_conflicts').execute();
  await db.schema.dropTable('content_base').execute();
}
