import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { QuoteLinesTable, QuotesTable } from '../db/schema';

/** A quote row as stored. */
export type QuoteRow = Selectable<QuotesTable>;
/** A quote line row as stored. */
export type QuoteLineRow = Selectable<QuoteLinesTable>;

/** The quote priced for a quote request, if any. */
export function selectQuoteByRequest(db: Db, quoteRequestId: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('quote_request_id', '=', quoteRequestId).executeTakeFirst();
}

/** The quote of a link's secret, if any. */
export function selectQuoteByToken(db: Db, token: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('token', '=', token).executeTakeFirst();
}

/** The quote with this id, if any. */
export function selectQuoteById(db: Db, id: string): Promise<QuoteRow | undefined> {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A customer's quotes staff have sent (drafts left out), newest first. */
export function selectQuotesOfCustomer(db: Db, customerId: string, limit: number): Promise<QuoteRow[]> {
  return db
    .selectFrom('quotes')
    .selectAll()
    .where('customer_id', '=', customerId)
    .where('status', '!=', 'draft')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The lines of quotes, in their order. */
export function selectLinesOfQuotes(db: Db, quoteIds: readonly string[]): Promise<QuoteLineRow[]> {
  if (quoteIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('quote_lines').selectAll().where('quote_id', 'in', quoteIds).orderBy('quote_id').orderBy('position').execute();
}

/** Stores a new quote with its lines. */
export async function insertQuote(db: Db, row: QuoteRow, lines: QuoteLineRow[]): Promise<void> {
  await db.insertInto('quotes').values(row).execute();
  await db.insertInto('quote_lines').values(lines).execute();
}

/** Replaces a quote's lines. */
export async function replaceQuoteLines(db: Db, quoteId: string, lines: QuoteLineRow[]): Promise<void> {
  await db.deleteFrom('quote_lines').where('quote_id', '=', quoteId).execute();
  await db.insertInto('quote_lines').values(lines).execute();
}

/**
 * Changes a quote only if its status is still one of `fromStatuses` (the guard against two
 * changes at once); returns whether it changed.
 */
export async function updateQuoteIf(db: Db, id: string, fromStatuses: readonly string[], changes: Updateable<QuotesTable>): Promise<boolean> {
  const result = await db.updateTable('quotes').set(changes).where('id', '=', id).where('status', 'in', fromStatuses).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The quotes made for a customer's account, any status. */
export function selectAllQuotesOfCustomer(db: Db, customerId: string): Promise<QuoteRow[]> {
  return db.selectFrom('quotes').selectAll().where('customer_id', '=', customerId).execute();
}

/** Marks a customer's quotes erased (their links answer 410). */
export async function markQuotesOfCustomerErased(db: Db, customerId: string, at: string): Promise<void> {
  await db.updateTable('quotes').set({ erased_at: at }).where('customer_id', '=', customerId).execute();
}
