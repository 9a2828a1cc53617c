import { sql, type Kysely } from 'kysely';

/**
 * Quotes staff price for a quote request (issue #27 item 1): one quote per request, its lines at
 * the prices offered (and the list price of the day, for staff), shipping, a message, a validity
 * date, the secret of the customer's link, its status and the order it became. Quote requests
 * keep the account of a signed-in requester, so that customer sees the quote under /account. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quote_requests').addColumn('customer_id', 'text').execute();

  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quote_request_id', 'text', (c) => c.unique().references('quote_requests.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull().check(sql`shipping_cents >= 0`))
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('order_id', 'text')
    .addColumn('order_number', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_customer_idx').on('quotes').columns(['customer_id', 'created_at']).execute();

  await db.schema
    .createTable('quote_lines')
    .addColumn('quote_id', 'text', (c) => c.notNull().references('quotes.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('product_sku', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn('unit_cents', 'integer', (c) => c.notNull().check(sql`unit_cents >= 0`))
    .addColumn('list_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('quote_lines_pk', ['quote_id', 'position'])
    .execute();
}

/** Removes the quotes and the requester's account column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('quote_lines').execute();
  await db.schema.dropTable('quotes').execute();
  await db.schema.alterTable('quote_requests').dropColumn('customer_id').execute();
}
