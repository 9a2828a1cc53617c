import { sql, type Kysely } from 'kysely';

/** Orders and their lines: one row per order, one per line with a snapshot of the product. Frozen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_number', 'text', (c) => c.notNull().unique())
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull().check(sql`subtotal_cents >= 0`))
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('tax_cents', 'integer', (c) => c.notNull().check(sql`tax_cents >= 0`))
    .addColumn('total_cents', 'integer', (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('card_brand', 'text', (c) => c.notNull())
    .addColumn('card_last4', 'text', (c) => c.notNull())
    .addColumn('newsletter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('estimated_delivery', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_customer_created_idx').on('orders').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('orders_status_created_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_email_lower_idx').on('orders').expression(sql`lower(customer_email)`).execute();

  await db.schema
    .createTable('order_items')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text', (c) => c.notNull())
    .addColumn('product_image', 'text', (c) => c.notNull())
    .addColumn('product_category', 'text', (c) => c.notNull())
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addPrimaryKeyConstraint('order_items_pk', ['order_id', 'position'])
    .execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();
}

/** Removes the order tables. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_items').execute();
  await db.schema.dropTable('orders').execute();
}
