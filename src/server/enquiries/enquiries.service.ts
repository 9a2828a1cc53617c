import type { Kysely } from 'kysely';
import {
  ENQUIRY_MESSAGES,
  ENQUIRY_STATUSES,
  type ContactMessage,
  type ContactMessageFields,
  type EnquiryStatus,
  type QuoteRequest,
  type QuoteRequestFields,
} from '../../lib/schemas/enquiries';
import { takeAttempts, type RateLimit } from '../auth/rate-limit';
import { selectProductById } from '../catalog/catalog.repository';
import type { RequestFacts } from '../customers/customers.service';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderContactReceivedMail, renderQuoteReceivedMail } from '../mail/templates';
import {
  insertContactMessage,
  insertQuoteRequest,
  type ContactMessageRow,
  type QuoteRequestRow,
} from './enquiries.repository';

/** Contact messages per client address, per 10 minutes. */
export const CONTACT_ADDRESS_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60_000 };
/** Quote requests per client address, per 10 minutes. */
export const QUOTE_ADDRESS_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60_000 };

/** Whether a stored status is one we know (rows are written by us, but the type says string). */
function toStatus(value: string): EnquiryStatus {
  return (ENQUIRY_STATUSES as readonly string[]).includes(value) ? (value as EnquiryStatus) : 'new';
}

/** The API view of a contact message row. */
export function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.subject ? { subject: row.subject } : {}),
    message: row.message,
    status: toStatus(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The API view of a quote request row. */
export function toQuoteRequest(row: QuoteRequestRow): QuoteRequest {
  return {
    id: row.id,
    product: { id: row.product_id, name: row.product_name, sku: row.product_sku },
    name: row.name,
    email: row.email,
    ...(row.phone ? { phone: row.phone } : {}),
    ...(row.quantity !== null ? { quantity: Number(row.quantity) } : {}),
    ...(row.message ? { message: row.message } : {}),
    status: toStatus(row.status),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Stores a contact message and, in the same transaction, queues the confirmation e-mail to the
 * sender; 429 past CONTACT_ADDRESS_LIMIT messages from one address.
 */
export async function submitContactMessage(db: Kysely<Database>, input: ContactMessageFields, facts: RequestFacts = {}): Promise<ContactMessage> {
  const now = facts.now ?? new Date();
  const limits = [{ scope: `contact:address:${facts.address ?? 'unknown'}`, limit: CONTACT_ADDRESS_LIMIT }];
  const stamp = now.toISOString();
  const row: ContactMessageRow = {
    id: crypto.randomUUID(),
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    subject: input.subject ?? null,
    message: input.message,
    status: 'new',
    created_at: stamp,
    updated_at: stamp,
  };
  await db.transaction().execute(async (trx) => {
    // Counted first, in the same transaction: of a burst sent at once, exactly the limit is stored.
    await takeAttempts(trx, limits, now);
    await insertContactMessage(trx, row);
    await enqueueMail(trx, row.email, renderContactReceivedMail({ name: row.name, subject: input.subject, message: row.message }), now);
  });
  return toContactMessage(row);
}

/**
 * Stores a quote request with a snapshot of the product (404 when it is not in the catalogue) and
 * the signed-in requester's account, if any, and queues the confirmation e-mail in the same transaction; 429 past QUOTE_ADDRESS_LIMIT.
 */
export async function submitQuoteRequest(db: Kysely<Database>, input: QuoteRequestFields, facts: RequestFacts & { customerId?: string } = {}): Promise<QuoteRequest> {
  const now = facts.now ?? new Date();
  const limits = [{ scope: `quote:address:${facts.address ?? 'unknown'}`, limit: QUOTE_ADDRESS_LIMIT }];
  const product = await selectProductById(db, input.productId);
  if (!product) throw notFound(ENQUIRY_MESSAGES.productNotFound);
  const stamp = now.toISOString();
  const row: QuoteRequestRow = {
    id: crypto.randomUUID(),
    product_id: product.id,
    product_name: product.name,
    product_sku: product.sku,
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    quantity: input.quantity ?? null,
    message: input.message ?? null,
    status: 'new',
    created_at: stamp,
    updated_at: stamp,
    // The quote priced for it then opens only for this account (and shows under /account).
    customer_id: facts.customerId ?? null,
  };
  await db.transaction().execute(async (trx) => {
    await takeAttempts(trx, limits, now);
    await insertQuoteRequest(trx, row);
    await enqueueMail(
      trx,
      row.email,
      renderQuoteReceivedMail({ name: row.name, productName: product.name, sku: product.sku, quantity: input.quantity, message: input.message }),
      now,
    );
  });
  return toQuoteRequest(row);
}
