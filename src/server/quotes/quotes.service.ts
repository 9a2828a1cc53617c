import type { Kysely } from 'kysely';
import { multiplyCents } from '../../lib/money';
import { resolveAskedColour, storedColour, type Colour } from '../../lib/paint/colours';
import { notTintableMessage } from '../../lib/schemas/tinting';
import { computeSubtotalCents, computeVatCents } from '../../lib/pricing';
import type { EnquiryEventAction } from '../../lib/schemas/admin-enquiries';
import { ENQUIRY_INBOX_MESSAGES } from '../../lib/schemas/admin-enquiries';
import {
  QUOTE_MESSAGES,
  QUOTE_STATUSES,
  type AdminQuote,
  type ParsedQuoteAccept,
  type ParsedQuoteOffer,
  type Quote,
  type QuoteStart,
  type QuoteStatus,
} from '../../lib/schemas/quotes';
import { recordAudit, type Actor } from '../audit/audit.service';
import { findCustomerById, type Db } from '../customers/customers.repository';
import { insertQuoteRequest } from '../enquiries/enquiries.repository';
import type { Database } from '../db/schema';
import { selectEnquiryById, insertEnquiryEvent, updateEnquiryStatus } from '../enquiries/enquiry-inbox.repository';
import { ApiError, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderQuoteOfferMail } from '../mail/templates';
import { selectItemsOfOrders, selectOrderableProducts, selectOrderByIdempotencyKey, selectOrderByNumber } from '../orders/orders.repository';
import { toOrder } from '../orders/order-view';
import { placeOrder, type OrderToPlace, type PlacedOrder, type PlaceOrderFacts } from '../orders/orders.service';
import {
  insertQuote,
  markQuotesOfCustomerErased,
  replaceQuoteLines,
  selectAllQuotesOfCustomer,
  selectLinesOfQuotes,
  selectQuoteByRequest,
  selectQuoteByToken,
  selectQuotesOfCustomer,
  updateQuoteIf,
  type QuoteLineRow,
  type QuoteRow,
} from './quotes.repository';

/** How many quotes the account page lists. */
export const ACCOUNT_QUOTES_MAX = 100;

/** Who opens a quote's link: the signed-in customer, if any. */
export interface QuoteViewer {
  customerId?: string;
  /** Client address, for the audit entries of the customer's steps. */
  address?: string;
}

/** How many days a quote staff start for a customer is valid until they change the date. */
const QUOTE_VALID_DAYS_DEFAULT = 14;

/** The statuses staff may (re)price a quote from: anything but accepted. */
const OFFERABLE: readonly QuoteStatus[] = ['draft', 'sent', 'expired', 'declined', 'withdrawn'];

/** A new link secret: 256 random bits, base64url. */
function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}

/** Today (UTC) as YYYY-MM-DD. */
function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The status a quote has now: a sent quote past its last day reads as expired before anyone records it. */
function statusOf(row: QuoteRow, now: Date): QuoteStatus {
  const stored = (QUOTE_STATUSES as readonly string[]).includes(row.status) ? (row.status as QuoteStatus) : 'draft';
  return stored === 'sent' && dayOf(now) > row.valid_until ? 'expired' : stored;
}

/** The customer's view of a quote row and its lines. */
function toQuote(row: QuoteRow, lines: QuoteLineRow[], now: Date): Quote {
  const priced = lines.map((l) => ({ unitPriceCents: Number(l.unit_cents), quantity: Number(l.quantity) }));
  const subtotalCents = computeSubtotalCents(priced);
  const taxCents = computeVatCents(subtotalCents);
  const shippingCents = Number(row.shipping_cents);
  return {
    id: row.id,
    token: row.token,
    status: statusOf(row, now),
    name: row.name,
    email: row.email,
    message: row.message,
    lines: lines.map((l) => ({
      productId: l.product_id,
      name: l.product_name,
      sku: l.product_sku,
      quantity: Number(l.quantity),
      unitCents: Number(l.unit_cents),
      listUnitCents: Number(l.list_cents),
      lineCents: multiplyCents(Number(l.unit_cents), Number(l.quantity)),
      ...(l.colour_system && l.colour_code ? { colour: storedColour(l.colour_system, l.colour_code, l.colour_name ?? null) } : {}),
    })),
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
    validUntil: row.valid_until,
    declineReason: row.decline_reason,
    orderNumber: row.order_number,
    sentAt: row.sent_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The staff view of a quote row. */
async function toAdminQuote(db: Db, row: QuoteRow, now: Date): Promise<AdminQuote> {
  const quote = toQuote(row, await selectLinesOfQuotes(db, [row.id]), now);
  return { ...quote, quoteRequestId: row.quote_request_id, customerId: row.customer_id };
}

/** Adds a quote step to the history of the request it answers (a quote started by staff has none). */
async function addHistory(db: Db, row: Pick<QuoteRow, 'quote_request_id'>, actor: Actor, now: Date, action: EnquiryEventAction, message?: string | null, outboxId?: string): Promise<void> {
  if (!row.quote_request_id) return;
  await insertEnquiryEvent(db, {
    id: crypto.randomUUID(),
    enquiry_kind: 'quote',
    enquiry_id: row.quote_request_id,
    at: now.toISOString(),
    actor_id: actor.id,
    actor_name: actor.name,
    action,
    message: message ?? null,
    outbox_id: outboxId ?? null,
  });
}

/** The actor of a step the customer takes on their quote's page. */
function customerActor(row: QuoteRow, viewer: QuoteViewer): Actor {
  return { id: null, name: `${row.name} (customer)`, ...(viewer.address ? { address: viewer.address } : {}) };
}

/** The quote priced for a quote request as staff see it, null while it has none; 404 for an unknown request. */
export async function getStaffQuote(db: Kysely<Database>, quoteRequestId: string, now = new Date()): Promise<AdminQuote | null> {
  const row = await selectQuoteByRequest(db, quoteRequestId);
  if (row) return toAdminQuote(db, row, now);
  if (!(await selectEnquiryById(db, 'quote_requests', quoteRequestId))) throw notFound(ENQUIRY_INBOX_MESSAGES.quoteNotFound);
  return null;
}

/**
 * Prices a quote request: stores the quote (or replaces the lines, shipping, message and date of
 * the one it has, unless it was accepted: 409) with each product's name, SKU and list price of
 * today, and, unless `send` is false (a draft), e-mails the customer the link to it and marks the
 * request handled. History entry and audit entry in the same transaction. 410 once its customer
 * was erased, 404 unknown request,
 * 422 unknown product, a product twice, or a validity date in the past.
 */
export async function offerQuote(
  db: Kysely<Database>,
  quoteRequestId: string,
  offer: ParsedQuoteOffer,
  actor: Actor,
  facts: { siteUrl: string; now?: Date },
): Promise<AdminQuote> {
  const now = facts.now ?? new Date();
  const at = now.toISOString();
  if (offer.send && offer.validUntil < dayOf(now)) throw new ApiError(422, 'invalid_fields', QUOTE_MESSAGES.validUntil, { validUntil: QUOTE_MESSAGES.validUntil });
  const fields: Record<string, string> = {};
  const colours: (Colour | undefined)[] = offer.lines.map((line, i) => {
    if (!line.colour) return undefined;
    const resolved = resolveAskedColour(line.colour);
    if (typeof resolved === 'string') fields[`lines.${i}.colour`] = resolved;
    return typeof resolved === 'string' ? undefined : resolved;
  });
  // The same product in two colours is two lines; in one colour (or untinted) it is one.
  const seen = new Set<string>();
  offer.lines.forEach((line, i) => {
    const key = `${line.productId}|${colours[i]?.code ?? ''}`;
    if (seen.has(key)) fields[`lines.${i}.productId`] = QUOTE_MESSAGES.duplicateProduct;
    seen.add(key);
  });
  const products = new Map((await selectOrderableProducts(db, [...new Set(offer.lines.map((l) => l.productId))])).map((p) => [p.id, p]));
  offer.lines.forEach((line, i) => {
    const product = products.get(line.productId);
    if (!product) fields[`lines.${i}.productId`] = QUOTE_MESSAGES.productNotFound;
    else if (colours[i] && product.tintable !== 1) fields[`lines.${i}.colour`] = notTintableMessage(product.name);
  });
  if (Object.keys(fields).length > 0) throw new ApiError(422, 'invalid_fields', Object.values(fields)[0]!, fields);

  return db.transaction().execute(async (trx) => {
    const request = await selectEnquiryById(trx, 'quote_requests', quoteRequestId);
    if (!request) throw notFound(ENQUIRY_INBOX_MESSAGES.quoteNotFound);
    const existing = await selectQuoteByRequest(trx, quoteRequestId);
    if (existing?.erased_at) throw new ApiError(410, 'quote_gone', QUOTE_MESSAGES.gone);
    const status: QuoteStatus = offer.send ? 'sent' : 'draft';
    const id = existing?.id ?? crypto.randomUUID();
    const lines: QuoteLineRow[] = offer.lines.map((line, position) => {
      const product = products.get(line.productId)!;
      return {
        quote_id: id,
        position,
        product_id: product.id,
        product_name: product.name,
        product_sku: product.sku,
        quantity: line.quantity,
        unit_cents: line.unitCents,
        list_cents: product.price_cents,
        colour_system: colours[position]?.system ?? null,
        colour_code: colours[position]?.code ?? null,
        colour_name: colours[position]?.name ?? null,
      };
    });
    const changes = {
      status,
      message: offer.message,
      shipping_cents: offer.shippingCents,
      valid_until: offer.validUntil,
      decline_reason: null,
      updated_at: at,
      ...(offer.send ? { sent_at: at } : {}),
    };
    if (existing) {
      // Only the first of two changes at once wins; an accepted quote is an order now and stays as it is.
      if (!(await updateQuoteIf(trx, id, OFFERABLE, changes))) throw new ApiError(409, 'quote_accepted', QUOTE_MESSAGES.alreadyAccepted);
      await replaceQuoteLines(trx, id, lines);
    } else {
      await insertQuote(
        trx,
        {
          id,
          quote_request_id: quoteRequestId,
          token: newToken(),
          customer_id: request.customer_id ?? null,
          name: request.name,
          email: request.email,
          phone: request.phone,
          order_id: null,
          order_number: null,
          sent_at: null,
          created_at: at,
          erased_at: null,
          ...changes,
        },
        lines,
      );
    }
    const row = (await selectQuoteByRequest(trx, quoteRequestId))!;
    const quote = toQuote(row, lines, now);
    let outboxId: string | undefined;
    if (offer.send) {
      const mail = renderQuoteOfferMail({ ...quote, staffName: actor.name, url: `${facts.siteUrl.replace(/\/$/, '')}/quotes/${row.token}` });
      outboxId = await enqueueMail(trx, row.email, mail, now);
      if (request.status !== 'handled') await updateEnquiryStatus(trx, 'quote_requests', quoteRequestId, request.status, 'handled', at);
    }
    await addHistory(trx, row, actor, now, offer.send ? 'quote_sent' : 'quote_drafted', offer.send ? offer.message : null, outboxId);
    await recordAudit(
      trx,
      actor,
      {
        action: offer.send ? 'quote.send' : 'quote.draft',
        entityType: 'quote',
        entityId: id,
        before: existing ? { status: existing.status } : undefined,
        after: { status, quoteRequestId, totalCents: quote.totalCents, shippingCents: quote.shippingCents, validUntil: quote.validUntil, lines: offer.lines, ...(outboxId ? { to: row.email, outboxId } : {}) },
      },
      now,
    );
    return { ...quote, quoteRequestId: row.quote_request_id, customerId: row.customer_id };
  });
}

/**
 * Starts a quote for a customer's account without their asking: a quote request on their behalf
 * (their name, e-mail and phone, the product and quantity, no message) and a draft quote of that
 * line at today's list price, so the editor, the request's history and the routes keyed by the
 * request serve it like any other. History 'quote_started', audit 'quote.start'. 404 unknown
 * customer, 422 a product not in the catalogue.
 */
export async function startCustomerQuote(db: Kysely<Database>, customerId: string, start: QuoteStart, actor: Actor, now = new Date()): Promise<AdminQuote> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const customer = await findCustomerById(trx, customerId);
    if (!customer) throw notFound(QUOTE_MESSAGES.customerNotFound);
    const [product] = await selectOrderableProducts(trx, [start.productId]);
    if (!product) throw new ApiError(422, 'invalid_fields', QUOTE_MESSAGES.productNotFound, { productId: QUOTE_MESSAGES.productNotFound });
    const requestId = crypto.randomUUID();
    const id = crypto.randomUUID();
    await insertQuoteRequest(trx, {
      id: requestId,
      product_id: product.id,
      product_name: product.name,
      product_sku: product.sku,
      name: customer.full_name,
      email: customer.email,
      phone: customer.phone,
      quantity: start.quantity,
      message: null,
      status: 'new',
      created_at: at,
      updated_at: at,
      customer_id: customer.id,
    });
    const row: QuoteRow = {
      id,
      quote_request_id: requestId,
      token: newToken(),
      customer_id: customer.id,
      name: customer.full_name,
      email: customer.email,
      phone: customer.phone,
      status: 'draft',
      message: '',
      shipping_cents: 0,
      valid_until: dayOf(new Date(now.getTime() + QUOTE_VALID_DAYS_DEFAULT * 86_400_000)),
      decline_reason: null,
      order_id: null,
      order_number: null,
      sent_at: null,
      created_at: at,
      updated_at: at,
      erased_at: null,
    };
    const lines: QuoteLineRow[] = [
      { quote_id: id, position: 0, product_id: product.id, product_name: product.name, product_sku: product.sku, quantity: start.quantity, unit_cents: product.price_cents, list_cents: product.price_cents, colour_system: null, colour_code: null, colour_name: null },
    ];
    await insertQuote(trx, row, lines);
    await addHistory(trx, row, actor, now, 'quote_started');
    await recordAudit(trx, actor, { action: 'quote.start', entityType: 'quote', entityId: id, after: { status: 'draft', quoteRequestId: requestId, customerId: customer.id, lines: [{ productId: product.id, quantity: start.quantity }] } }, now);
    return { ...toQuote(row, lines, now), quoteRequestId: requestId, customerId: customer.id };
  });
}

/** Withdraws a draft or sent quote (the customer's link then says so); 409 once accepted, declined or withdrawn; 404. */
export async function withdrawQuote(db: Kysely<Database>, quoteRequestId: string, actor: Actor, now = new Date()): Promise<AdminQuote> {
  return db.transaction().execute(async (trx) => {
    const row = await selectQuoteByRequest(trx, quoteRequestId);
    if (!row) throw notFound(QUOTE_MESSAGES.notFound);
    if (!(await updateQuoteIf(trx, row.id, ['draft', 'sent'], { status: 'withdrawn', updated_at: now.toISOString() }))) {
      throw new ApiError(409, 'quote_not_open', QUOTE_MESSAGES.cannotWithdraw);
    }
    await addHistory(trx, row, actor, now, 'quote_withdrawn');
    await recordAudit(trx, actor, { action: 'quote.withdraw', entityType: 'quote', entityId: row.id, before: { status: row.status }, after: { status: 'withdrawn' } }, now);
    return toAdminQuote(trx, (await selectQuoteByRequest(trx, quoteRequestId))!, now);
  });
}

/**
 * Before a customer's erasure (in its transaction): withdraws their draft and sent quotes (a step
 * in each request's history and the audit log) and marks all their quotes erased, so no link to
 * them opens again (410), whoever holds it.
 */
export async function closeQuotesOfErasedCustomer(db: Db, customerId: string, actor: Actor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  for (const row of await selectAllQuotesOfCustomer(db, customerId)) {
    if (!(await updateQuoteIf(db, row.id, ['draft', 'sent'], { status: 'withdrawn', updated_at: at }))) continue;
    await addHistory(db, row, actor, now, 'quote_withdrawn', 'The customer\'s account was deleted.');
    await recordAudit(db, actor, { action: 'quote.withdraw', entityType: 'quote', entityId: row.id, before: { status: row.status }, after: { status: 'withdrawn', reason: 'customer_erased' } }, now);
  }
  await markQuotesOfCustomerErased(db, customerId, at);
}

/**
 * The quote of a link for whoever opens it: 404 for an unknown link or a draft, 410 once the customer it was made for was erased; a quote made for a
 * customer's account opens only for that customer (401 signed out, 404 for anyone else signed in).
 */
async function requireViewableQuote(db: Db, token: string, viewer: QuoteViewer): Promise<QuoteRow> {
  const row = token.length >= 20 && token.length <= 100 ? await selectQuoteByToken(db, token) : undefined;
  if (!row || row.status === 'draft') throw notFound(QUOTE_MESSAGES.notFound);
  if (row.erased_at) throw new ApiError(410, 'quote_gone', QUOTE_MESSAGES.gone);
  if (row.customer_id && row.customer_id !== viewer.customerId) {
    if (viewer.customerId === undefined) throw new ApiError(401, 'unauthorized', QUOTE_MESSAGES.signInRequired);
    throw notFound(QUOTE_MESSAGES.notFound);
  }
  return row;
}

/** The quote of a link, as the customer reads it (requireViewableQuote's rule). */
export async function viewQuote(db: Kysely<Database>, token: string, viewer: QuoteViewer, now = new Date()): Promise<Quote> {
  const row = await requireViewableQuote(db, token, viewer);
  return toQuote(row, await selectLinesOfQuotes(db, [row.id]), now);
}

/** The 409 of a quote that can no longer be accepted or declined, by its status. */
function closedError(status: QuoteStatus): ApiError {
  if (status === 'expired') return new ApiError(409, 'quote_expired', QUOTE_MESSAGES.expired);
  if (status === 'declined') return new ApiError(409, 'quote_declined', QUOTE_MESSAGES.declined);
  if (status === 'withdrawn') return new ApiError(409, 'quote_withdrawn', QUOTE_MESSAGES.withdrawn);
  if (status === 'accepted') return new ApiError(409, 'quote_accepted', QUOTE_MESSAGES.alreadyAccepted);
  return new ApiError(409, 'quote_not_sent', QUOTE_MESSAGES.notSent);
}

/** Records that a sent quote ran out (once: history and audit), so staff see it in the request's history. */
async function recordExpiry(db: Kysely<Database>, row: QuoteRow, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await updateQuoteIf(trx, row.id, ['sent'], { status: 'expired', updated_at: now.toISOString() }))) return;
    const system: Actor = { id: null, name: 'System' };
    await addHistory(trx, row, system, now, 'quote_expired');
    await recordAudit(trx, system, { action: 'quote.expire', entityType: 'quote', entityId: row.id, before: { status: 'sent' }, after: { status: 'expired', validUntil: row.valid_until } }, now);
  });
}

/** The order a quote became, loaded by its number. */
async function loadOrderOf(db: Kysely<Database>, orderNumber: string) {
  const row = await selectOrderByNumber(db, orderNumber);
  if (!row) throw new ApiError(500, 'internal', QUOTE_MESSAGES.notFound);
  return toOrder(row, await selectItemsOfOrders(db, [row.id]));
}

/**
 * Accepts a sent quote: places ONE order of its lines at the quoted unit prices and shipping
 * (stock checked then: 409 naming each unavailable line), to the quote's e-mail, then pending
 * approval and payment like any order. The order's idempotency key is the quote's own, so any
 * number of accepts, at once or later, place one order; an accepted quote answers with it
 * (`replayed`). 409 expired, declined or withdrawn; 404/401 as viewQuote.
 */
export async function acceptQuote(
  db: Kysely<Database>,
  token: string,
  input: ParsedQuoteAccept,
  viewer: QuoteViewer,
  facts: Omit<PlaceOrderFacts, 'customerId' | 'address'>,
): Promise<PlacedOrder> {
  const now = facts.now ?? new Date();
  const row = await requireViewableQuote(db, token, viewer);
  const status = statusOf(row, now);
  if (status === 'accepted' && row.order_number) return { order: await loadOrderOf(db, row.order_number), replayed: true };
  if (status !== 'sent') {
    if (status === 'expired' && row.status === 'sent') await recordExpiry(db, row, now);
    throw closedError(status);
  }
  const lines = await selectLinesOfQuotes(db, [row.id]);
  const { firstName, lastName, phone, address, city, postalCode, country } = input.shippingAddress;
  const order: OrderToPlace = {
    idempotencyKey: `quote-${row.id}`,
    items: lines.map((l) => ({
      productId: l.product_id,
      quantity: Number(l.quantity),
      quotedUnitCents: Number(l.unit_cents),
      ...(l.colour_system && l.colour_code ? { colour: { system: l.colour_system, code: l.colour_code } } : {}),
    })),
    quotedShippingCents: Number(row.shipping_cents),
    customer: { firstName, lastName, email: row.email, phone },
    shippingAddress: { address, city, postalCode, country },
    payment: input.payment,
    saveInfo: false,
    newsletter: false,
    ...(input.tintedAccepted !== undefined ? { tintedAccepted: input.tintedAccepted } : {}),
  };
  let placed: PlacedOrder;
  try {
    placed = await placeOrder(db, order, { ...facts, address: viewer.address, ...(row.customer_id ? { customerId: row.customer_id } : {}) });
  } catch (err) {
    // Two accepts at once with different addresses: the first placed the order; the second answers with it.
    const winner = err instanceof ApiError && err.code === 'idempotency_key_reused' ? await selectOrderByIdempotencyKey(db, order.idempotencyKey) : undefined;
    if (!winner) throw err;
    placed = { order: toOrder(winner, await selectItemsOfOrders(db, [winner.id])), replayed: true };
  }
  await db.transaction().execute(async (trx) => {
    const changes = { status: 'accepted', order_id: placed.order.id, order_number: placed.order.orderNumber, updated_at: now.toISOString() };
    if (!(await updateQuoteIf(trx, row.id, ['sent', 'expired'], changes))) return;
    const actor = customerActor(row, viewer);
    await addHistory(trx, row, actor, now, 'quote_accepted', `Order ${placed.order.orderNumber}`);
    await recordAudit(trx, actor, { action: 'quote.accept', entityType: 'quote', entityId: row.id, before: { status: row.status }, after: { status: 'accepted', orderNumber: placed.order.orderNumber } }, now);
  });
  return placed;
}

/** Declines a sent quote with an optional reason; declining it again changes nothing; 409 accepted, expired or withdrawn; 404/401 as viewQuote. */
export async function declineQuote(db: Kysely<Database>, token: string, reason: string | undefined, viewer: QuoteViewer, now = new Date()): Promise<Quote> {
  const row = await requireViewableQuote(db, token, viewer);
  const status = statusOf(row, now);
  if (status === 'declined') return viewQuote(db, token, viewer, now);
  if (status !== 'sent') {
    if (status === 'expired' && row.status === 'sent') await recordExpiry(db, row, now);
    throw closedError(status);
  }
  await db.transaction().execute(async (trx) => {
    if (!(await updateQuoteIf(trx, row.id, ['sent'], { status: 'declined', decline_reason: reason ?? null, updated_at: now.toISOString() }))) {
      const fresh = (await selectQuoteByToken(trx, token))!;
      if (fresh.status !== 'declined') throw closedError(statusOf(fresh, now));
      return;
    }
    const actor = customerActor(row, viewer);
    await addHistory(trx, row, actor, now, 'quote_declined', reason ?? null);
    await recordAudit(trx, actor, { action: 'quote.decline', entityType: 'quote', entityId: row.id, before: { status: row.status }, after: { status: 'declined', reason: reason ?? null } }, now);
  });
  return viewQuote(db, token, viewer, now);
}

/** A signed-in customer's quotes (sent or after), newest first. */
export async function listCustomerQuotes(db: Kysely<Database>, customerId: string, now = new Date()): Promise<Quote[]> {
  const rows = await selectQuotesOfCustomer(db, customerId, ACCOUNT_QUOTES_MAX);
  const lines = await selectLinesOfQuotes(db, rows.map((r) => r.id));
  return rows.map((row) =>
    toQuote(
      row,
      lines.filter((l) => l.quote_id === row.id),
      now,
    ),
  );
}
