import type { Kysely } from 'kysely';

/**
 * Colours by code (issue 24): whether a product is tinted to a colour the shopper picks by code.
 * Existing rows are not tintable until the content sync or the back office says so. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('tintable', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').dropColumn('tintable').execute();
}
