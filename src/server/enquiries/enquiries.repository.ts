import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { ContactMessagesTable, QuoteRequestsTable } from '../db/schema';

/** A contact message row as stored. */
export type ContactMessageRow = Selectable<ContactMessagesTable>;
/** A quote request row as stored. */
export type QuoteRequestRow = Selectable<QuoteRequestsTable>;

/** Which rows a listing returns: optionally one status, newest first, a page of them. */
export interface ListOptions {
  status?: string;
  limit: number;
  offset: number;
}

/** Stores a contact message. */
export async function insertContactMessage(db: Db, row: ContactMessageRow): Promise<void> {
  await db.insertInto('contact_messages').values(row).execute();
}

/** Stores a quote request. */
export async function insertQuoteRequest(db: Db, row: QuoteRequestRow): Promise<void> {
  await db.insertInto('quote_requests').values(row).execute();
}

/** Contact messages, newest first (optionally of one status). */
export function selectContactMessages(db: Db, options: ListOptions): Promise<ContactMessageRow[]> {
  let query = db.selectFrom('contact_messages').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
}

/** Quote requests, newest first (optionally of one status). */
export function selectQuoteRequests(db: Db, options: ListOptions): Promise<QuoteRequestRow[]> {
  let query = db.selectFrom('quote_requests').selectAll();
  if (options.status) query = query.where('status', '=', options.status);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
}

/** Sets the status of a contact message; returns whether it exists. */
export async function updateContactMessageStatus(db: Db, id: string, status: string, at: string): Promise<boolean> {
  const result = await db.updateTable('contact_messages').set({ status, updated_at: at }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets the status of a quote request; returns whether it exists. */
export async function updateQuoteRequestStatus(db: Db, id: string, status: string, at: string): Promise<boolean> {
  const result = await db.updateTable('quote_requests').set({ status, updated_at: at }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
