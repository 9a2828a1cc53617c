import { sql, type Kysely } from 'kysely';

/**
 * The payment boundary's records. On each order: how it is paid (method and provider, the
 * provider's reference), the money authorised, captured and refunded in cents, and its VAT invoice
 * number once issued. Beside it: every payment event (authorised, captured, received, released,
 * refunded, failed; a provider's event id is unique so a webhook delivered twice is applied once),
 * the refunds with their credit-note numbers, and one counter row per document sequence, moved in
 * the transaction that issues a number so numbers are gapless and never reused. Orders placed before
 * this migration keep their payment status; their amounts start at 0 (no money was ever taken) and
 * their provider is 'legacy', so they are never listed as overdue transfers. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const columns: [string, 'text' | 'integer', string | number | null][] = [
    ['payment_method', 'text', 'bank_transfer'],
    // 'legacy' for the orders already there (and rows written without it): the earlier checkout took no money.
    ['payment_provider', 'text', 'legacy'],
    ['payment_reference', 'text', null],
    ['authorised_cents', 'integer', 0],
    ['captured_cents', 'integer', 0],
    ['refunded_cents', 'integer', 0],
    ['payment_problem', 'text', null],
    ['invoice_number', 'integer', null],
    ['invoice_issued_at', 'text', null],
  ];
  for (const [name, type, fallback] of columns) {
    await db.schema
      .alterTable('orders')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  await db.schema.createIndex('orders_invoice_number_idx').on('orders').column('invoice_number').unique().execute();
  await db.schema.createIndex('orders_payment_provider_created_idx').on('orders').columns(['payment_provider', 'created_at']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn('reference', 'text')
    .addColumn('received_at', 'text')
    .addColumn('provider_event_id', 'text', (c) => c.unique())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('payment_events_order_idx').on('payment_events').columns(['order_id', 'at']).execute();

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('credit_note_number', 'integer', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('lines_json', 'text', (c) => c.notNull())
    .addColumn('provider_reference', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('document_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number >= 0`))
    .execute();
  await db.insertInto('document_counters').values([
    { name: 'invoice', last_number: 0 },
    { name: 'credit_note', last_number: 0 },
  ]).execute();
}

/** Removes the payment records. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('document_counters').execute();
  await db.schema.dropTable('refunds').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropIndex('orders_payment_provider_created_idx').execute();
  await db.schema.dropIndex('orders_invoice_number_idx').execute();
  for (const name of ['invoice_issued_at', 'invoice_number', 'payment_problem', 'refunded_cents', 'captured_cents', 'authorised_cents', 'payment_reference', 'payment_provider', 'payment_method']) {
    await db.schema.alterTable('orders').dropColumn(name).execute();
  }
}
