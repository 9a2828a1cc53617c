import { sql, type Kysely } from 'kysely';

/**
 * Project lists (issue #27 item 5): a signed-in customer's named lists of products with
 * quantities ('Kitchen repaint'), each line once per list, in the customer's order. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('project_lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('customer_id', 'text', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('project_lists_customer_idx').on('project_lists').columns(['customer_id', 'created_at']).execute();
  await db.schema
    .createTable('project_list_items')
    .addColumn('list_id', 'text', (c) => c.notNull().references('project_lists.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('project_list_items_pk', ['list_id', 'position'])
    .execute();
}

/** Removes the project lists. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('project_list_items').execute();
  await db.schema.dropTable('project_lists').execute();
}
