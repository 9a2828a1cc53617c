import type { Kysely } from 'kysely';

/**
 * Paint families and coverage as numbers (issue 24): the family slug shared by a paint's pack sizes,
 * the pack size and spread rate as JSON text, the recommended coats and whether a primer is advised.
 * Existing rows get no family, no pack size, no spread rate (the content sync fills them), and an
 * index finds a family's members. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('family', 'text').execute();
  await db.schema.alterTable('products').addColumn('pack_size', 'text').execute();
  await db.schema.alterTable('products').addColumn('spread_rate', 'text').execute();
  await db.schema.alterTable('products').addColumn('recommended_coats', 'integer').execute();
  await db.schema.alterTable('products').addColumn('primer_advised', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('products_family_idx').on('products').columns(['family', 'id']).execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('products_family_idx').execute();
  for (const column of ['primer_advised', 'recommended_coats', 'spread_rate', 'pack_size', 'family']) {
    await db.schema.alterTable('products').dropColumn(column).execute();
  }
}
