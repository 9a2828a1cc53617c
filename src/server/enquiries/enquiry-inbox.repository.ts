import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { EnquiryEventsTable } from '../db/schema';
import { containsPattern } from '../orders/order-admin.repository';
import type { ContactMessageRow, QuoteRequestRow } from './enquiries.repository';

/** The table of each kind of enquiry. */
export type EnquiryTable = 'contact_messages' | 'quote_requests';
/** A row of one enquiry table. */
export type EnquiryRow<T extends EnquiryTable> = T extends 'contact_messages' ? ContactMessageRow : QuoteRequestRow;
/** An enquiry event row as stored. */
export type EnquiryEventRow = Selectable<EnquiryEventsTable>;
/** An enquiry event with the delivery state of the e-mail it queued, if any. */
export type EnquiryEventWithMail = EnquiryEventRow & { mail_to: string | null; mail_sent_at: string | null; mail_last_error: string | null };

/** The columns the inbox search looks in, per table. */
const SEARCH_COLUMNS: Record<EnquiryTable, readonly string[]> = {
  contact_messages: ['name', 'email', 'subject', 'message'],
  quote_requests: ['name', 'email', 'product_name', 'product_sku', 'message'],
};

/** What the inbox list filters on. */
export interface EnquiryListFilter {
  status?: string;
  /** Lower-cased text matched anywhere in the searched columns. */
  text?: string;
  limit: number;
  offset: number;
}

/**
 * Selects from one enquiry table. Both share id, status and created_at, the only columns these
 * queries name; the cast lets one query builder serve either table.
 */
function from(db: Db, table: EnquiryTable) {
  return db.selectFrom(table as 'contact_messages');
}

/** The enquiries of one table matching a filter, newest first, and how many match in all. */
export async function selectEnquiryPage<T extends EnquiryTable>(db: Db, table: T, filter: EnquiryListFilter): Promise<{ rows: EnquiryRow<T>[]; total: number }> {
  let query = from(db, table);
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    const matches = SEARCH_COLUMNS[table].map((column) => sql<SqlBool>`lower(coalesce(${sql.ref(column)}, '')) like ${pattern} escape '\\'`);
    query = query.where(sql<SqlBool>`(${sql.join(matches, sql` or `)})`);
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows: rows as EnquiryRow<T>[], total: Number(count?.n ?? 0) };
}

/** One enquiry by id, if any. */
export async function selectEnquiryById<T extends EnquiryTable>(db: Db, table: T, id: string): Promise<EnquiryRow<T> | undefined> {
  return (await from(db, table).selectAll().where('id', '=', id).executeTakeFirst()) as EnquiryRow<T> | undefined;
}

/** Moves an enquiry to a status only if it still has `fromStatus`; returns whether it changed. */
export async function updateEnquiryStatus(db: Db, table: EnquiryTable, id: string, fromStatus: string, status: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable(table as 'contact_messages')
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** How many enquiries of both tables have this status. */
export async function countEnquiriesWithStatus(db: Db, status: string): Promise<number> {
  const counts = await Promise.all(
    (['contact_messages', 'quote_requests'] as const).map((table) =>
      from(db, table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', status)
        .executeTakeFirst(),
    ),
  );
  return counts.reduce((sum, row) => sum + Number(row?.n ?? 0), 0);
}

/** Stores one history entry of an enquiry. */
export async function insertEnquiryEvent(db: Db, row: EnquiryEventRow): Promise<void> {
  await db.insertInto('enquiry_events').values(row).execute();
}

/** The history of enquiries of one kind, oldest first, each entry with the state of the e-mail it queued. */
export function selectEnquiryEvents(db: Db, kind: string, enquiryIds: readonly string[]): Promise<EnquiryEventWithMail[]> {
  if (enquiryIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('enquiry_events as e')
    .leftJoin('outbox as o', 'o.id', 'e.outbox_id')
    .selectAll('e')
    .select(['o.to_address as mail_to', 'o.sent_at as mail_sent_at', 'o.last_error as mail_last_error'])
    .where('e.enquiry_kind', '=', kind)
    .where('e.enquiry_id', 'in', enquiryIds)
    .orderBy('e.at')
    .orderBy('e.id')
    .execute();
}
