import { sql, type Kysely } from 'kysely';

/**
 * Staff-managed products: withdrawn_at marks a product staff deleted (the row stays for the orders
 * that reference it; the live catalogue leaves it out). Indexes serve the back-office list at
 * 10,000 products: live products by name, per category by name, and the case-insensitive SKU
 * check. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('withdrawn_at', 'text').execute();
  await db.schema.createIndex('products_admin_list_idx').on('products').columns(['withdrawn_at', 'name', 'id']).execute();
  await db.schema.createIndex('products_admin_category_idx').on('products').columns(['category', 'withdrawn_at', 'name', 'id']).execute();
  await db.schema.createIndex('products_sku_lower_idx').on('products').expression(sql`lower(sku)`).execute();
}

/** Removes the indexes and the withdrawn mark. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_sku_lower_idx').execute();
  await db.schema.dropIndex('products_admin_category_idx').execute();
  await db.schema.dropIndex('products_admin_list_idx').execute();
  await db.schema.alterTable('products').dropColumn('withdrawn_at').execute();
}
