import type { Kysely } from 'kysely';

/** Contact messages and quote requests (with a snapshot of the product asked about), each with a status. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('contact_messages_status_idx').on('contact_messages').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('quote_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: the request outlives the product, its name and SKU are kept as they were.
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('quantity', 'integer')
    .addColumn('message', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quote_requests_created_idx').on('quote_requests').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('quote_requests_status_idx').on('quote_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('quote_requests_product_idx').on('quote_requests').column('product_id').execute();
}

/** Removes the enquiry tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_requests').execute();
  await db.schema.dropTable('contact_messages').execute();
}
