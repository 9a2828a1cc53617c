import type { Kysely } from 'kysely';

/**
 * Indexes of the back office's overview and analytics: orders by time (and by status, then time)
 * carrying the columns the figures sum and the id the lines join on (the period's orders are read from the index alone),
 * order lines by order carrying what the best sellers sum, customers by sign-up time, and order
 * events by time for the recent activity. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_stats_idx').on('orders').columns(['created_at', 'status', 'payment_status', 'total_cents', 'id']).execute();
  await db.schema.createIndex('orders_status_stats_idx').on('orders').columns(['status', 'created_at', 'payment_status', 'total_cents', 'id']).execute();
  await db.schema.createIndex('order_items_sales_idx').on('order_items').columns(['order_id', 'product_id', 'quantity', 'unit_price_cents']).execute();
  await db.schema.createIndex('customers_created_idx').on('customers').column('created_at').execute();
  await db.schema.createIndex('order_events_at_idx').on('order_events').column('at').execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('order_events_at_idx').execute();
  await db.schema.dropIndex('customers_created_idx').execute();
  await db.schema.dropIndex('order_items_sales_idx').execute();
  await db.schema.dropIndex('orders_status_stats_idx').execute();
  await db.schema.dropIndex('orders_stats_idx').execute();
}
