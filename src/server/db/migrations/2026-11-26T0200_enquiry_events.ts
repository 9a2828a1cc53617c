import type { Kysely } from 'kysely';

/**
 * The history of each enquiry (a contact message or a quote request): staff replies with their
 * text and the e-mail they queued, and status changes, each with who and when. Enquiries written
 * before the inbox had statuses 'answered' or 'closed' in the schema; both become 'handled'. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('enquiry_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'message' (contact_messages) or 'quote' (quote_requests); no foreign key: two parent tables.
    .addColumn('enquiry_kind', 'text', (c) => c.notNull())
    .addColumn('enquiry_id', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('outbox_id', 'text')
    .execute();
  await db.schema.createIndex('enquiry_events_enquiry_idx').on('enquiry_events').columns(['enquiry_kind', 'enquiry_id', 'at']).execute();
  for (const table of ['contact_messages', 'quote_requests']) {
    await db.updateTable(table).set({ status: 'handled' }).where('status', 'in', ['answered', 'closed']).execute();
  }
}

/** Removes the enquiry history. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enquiry_events').execute();
}
