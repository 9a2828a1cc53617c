import type { Kysely } from 'kysely';

/**
 * Orders keep the shipping method chosen at the checkout ('standard' for every earlier order) and
 * the parcels the dangerous-goods rules split them into (JSON; null before they were kept). Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('shipping_method', 'text', (c) => c.notNull().defaultTo('standard')).execute();
  await db.schema.alterTable('orders').addColumn('parcels_json', 'text').execute();
}
