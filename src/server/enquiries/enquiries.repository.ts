import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { ContactMessagesTable, QuoteRequestsTable } from '../db/schema';

/** A contact message row as stored. */
export type ContactMessageRow = Selectable<ContactMessagesTable>;
/** A quote request row as stored. */
export type QuoteRequestRow = Selectable<QuoteRequestsTable>;

/** Stores a contact message. */
export async function insertContactMessage(db: Db, row: ContactMessageRow): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** Stores a quote request. */
export async function insertQuoteRequest(db: Db, row: QuoteRequestRow): Promise<void> {
  await db.insertInto('quote_requests').values(row).execute();
}
