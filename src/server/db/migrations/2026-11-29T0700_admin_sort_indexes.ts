import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the back-office lists' sortable columns that no index covered yet (order total and
 * last change; product price and last change among live products; customer name), each ending in
 * the id that breaks ties, so a sorted page is read from an index on both databases. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_total_sort_idx').on('orders').columns(['total_cents', 'id']).execute();
  await db.schema.createIndex('orders_updated_sort_idx').on('orders').columns(['updated_at', 'id']).execute();
  await db.schema.createIndex('products_price_sort_idx').on('products').columns(['withdrawn_at', 'price_cents', 'id']).execute();
  await db.schema.createIndex('products_updated_sort_idx').on('products').columns(['withdrawn_at', 'updated_at', 'id']).execute();
  await db.schema.createIndex('customers_name_lower_idx').on('customers').expression(sql`lower(full_name)`).execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['orders_total_sort_idx', 'orders_updated_sort_idx', 'products_price_sort_idx', 'products_updated_sort_idx', 'customers_name_lower_idx']) {
    await db.schema.dropIndex(name).execute();
  }
}
