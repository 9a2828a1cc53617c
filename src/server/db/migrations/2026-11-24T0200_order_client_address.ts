import type { Kysely } from 'kysely';

/** The client address an order was placed from, so the pending orders of one address can be capped. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('client_address', 'text').execute();
  await db.schema.createIndex('orders_client_address_status_idx').on('orders').columns(['client_address', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_client_address_status_idx').execute();
  await db.schema.alterTable('orders').dropColumn('client_address').execute();
}
