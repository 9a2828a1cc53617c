import { sql, type Kysely } from 'kysely';

/**
 * Outbox priority: 0 account security (password resets), 1 normal, 2 bulk (order and enquiry
 * receipts that strangers can trigger in numbers), so a reset never waits behind a backlog.
 * The queue index covers only unsent rows, in the order the worker takes them. A mail holding a
 * single-use link is marked redact_when_sent: its body is blanked once delivered, and reset mails
 * already sent lose theirs now, so no link stays readable in the database. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.alterTable('outbox').addColumn('redact_when_sent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.updateTable('outbox').set({ priority: 0, redact_when_sent: 1 }).where('kind', '=', 'password-reset').execute();
  await db.updateTable('outbox').set({ priority: 2 }).where('kind', 'in', ['order-received', 'contact-received', 'quote-received']).execute();
  await db
    .updateTable('outbox')
    .set({ html: '', text: '[removed after delivery: it held a single-use link]' })
    .where('kind', '=', 'password-reset')
    .where('sent_at', 'is not', null)
    .execute();
  await db.schema
    .createIndex('outbox_queue_idx')
    .on('outbox')
    .columns(['priority', 'created_at'])
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}

/** Removes the priority, the redaction flag and the queue index. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('outbox_queue_idx').execute();
  await db.schema.alterTable('outbox').dropColumn('redact_when_sent').execute();
  await db.schema.alterTable('outbox').dropColumn('priority').execute();
}
