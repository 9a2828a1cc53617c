import type { Kysely } from 'kysely';

/**
 * A product's public quantity tiers (issue 27): JSON [{ minQuantity, unitCents }] ascending, null
 * when the product has none. Every shopper gets them, guests included. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('price_tiers', 'text').execute();
}

/** Drops the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('price_tiers').execute();
}
