import type { Kysely } from 'kysely';

/**
 * Indexes of the back office's overview and analytics: orders by time carrying the columns the
 * figures sum (the period's orders are read from the index alone), customers by sign-up time, and
 * order events by time for the recent activity. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_stats_idx').on('orders').columns(['created_at', 'status', 'payment_status', 'total_cents']).execute();
  await db.schema.createIndex('customers_created_idx').on('customers').column('created_at').execute();
  await db.schema.createIndex('order_events_at_idx').on('order_events').column('at').execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_events_at_idx').execute();
  await db.schema.dropIndex('customers_created_idx').execute();
  await db.schema.dropIndex('orders_stats_idx').execute();
}
