import type { Kysely } from 'kysely';
import {
  ENQUIRY_EVENT_ACTIONS,
  ENQUIRY_INBOX_MESSAGES,
  type AdminContactMessage,
  type AdminEnquiriesQuery,
  type AdminMessagesPage,
  type AdminQuoteRequest,
  type AdminQuotesPage,
  type EnquiryHistoryEntry,
  type EnquiryKind,
} from '../../lib/schemas/admin-enquiries';
import type { EnquiryStatus } from '../../lib/schemas/enquiries';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderEnquiryReplyMail, type EnquiryReplyContext } from '../mail/templates';
import type { ContactMessageRow, QuoteRequestRow } from './enquiries.repository';
import { toContactMessage, toQuoteRequest } from './enquiries.service';
import {
  countEnquiriesWithStatus,
  insertEnquiryEvent,
  selectEnquiryById,
  selectEnquiryEvents,
  selectEnquiryPage,
  updateEnquiryStatus,
  type EnquiryEventWithMail,
  type EnquiryTable,
} from './enquiry-inbox.repository';

/** An enquiry of either kind as staff see it. */
type AdminEnquiryOf<K extends EnquiryKind> = K extends 'messages' ? AdminContactMessage : AdminQuoteRequest;

/** Where each kind is stored, how its history and audit entries name it, and its 404 message. */
const KINDS = {
  messages: { table: 'contact_messages', eventKind: 'message', entityType: 'contact_message', notFound: ENQUIRY_INBOX_MESSAGES.messageNotFound },
  quotes: { table: 'quote_requests', eventKind: 'quote', entityType: 'quote_request', notFound: ENQUIRY_INBOX_MESSAGES.quoteNotFound },
} as const satisfies Record<EnquiryKind, { table: EnquiryTable; eventKind: string; entityType: string; notFound: string }>;

/** One history entry as the API returns it (entries of an unknown action are left out). */
function toHistoryEntry(row: EnquiryEventWithMail): EnquiryHistoryEntry | null {
  const action = ENQUIRY_EVENT_ACTIONS.find((a) => a === row.action);
  if (!action) return null;
  return {
    id: row.id,
    at: row.at,
    by: row.actor_name,
    action,
    message: row.message,
    mail: row.outbox_id && row.mail_to ? { to: row.mail_to, sentAt: row.mail_sent_at, lastError: row.mail_last_error } : null,
  };
}

/** The staff view of enquiry rows of one kind, each with its history. */
async function withHistory<K extends EnquiryKind>(db: Db, kind: K, rows: (ContactMessageRow | QuoteRequestRow)[]): Promise<AdminEnquiryOf<K>[]> {
  const events = await selectEnquiryEvents(
    db,
    KINDS[kind].eventKind,
    rows.map((r) => r.id),
  );
  const byEnquiry = new Map<string, EnquiryHistoryEntry[]>();
  for (const event of events) {
    const entry = toHistoryEntry(event);
    if (entry) byEnquiry.set(event.enquiry_id, [...(byEnquiry.get(event.enquiry_id) ?? []), entry]);
  }
  return rows.map((row) => {
    const history = byEnquiry.get(row.id) ?? [];
    return (
      kind === 'messages'
        ? { kind, ...toContactMessage(row as ContactMessageRow), history }
        : { kind, ...toQuoteRequest(row as QuoteRequestRow), history }
    ) as AdminEnquiryOf<K>;
  });
}

/** One page of an inbox list: optionally one status, searched over names, e-mails, subject or product and text, newest first. */
export async function listEnquiries(db: Kysely<Database>, kind: 'messages', query: AdminEnquiriesQuery): Promise<AdminMessagesPage>;
export async function listEnquiries(db: Kysely<Database>, kind: 'quotes', query: AdminEnquiriesQuery): Promise<AdminQuotesPage>;
export async function listEnquiries(db: Kysely<Database>, kind: EnquiryKind, query: AdminEnquiriesQuery): Promise<AdminMessagesPage | AdminQuotesPage>;
export async function listEnquiries(db: Kysely<Database>, kind: EnquiryKind, query: AdminEnquiriesQuery): Promise<AdminMessagesPage | AdminQuotesPage> {
  const text = query.q.trim().toLowerCase();
  const { rows, total } = await selectEnquiryPage(db, KINDS[kind].table, {
    status: query.status === 'all' ? undefined : query.status,
    text: text || undefined,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const items = await withHistory(db, kind, rows);
  const paging = { total, page: query.page, pageSize: query.pageSize };
  return kind === 'messages' ? { messages: items as AdminContactMessage[], ...paging } : { quotes: items as AdminQuoteRequest[], ...paging };
}

/** Adds one entry to an enquiry's history: a reply with its text and e-mail, or a status change. */
function addHistoryEntry(
  db: Db,
  kind: EnquiryKind,
  id: string,
  actor: Actor,
  now: Date,
  entry: { action: (typeof ENQUIRY_EVENT_ACTIONS)[number]; message?: string; outboxId?: string },
): Promise<void> {
  return insertEnquiryEvent(db, {
    id: crypto.randomUUID(),
    enquiry_kind: KINDS[kind].eventKind,
    enquiry_id: id,
    at: now.toISOString(),
    actor_id: actor.id,
    actor_name: actor.name,
    action: entry.action,
    message: entry.message ?? null,
    outbox_id: entry.outboxId ?? null,
  });
}

/** The enquiry row of a kind, or 404 with the kind's message. */
async function requireEnquiry(db: Db, kind: EnquiryKind, id: string): Promise<ContactMessageRow | QuoteRequestRow> {
  const row = await selectEnquiryById(db, KINDS[kind].table, id);
  if (!row) throw notFound(KINDS[kind].notFound);
  return row;
}

/** One enquiry with its whole history; 404 when there is none. */
export async function getEnquiry<K extends EnquiryKind>(db: Kysely<Database>, kind: K, id: string): Promise<AdminEnquiryOf<K>> {
  const row = await requireEnquiry(db, kind, id);
  return (await withHistory(db, kind, [row]))[0]!;
}

/**
 * Marks an enquiry handled or reopens it ('new'), with a history entry and an audit entry in the
 * same transaction; setting the status it already has changes nothing. 404 for an unknown id.
 */
export async function setEnquiryStatus<K extends EnquiryKind>(db: Kysely<Database>, kind: K, id: string, status: EnquiryStatus, actor: Actor, now = new Date()): Promise<AdminEnquiryOf<K>> {
  const { table, entityType } = KINDS[kind];
  return db.transaction().execute(async (trx) => {
    const row = await requireEnquiry(trx, kind, id);
    // Only the first of two staff acting at once moves it; the other gets it as it now is.
    if (row.status !== status && (await updateEnquiryStatus(trx, table, id, row.status, status, now.toISOString()))) {
      const action = status === 'handled' ? 'handled' : 'reopened';
      await addHistoryEntry(trx, kind, id, actor, now, { action });
      await recordAudit(trx, actor, { action: `enquiry.${action}`, entityType, entityId: id, before: { status: row.status }, after: { status } }, now);
    }
    return (await withHistory(trx, kind, [await requireEnquiry(trx, kind, id)]))[0]!;
  });
}

/** What the reply e-mail quotes of an enquiry row. */
function replyContext(kind: EnquiryKind, row: ContactMessageRow | QuoteRequestRow): EnquiryReplyContext {
  if (kind === 'messages') {
    const message = row as ContactMessageRow;
    return { kind: 'message', subject: message.subject ?? undefined, message: message.message };
  }
  const quote = row as QuoteRequestRow;
  return {
    kind: 'quote',
    productName: quote.product_name,
    sku: quote.product_sku,
    quantity: quote.quantity === null ? undefined : Number(quote.quantity),
    message: quote.message ?? undefined,
  };
}

/**
 * Replies to an enquiry: queues the e-mail to the sender, keeps the reply in the enquiry's history,
 * marks it handled and records the audit entry, all in one transaction. 404 for an unknown id.
 */
export async function replyToEnquiry<K extends EnquiryKind>(db: Kysely<Database>, kind: K, id: string, reply: string, actor: Actor, now = new Date()): Promise<AdminEnquiryOf<K>> {
  const { table, entityType } = KINDS[kind];
  return db.transaction().execute(async (trx) => {
    const row = await requireEnquiry(trx, kind, id);
    const mail = renderEnquiryReplyMail({ name: row.name, staffName: actor.name, reply, about: replyContext(kind, row) });
    const outboxId = await enqueueMail(trx, row.email, mail, now);
    await addHistoryEntry(trx, kind, id, actor, now, { action: 'reply', message: reply, outboxId });
    if (row.status !== 'handled') await updateEnquiryStatus(trx, table, id, row.status, 'handled', now.toISOString());
    await recordAudit(
      trx,
      actor,
      { action: 'enquiry.reply', entityType, entityId: id, before: { status: row.status }, after: { status: 'handled', to: row.email, subject: mail.subject, reply, outboxId } },
      now,
    );
    return (await withHistory(trx, kind, [await requireEnquiry(trx, kind, id)]))[0]!;
  });
}

/** How many contact messages and quote requests are still new (the sidebar's badge). */
export function countNewEnquiries(db: Kysely<Database>): Promise<number> {
  return countEnquiriesWithStatus(db, 'new');
}
