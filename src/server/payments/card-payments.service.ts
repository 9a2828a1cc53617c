/**
 * A card order's authorisation, finished outside the shop's own calls: the shopper's browser
 * confirms the payment with the provider (3-D Secure included), then tells the shop (the confirm
 * route) and the provider tells it too (its webhook). Both only trigger a read of the payment at
 * the provider (`inspect`), and the order is brought to what that says, under the order's lock:
 * an order waiting for its card becomes a real pending order once authorised (the order-received
 * e-mail leaves then), or is cancelled with its stock given back when the card is declined. Each
 * provider event is applied once (provider_events), whatever the order or number of deliveries.
 */
import { toProductHazard } from '../../lib/schemas/product-safety';
import { selectProductHazards } from '../orders/orders.repository';
import type { Kysely } from 'kysely';
import { formatMoney } from '../../lib/money';
import { CARD_BRAND_IDS, formatCardMask, type CardBrand } from '../../lib/payment-card';
import { ORDER_MESSAGES, type Order } from '../../lib/schemas/order';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import type { Config } from '../config';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderOrderReceivedMail } from '../mail/templates';
import { firstOrderSafetySheets } from '../catalog/product-documents.service';
import { giveBackStock, insertMailEvent, insertOrderEvent, updateOrderIfStatus } from '../orders/order-admin.repository';
import { lockCatalogRevision, selectItemsOfOrders, selectOrderByNumber, type OrderRow } from '../orders/orders.repository';
import { toOrder } from '../orders/order-view';
import { bankDetailsOf } from './bank-transfer.provider';
import type { PaymentProvider, PaymentSnapshot, ProviderEvent } from './payment-provider';
import { derivePaymentStatus, paymentRecordOf } from './payment-status';
import {
  insertPaymentEvent,
  insertProviderEvent,
  selectOrderByPaymentReference,
  selectOrderForUpdate,
  selectUnauthorisedCardOrderIds,
  setCardAuthorisation,
  updateOrderPayment,
} from './payments.repository';
import { providerById } from './providers';

/** What the card settlement needs besides the order. */
export interface CardFacts {
  config: Config;
  siteUrl: string;
  now?: Date;
}

/** Where a card order stands for the shopper after the browser's confirmation. */
export type CardOutcome =
  /** Authorised (or already further): a pending order waiting for staff. */
  | { outcome: 'authorised'; row: OrderRow }
  /** Still waiting for the browser: confirm (again) or finish 3-D Secure with `clientData`. */
  | { outcome: 'requires_action' | 'awaiting_payment' | 'processing'; row: OrderRow; clientData?: Record<string, unknown> }
  /** Declined or failed authentication: the order is cancelled, its stock back, nothing charged. */
  | { outcome: 'declined'; row: OrderRow; message: string };

/** The 404 of an order the caller may not see (the look-up's message). */
const orderNotFound = () => new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);

/** A card order placed and not yet authorised: pending, nothing held or taken. */
export function isAwaitingAuthorisation(row: Pick<OrderRow, 'payment_method' | 'status' | 'authorised_cents' | 'captured_cents'>): boolean {
  return row.payment_method === 'card' && row.status === 'pending' && Number(row.authorised_cents) === 0 && Number(row.captured_cents) === 0;
}

/** A card's brand for the order row: the shop's id when it knows it. */
function brandOf(snapshot: PaymentSnapshot): { brand: string; last4: string } {
  if (!snapshot.card) return { brand: '', last4: '' };
  return { brand: snapshot.card.brand, last4: snapshot.card.last4 };
}

/** 'Visa •••• 4242' of a snapshot, 'Card' without one. */
function cardLabel(snapshot: PaymentSnapshot): string {
  const { brand, last4 } = brandOf(snapshot);
  return (CARD_BRAND_IDS as readonly string[]).includes(brand) && last4 ? formatCardMask(brand as CardBrand, last4) : last4 ? `Card •••• ${last4}` : 'Card';
}

/** A system entry in the order's timeline. */
function timeline(trx: Db, row: OrderRow, at: string, action: 'payment' | 'cancelled', note: string, from?: string, to?: string) {
  return insertOrderEvent(trx, {
    id: crypto.randomUUID(),
    order_id: row.id,
    at,
    actor_kind: 'system',
    actor_id: null,
    actor_name: SYSTEM_ACTOR.name,
    action,
    from_status: from ?? null,
    to_status: to ?? null,
    note,
    outbox_id: null,
  });
}

/** A payment event written by the provider's word (no staff member). */
function paymentEvent(trx: Db, row: OrderRow, at: string, kind: string, amountCents: number, eventId: string | null, note: string | null) {
  return insertPaymentEvent(trx, {
    id: crypto.randomUUID(),
    order_id: row.id,
    at,
    kind,
    amount_cents: amountCents,
    reference: row.payment_reference,
    received_at: null,
    provider_event_id: eventId,
    actor_id: null,
    actor_name: SYSTEM_ACTOR.name,
    note,
  });
}

/** The audit view of an order's money. */
function moneyOf(row: OrderRow) {
  return {
    orderNumber: row.order_number,
    status: row.status,
    paymentStatus: row.payment_status,
    authorisedCents: Number(row.authorised_cents),
    capturedCents: Number(row.captured_cents),
  };
}

/**
 * Brings an order to what its payment at the provider now is, in one transaction under the order's
 * lock; `event` (a webhook's) is recorded as applied in the same transaction, and a repeated one
 * changes nothing. Returns the row as it now is and whether the provider's hold must be released
 * (a declined payment that could otherwise be confirmed again, or one authorised for an order
 * that was closed meanwhile).
 */
async function applySnapshot(
  db: Kysely<Database>,
  orderId: string,
  snapshot: PaymentSnapshot,
  facts: CardFacts,
  event?: ProviderEvent & { provider: string },
  /** Why a payment the shop cancelled itself failed (the card payment timeout). */
  timedOut?: string,
): Promise<{ row: OrderRow; release: boolean; duplicate: boolean }> {
  const now = facts.now ?? new Date();
  const at = now.toISOString();
  const failing = snapshot.state === 'declined' || snapshot.state === 'released';
  return db.transaction().execute(async (trx) => {
    // Same lock order as placing an order (revision row, then the order and products): a failed card gives stock back.
    if (failing) await lockCatalogRevision(trx);
    const row = await selectOrderForUpdate(trx, orderId);
    if (!row) throw orderNotFound();
    if (event) {
      const first = await insertProviderEvent(trx, { provider: event.provider, event_id: event.eventId, kind: event.kind, reference: event.reference, order_id: row.id, received_at: at });
      if (!first) return { row, release: false, duplicate: true };
    }
    const eventId = event?.eventId ?? null;
    const closed = row.status === 'declined' || row.status === 'cancelled';

    if (isAwaitingAuthorisation(row) && snapshot.state === 'authorised') {
      const card = brandOf(snapshot);
      await setCardAuthorisation(trx, row.id, { authorised_cents: snapshot.authorisedCents, card_brand: card.brand, card_last4: card.last4, updated_at: at });
      const after: OrderRow = { ...row, authorised_cents: snapshot.authorisedCents, card_brand: card.brand, card_last4: card.last4, payment_problem: null, updated_at: at };
      await paymentEvent(trx, row, at, 'authorised', snapshot.authorisedCents, eventId, cardLabel(snapshot));
      await timeline(trx, row, at, 'payment', `${cardLabel(snapshot)} authorised for ${formatMoney(snapshot.authorisedCents)}: nothing is taken until the order is approved.`);
      await recordAudit(trx, SYSTEM_ACTOR, { action: 'order.payment', entityType: 'order', entityId: row.id, before: moneyOf(row), after: { ...moneyOf(after), card: cardLabel(snapshot) } }, now);
      // The order-received e-mail waits for the authorisation: a declined card leaves the shopper nothing to read.
      const items = await selectItemsOfOrders(trx, [row.id]);
      const hazardRows = await selectProductHazards(trx, [...new Set(items.map((i) => i.product_id))]);
      const hazards = new Map(hazardRows.map((r) => [r.id, toProductHazard(JSON.parse(r.hazard))] as const));
      const safetySheets = await firstOrderSafetySheets(trx, { id: row.id, email: row.customer_email, customerId: row.customer_id }, items.map((i) => i.product_id));
      const mail = renderOrderReceivedMail({ order: toOrder(after, items), siteUrl: facts.siteUrl, bankDetails: bankDetailsOf(facts.config), hazards, safetySheets });
      const outboxId = await enqueueMail(trx, row.customer_email, mail, now);
      await insertMailEvent(trx, row.id, new Date(now.getTime() + 1).toISOString(), mail.subject, outboxId);
      return { row: after, release: false, duplicate: false };
    }

    if (isAwaitingAuthorisation(row) && failing) {
      const reason = snapshot.state === 'declined' ? (snapshot.message ?? 'declined by the bank') : (timedOut ?? 'the payment was cancelled before it was authorised');
      const changes = { status: 'cancelled', payment_status: derivePaymentStatus({ ...row, status: 'cancelled' }), updated_at: at };
      if (!(await updateOrderIfStatus(trx, row.id, 'pending', changes))) return { row, release: false, duplicate: false };
      const after: OrderRow = { ...row, ...changes };
      const items = await selectItemsOfOrders(trx, [row.id]);
      for (const item of [...items].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) await giveBackStock(trx, item.product_id, item.quantity, at);
      await paymentEvent(trx, row, at, 'authorisation_failed', 0, eventId, reason);
      await timeline(trx, row, at, 'cancelled', `Card payment failed (${reason}): order cancelled, stock returned, nothing charged.`, 'pending', 'cancelled');
      await recordAudit(trx, SYSTEM_ACTOR, { action: 'order.cancel', entityType: 'order', entityId: row.id, before: moneyOf(row), after: { ...moneyOf(after), reason } }, now);
      return { row: after, release: snapshot.state === 'declined', duplicate: false };
    }

    // Authorised after the order was closed (staff declined it, or it expired, while the shopper was at 3-D Secure).
    if (closed && snapshot.state === 'authorised') return { row, release: true, duplicate: false };

    const authorised = Number(row.authorised_cents);
    // Captured at the provider though the shop's capture call got no answer: what Stripe says is what happened.
    if (authorised > 0 && snapshot.state === 'captured' && Number(row.captured_cents) < snapshot.capturedCents) {
      const after: OrderRow = { ...row, authorised_cents: 0, captured_cents: snapshot.capturedCents, payment_problem: null };
      after.payment_status = derivePaymentStatus(after);
      await updateOrderPayment(trx, row.id, { authorised_cents: 0, captured_cents: snapshot.capturedCents, payment_status: after.payment_status, payment_problem: null, updated_at: at });
      await paymentEvent(trx, row, at, 'captured', snapshot.capturedCents, eventId, 'confirmed by the provider');
      await timeline(trx, row, at, 'payment', `Payment of ${formatMoney(snapshot.capturedCents)} captured (confirmed by the card provider).`);
      await recordAudit(trx, SYSTEM_ACTOR, { action: 'order.payment', entityType: 'order', entityId: row.id, before: moneyOf(row), after: moneyOf(after) }, now);
      return { row: after, release: false, duplicate: false };
    }

    // The hold lapsed at the provider (about 7 days) on an order still open: nothing can be captured now.
    if (authorised > 0 && !closed && snapshot.state === 'released') {
      const problem = `Card authorisation of ${formatMoney(authorised)} lapsed at the card provider (${snapshot.releaseReason ?? 'released'}): nothing can be captured; ask the customer to pay again.`;
      const after: OrderRow = { ...row, authorised_cents: 0, payment_problem: problem };
      await updateOrderPayment(trx, row.id, { authorised_cents: 0, payment_problem: problem, updated_at: at });
      await paymentEvent(trx, row, at, 'released', authorised, eventId, problem);
      await timeline(trx, row, at, 'payment', problem);
      await recordAudit(trx, SYSTEM_ACTOR, { action: 'order.payment', entityType: 'order', entityId: row.id, before: moneyOf(row), after: moneyOf(after) }, now);
      return { row: after, release: false, duplicate: false };
    }
    return { row, release: false, duplicate: false };
  });
}

/**
 * Cancels a card order whose payment was never set up at the provider (the call failed, or the
 * server stopped before it): stock given back, payment declined, timeline and audit say why, no
 * e-mail. Nothing is held at the provider, so nothing is released. The row as it now is.
 */
export async function cancelUnpreparedCardOrder(db: Kysely<Database>, orderId: string, reason: string, facts: CardFacts): Promise<OrderRow> {
  const nothing: PaymentSnapshot = { state: 'released', authorisedCents: 0, capturedCents: 0, refundedCents: 0, card: null, releaseReason: null };
  return (await applySnapshot(db, orderId, nothing, facts, undefined, reason)).row;
}

/** Releases a hold the shop must not keep (after the transaction that decided it); a failure is left to the provider's own lapse. */
async function releaseHold(provider: PaymentProvider, row: OrderRow): Promise<void> {
  await provider.release(paymentRecordOf(row), `release-unwanted-${row.id}`).catch(() => undefined);
}

/** The card provider of an order, or 404 when the order is not paid by a provider the shop can ask. */
function cardProviderOf(config: Config, row: OrderRow): PaymentProvider {
  const provider = providerById(config, row.payment_provider);
  if (row.payment_method !== 'card' || !row.payment_reference || !provider?.inspect) throw orderNotFound();
  return provider;
}

/**
 * After the browser's confirmation (Stripe.js confirmCardPayment, 3-D Secure included): reads the
 * payment from the provider and brings the order to it. `reference` (the payment's id, which only
 * the shopper's browser has) must be the order's; 404 otherwise, as for an unknown order.
 */
export async function confirmCardPayment(db: Kysely<Database>, orderNumber: string, reference: string, facts: CardFacts): Promise<CardOutcome> {
  const found = await selectOrderByNumber(db, orderNumber);
  if (!found || found.payment_reference !== reference) throw orderNotFound();
  const provider = cardProviderOf(facts.config, found);
  let snapshot: PaymentSnapshot;
  try {
    snapshot = await provider.inspect!(paymentRecordOf(found));
  } catch {
    throw new ApiError(502, 'provider_failed', ORDER_MESSAGES.cardUnavailable);
  }
  const { row, release } = await applySnapshot(db, found.id, snapshot, facts);
  if (release) await releaseHold(provider, row);
  if (Number(row.authorised_cents) > 0 || Number(row.captured_cents) > 0) return { outcome: 'authorised', row };
  if (row.status === 'cancelled' || row.status === 'declined') {
    const message = snapshot.state === 'declined' && snapshot.message ? `${ORDER_MESSAGES.cardDeclined} ${snapshot.message}` : ORDER_MESSAGES.cardDeclined;
    return { outcome: 'declined', row, message };
  }
  const state = snapshot.state === 'requires_action' || snapshot.state === 'processing' ? snapshot.state : 'awaiting_payment';
  return { outcome: state, row, ...(snapshot.clientData ? { clientData: snapshot.clientData } : {}) };
}

/** What applying a provider's notification did. */
export interface NotificationResult {
  /** Events read from the notification. */
  events: number;
  /** Events applied for the first time. */
  applied: number;
}

/**
 * Applies a provider's notification (a Stripe webhook): the signature is checked by the provider
 * (400 when it does not verify), each event's payment is read back from the provider and the
 * order brought to it, once per event id. A payment the shop has no order for is recorded and
 * left alone. When the provider cannot be read the event is not marked applied, so the provider's
 * retry applies it (503).
 */
export async function applyProviderNotification(db: Kysely<Database>, providerId: string, request: Request, facts: CardFacts): Promise<NotificationResult> {
  const provider = providerById(facts.config, providerId);
  if (!provider?.parseEvents || !provider.inspect) throw notFound('Not found.');
  let events: ProviderEvent[];
  try {
    events = await provider.parseEvents(request);
  } catch (err) {
    throw new ApiError(400, 'bad_request', err instanceof Error ? err.message : 'The notification could not be verified.');
  }
  let applied = 0;
  for (const event of events) {
    const row = await selectOrderByPaymentReference(db, provider.id, event.reference);
    if (!row) {
      await insertProviderEvent(db, { provider: provider.id, event_id: event.eventId, kind: event.kind, reference: event.reference, order_id: null, received_at: (facts.now ?? new Date()).toISOString() });
      continue;
    }
    let snapshot: PaymentSnapshot;
    try {
      snapshot = await provider.inspect(paymentRecordOf(row));
    } catch {
      throw new ApiError(503, 'unavailable', 'The payment provider could not be read; deliver the event again later.', undefined, { 'retry-after': '30' });
    }
    const result = await applySnapshot(db, row.id, snapshot, facts, { ...event, provider: provider.id });
    if (result.release) await releaseHold(provider, result.row);
    if (!result.duplicate) applied += 1;
  }
  return { events: events.length, applied };
}

/** The customer's view of an order row. */
export async function toCustomerOrder(db: Kysely<Database>, row: OrderRow): Promise<Order> {
  return toOrder(row, await selectItemsOfOrders(db, [row.id]));
}

/** Card orders one sweep settles (the next sweep takes the rest). */
const UNFINISHED_BATCH = 100;

/**
 * Card orders still waiting for their card after `timeoutMs` (CARD_PAYMENT_TIMEOUT_MINUTES): each
 * payment is read from the provider first, so one authorised whose webhook never came is
 * finalised; one still unconfirmed (an abandoned payment step, 3-D Secure left open) is cancelled
 * at the provider and then the order is cancelled with its stock given back. Returns how many
 * orders this call settled either way; a provider that cannot be read leaves the order for the next sweep.
 */
export async function settleUnfinishedCardOrders(db: Kysely<Database>, timeoutMs: number, facts: CardFacts): Promise<number> {
  const now = facts.now ?? new Date();
  const minutes = Math.round(timeoutMs / 60_000);
  const ids = await selectUnauthorisedCardOrderIds(db, new Date(now.getTime() - timeoutMs).toISOString(), UNFINISHED_BATCH);
  let settled = 0;
  for (const id of ids) {
    const row = await selectOrderForUpdate(db, id);
    if (!row || !isAwaitingAuthorisation(row)) continue;
    if (!row.payment_reference) {
      // Its payment was never set up (the server stopped between the order's commit and the provider's answer).
      const after = await cancelUnpreparedCardOrder(db, row.id, 'the card payment was never set up', facts);
      if (!isAwaitingAuthorisation(after)) settled += 1;
      continue;
    }
    const provider = providerById(facts.config, row.payment_provider);
    if (!provider?.inspect) continue;
    try {
      let snapshot = await provider.inspect(paymentRecordOf(row));
      if (snapshot.state === 'awaiting_payment' || snapshot.state === 'requires_action') {
        const released = await provider.release(paymentRecordOf(row), `release-timeout-${row.id}`);
        if (!released.ok) continue;
        snapshot = await provider.inspect(paymentRecordOf(row));
      }
      const result = await applySnapshot(db, row.id, snapshot, facts, undefined, `card payment not completed within ${minutes} minutes`);
      if (result.release) await releaseHold(provider, result.row);
      if (!isAwaitingAuthorisation(result.row)) settled += 1;
    } catch {
      // Read again on the next sweep.
    }
  }
  return settled;
}

/**
 * What the browser needs to go on paying a card order still awaiting its authorisation (a checkout
 * attempt repeated after its first answer was lost): the provider's client data, read from the
 * provider; undefined for any other order or when the provider cannot be read.
 */
export async function resumeCardPayment(db: Kysely<Database>, orderNumber: string, config: Config): Promise<Record<string, unknown> | undefined> {
  const row = await selectOrderByNumber(db, orderNumber);
  if (!row || !isAwaitingAuthorisation(row) || !row.payment_reference) return undefined;
  const provider = providerById(config, row.payment_provider);
  const snapshot = await provider?.inspect?.(paymentRecordOf(row)).catch(() => undefined);
  return snapshot?.clientData;
}
