import type { Kysely } from 'kysely';

/**
 * Former product slugs: a slug a product no longer uses, kept so its old /shop/<slug> address
 * answers 301 to the current one. A slug is the key: it leads to one product at most. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_former_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/** Removes the former slugs. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_former_slugs').execute();
}
