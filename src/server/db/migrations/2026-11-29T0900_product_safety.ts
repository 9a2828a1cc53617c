import type { Kysely } from 'kysely';

/**
 * A product's safety data (issue 25): GHS hazard communication, VOC content and dangerous-goods
 * data, each a JSON text column, null when it does not apply. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('products').addColumn('hazard', 'text').execute();
  await db.schema.alterTable('products').addColumn('voc', 'text').execute();
  await db.schema.alterTable('products').addColumn('dangerous_goods', 'text').execute();
}

/** Drops the three columns. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['dangerous_goods', 'voc', 'hazard']) await db.schema.alterTable('products').dropColumn(column).execute();
}
