/**
 * The rules of an order's money: recording bank transfers received, refunds with their credit
 * notes, issuing the VAT invoice, and settling with the provider after staff approve, decline or
 * cancel (capture, release, refund what was kept). The payment status the spec shows follows the
 * money (payment-status.ts); every movement is a payment event, an entry in the order's timeline
 * and, for staff actions, an audit entry, written in one transaction.
 */
import type { Kysely } from 'kysely';
import { VAT_RATE } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { applyRate } from '../../lib/money';
import { ADMIN_MESSAGES } from '../../lib/schemas/admin';
import {
  formatCreditNoteNumber,
  formatInvoiceNumber,
  PAYMENT_MESSAGES,
  type CreditNote,
  type PaymentsAttention,
  type RecordPaymentInput,
  type RefundInput,
} from '../../lib/schemas/payments';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Config } from '../config';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderRefundMail } from '../mail/templates';
import { giveBackStock, insertMailEvent, insertOrderEvent } from '../orders/order-admin.repository';
import { lockCatalogRevision, selectItemsOfOrders, type OrderRow } from '../orders/orders.repository';
import { toOrder } from '../orders/order-view';
import { derivePaymentStatus, outstandingCentsOf, paymentRecordOf } from './payment-status';
import type { ProviderOutcome } from './payment-provider';
import { providerById } from './providers';
export { bankDetailsOf } from './bank-transfer.provider';
import {
  insertPaymentEvent,
  insertRefund,
  reserveRefund,
  selectLapsingAuthorisations,
  selectOrderForUpdate,
  selectOverdueTransfers,
  selectPaymentProblems,
  selectRefundsOfOrder,
  setInvoiceNumber,
  takeNextDocumentNumber,
  unreserveRefund,
  updateOrderPayment,
  type RefundRow,
} from './payments.repository';

/** What the payment rules need to know besides the order. */
export interface PaymentFacts {
  config: Config;
  now?: Date;
}

/** Orders named under each heading of the payments needing attention. */
const ATTENTION_ITEMS_LIMIT = 20;
/** Card authorisations older than this are about to lapse (card schemes hold them about 7 days). */
export const AUTHORISATION_LAPSE_WARNING_MS = 5 * 86_400_000;

/** '$12.34' of cents. */
const money = (cents: number) => formatMoney(cents);

/** Adds an entry to the order's timeline (what customers and staff see). */
function timeline(db: Db, orderId: string, at: string, actor: Actor, action: 'payment' | 'refund' | 'invoice', note: string): Promise<void> {
  return insertOrderEvent(db, {
    id: crypto.randomUUID(),
    order_id: orderId,
    at,
    actor_kind: actor.id ? 'staff' : 'system',
    actor_id: actor.id,
    actor_name: actor.name,
    action,
    from_status: null,
    to_status: null,
    note,
    outbox_id: null,
  });
}

/**
 * Issues the order's VAT invoice in the caller's transaction if it has none: the next number of
 * the invoice sequence, the timeline entry. Returns the row as it now is.
 */
export async function issueInvoice(db: Db, row: OrderRow, actor: Actor, now: Date): Promise<OrderRow> {
  if (row.invoice_number !== null) return row;
  const at = now.toISOString();
  const number = await takeNextDocumentNumber(db, 'invoice');
  if (!(await setInvoiceNumber(db, row.id, number, at))) throw new Error(`order ${row.id} got an invoice number meanwhile`);
  await timeline(db, row.id, at, actor, 'invoice', `Invoice ${formatInvoiceNumber(number)} issued`);
  return { ...row, invoice_number: number, invoice_issued_at: at };
}

/** The money as it is after a change, with the payment status that follows from it. */
function withStatus(row: OrderRow, changes: Partial<OrderRow>): OrderRow {
  const next = { ...row, ...changes };
  return { ...next, payment_status: derivePaymentStatus(next) };
}

/** The audit view of an order's money. */
function moneyOf(row: OrderRow) {
  return {
    orderNumber: row.order_number,
    paymentStatus: row.payment_status,
    capturedCents: Number(row.captured_cents),
    refundedCents: Number(row.refunded_cents),
    authorisedCents: Number(row.authorised_cents),
  };
}

/** The order row locked for a payment change; 404 when there is none. */
async function lockOrder(trx: Db, id: string): Promise<OrderRow> {
  const row = await selectOrderForUpdate(trx, id);
  if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
  return row;
}

/**
 * Records a bank transfer received for an order (staff): part payments add up; more than the
 * order still owes is refused (409 naming what it owes), as is a card order or a declined or
 * cancelled one. Once paid in full the payment status is 'approved' and, with INVOICE_ISSUED_ON
 * = payment, the invoice is issued. Returns the order's id.
 */
export async function recordBankTransfer(db: Kysely<Database>, id: string, input: RecordPaymentInput, actor: Actor, facts: PaymentFacts): Promise<void> {
  const now = facts.now ?? new Date();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, id);
    if (row.payment_method !== 'bank_transfer') throw new ApiError(409, 'conflict', PAYMENT_MESSAGES.notBankTransfer);
    if (row.status === 'declined' || row.status === 'cancelled') throw new ApiError(409, 'conflict', PAYMENT_MESSAGES.orderClosed);
    const owed = outstandingCentsOf(row);
    if (owed === 0) throw new ApiError(409, 'conflict', PAYMENT_MESSAGES.alreadyPaid);
    if (input.amountCents > owed) {
      throw new ApiError(409, 'overpayment', `${PAYMENT_MESSAGES.overpayment} ${money(owed)}.`, { amountCents: `${PAYMENT_MESSAGES.overpayment} ${money(owed)}.` }, undefined, {
        outstandingCents: owed,
      });
    }
    let after = withStatus(row, { captured_cents: Number(row.captured_cents) + input.amountCents, payment_problem: null });
    await updateOrderPayment(trx, id, { captured_cents: after.captured_cents, payment_status: after.payment_status, payment_problem: null, updated_at: at });
    await insertPaymentEvent(trx, {
      id: crypto.randomUUID(),
      order_id: id,
      at,
      kind: 'received',
      amount_cents: input.amountCents,
      reference: input.reference || null,
      received_at: input.receivedAt,
      provider_event_id: null,
      actor_id: actor.id,
      actor_name: actor.name,
      note: null,
    });
    const left = outstandingCentsOf(after);
    const ref = input.reference ? ` (reference ${input.reference})` : '';
    await timeline(
      trx,
      id,
      at,
      actor,
      'payment',
      `Bank transfer of ${money(input.amountCents)} received on ${input.receivedAt.slice(0, 10)}${ref}. ${left === 0 ? 'Paid in full.' : `Still owed: ${money(left)}.`}`,
    );
    if (left === 0 && facts.config.INVOICE_ISSUED_ON === 'payment') after = await issueInvoice(trx, after, actor, now);
    await recordAudit(
      trx,
      actor,
      { action: 'order.payment', entityType: 'order', entityId: id, before: moneyOf(row), after: { ...moneyOf(after), amountCents: input.amountCents, receivedAt: input.receivedAt, reference: input.reference } },
      now,
    );
  });
}

/** A line of a refund as kept on its credit note. */
export interface RefundedLine {
  productId: string;
  name: string;
  sku: string;
  quantity: number;
  unitPriceCents: number;
  restock: boolean;
}

/** The refund's lines checked against the order (what is left of each line after earlier refunds), and their amount with VAT. */
async function priceRefundLines(trx: Db, row: OrderRow, lines: NonNullable<RefundInput['lines']>): Promise<{ lines: RefundedLine[]; amountCents: number }> {
  const items = await selectItemsOfOrders(trx, [row.id]);
  const earlier = (await selectRefundsOfOrder(trx, row.id)).flatMap((r) => JSON.parse(r.lines_json) as RefundedLine[]);
  const merged = new Map<string, { quantity: number; restock: boolean }>();
  for (const line of lines) {
    const seen = merged.get(line.productId);
    merged.set(line.productId, { quantity: (seen?.quantity ?? 0) + line.quantity, restock: (seen?.restock ?? false) || line.restock });
  }
  const priced: RefundedLine[] = [];
  const fields: Record<string, string> = {};
  for (const [productId, wanted] of merged) {
    const ordered = items.filter((i) => i.product_id === productId);
    const bought = ordered.reduce((n, i) => n + i.quantity, 0);
    const returned = earlier.filter((l) => l.productId === productId).reduce((n, l) => n + l.quantity, 0);
    if (ordered.length === 0 || wanted.quantity > bought - returned) {
      fields[`lines.${productId}`] = PAYMENT_MESSAGES.refundLines;
      continue;
    }
    const item = ordered[0]!;
    priced.push({ productId, name: item.product_name, sku: item.product_sku, quantity: wanted.quantity, unitPriceCents: item.unit_price_cents, restock: wanted.restock });
  }
  if (Object.keys(fields).length > 0) throw new ApiError(422, 'invalid_fields', PAYMENT_MESSAGES.refundLines, fields);
  const net = priced.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  return { lines: priced, amountCents: net + applyRate(net, VAT_RATE) };
}

/** The credit-note view of a refund row. */
export function toCreditNote(row: RefundRow, orderId: string): CreditNote {
  const number = formatCreditNoteNumber(Number(row.credit_note_number));
  return {
    number,
    amountCents: Number(row.amount_cents),
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at,
    by: row.actor_name,
    lines: (JSON.parse(row.lines_json) as RefundedLine[]).map((l) => ({ productId: l.productId, name: l.name, quantity: l.quantity, restock: l.restock })),
    url: `/api/admin/orders/${orderId}/credit-notes/${number}.pdf`,
  };
}

/** The outcome of a provider call, or a failure if it threw. */
async function ask(call: () => Promise<ProviderOutcome>): Promise<ProviderOutcome> {
  try {
    return await call();
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * Refunds part or all of what an order's customer paid (staff, or the system when a paid order is
 * cancelled): an amount, or lines (their price with VAT, each optionally restocked). The amount is
 * reserved first (two refunds at once can never return more than was captured), then given back
 * through the provider (a bank transfer's refund is money staff send back, recorded as such), then
 * recorded with the next credit-note number, the timeline, the audit entry and the customer's
 * e-mail. A provider that refuses gives the reservation back and answers 502. Returns the credit note.
 */
export async function refundOrder(db: Kysely<Database>, id: string, input: RefundInput, actor: Actor, facts: PaymentFacts & { siteUrl: string }): Promise<CreditNote> {
  const now = facts.now ?? new Date();
  const at = now.toISOString();
  const refundId = crypto.randomUUID();
  const reserved = await db.transaction().execute(async (trx) => {
    const row = await lockOrder(trx, id);
    const left = Number(row.captured_cents) - Number(row.refunded_cents);
    if (Number(row.captured_cents) === 0) throw new ApiError(409, 'conflict', PAYMENT_MESSAGES.nothingToRefund);
    const priced = input.lines ? await priceRefundLines(trx, row, input.lines) : { lines: [] as RefundedLine[], amountCents: input.amountCents! };
    if (priced.amountCents > left || !(await reserveRefund(trx, id, priced.amountCents, at))) {
      const message = `${PAYMENT_MESSAGES.refundTooLarge} ${money(Math.max(0, left))}.`;
      throw new ApiError(409, 'refund_too_large', message, { amountCents: message }, undefined, { refundableCents: Math.max(0, left) });
    }
    return { row, ...priced };
  });

  const provider = providerById(facts.config, reserved.row.payment_provider);
  const outcome = provider
    ? await ask(() => provider.refund(paymentRecordOf(reserved.row), reserved.amountCents, input.reason, `refund-${refundId}`))
    : ({ ok: false, message: `no provider ${reserved.row.payment_provider} is configured` } as const);

  if (!outcome.ok) {
    await db.transaction().execute(async (trx) => {
      await lockOrder(trx, id);
      await unreserveRefund(trx, id, reserved.amountCents, at);
      await recordFailure(trx, id, 'refund_failed', reserved.amountCents, `Refund of ${money(reserved.amountCents)} failed: ${outcome.message}`, actor, at);
    });
    throw new ApiError(502, 'provider_failed', `${PAYMENT_MESSAGES.providerFailed} ${outcome.message}`);
  }

  return db.transaction().execute(async (trx) => {
    const restocked = reserved.lines.filter((l) => l.restock);
    // Same lock order as placing an order: the catalogue revision row, then products.
    if (restocked.length > 0) await lockCatalogRevision(trx);
    const row = await lockOrder(trx, id);
    const after = withStatus(row, {});
    const number = await takeNextDocumentNumber(trx, 'credit_note');
    const refund: RefundRow = {
      id: refundId,
      order_id: id,
      credit_note_number: number,
      amount_cents: reserved.amountCents,
      reason: input.reason,
      lines_json: JSON.stringify(reserved.lines),
      provider_reference: outcome.reference ?? null,
      status: outcome.manual ? 'to_return' : 'succeeded',
      created_at: at,
      actor_id: actor.id,
      actor_name: actor.name,
    };
    await insertRefund(trx, refund);
    await updateOrderPayment(trx, id, { payment_status: after.payment_status, updated_at: at });
    for (const line of [...restocked].sort((a, b) => (a.productId < b.productId ? -1 : 1))) await giveBackStock(trx, line.productId, line.quantity, at);
    await insertPaymentEvent(trx, {
      id: crypto.randomUUID(),
      order_id: id,
      at,
      kind: 'refunded',
      amount_cents: reserved.amountCents,
      reference: outcome.reference ?? null,
      received_at: null,
      provider_event_id: null,
      actor_id: actor.id,
      actor_name: actor.name,
      note: input.reason,
    });
    const how = outcome.manual ? 'to be returned by bank transfer' : 'returned to the card';
    const restockNote = restocked.length ? ` Restocked: ${restocked.map((l) => `${l.quantity} × ${l.name}`).join(', ')}.` : '';
    await timeline(trx, id, at, actor, 'refund', `Refund of ${money(reserved.amountCents)} ${how}, credit note ${formatCreditNoteNumber(number)}. Reason: ${input.reason}.${restockNote}`);
    await recordAudit(
      trx,
      actor,
      {
        action: 'order.refund',
        entityType: 'order',
        entityId: id,
        before: moneyOf({ ...row, refunded_cents: Number(row.refunded_cents) - reserved.amountCents }),
        after: { ...moneyOf(after), creditNote: formatCreditNoteNumber(number), amountCents: reserved.amountCents, reason: input.reason, lines: reserved.lines },
      },
      now,
    );
    const items = await selectItemsOfOrders(trx, [id]);
    const mail = renderRefundMail({
      order: toOrder(after, items),
      siteUrl: facts.siteUrl,
      amountCents: reserved.amountCents,
      creditNote: formatCreditNoteNumber(number),
      reason: input.reason,
      manual: outcome.manual === true,
    });
    const outboxId = await enqueueMail(trx, after.customer_email, mail, now);
    await insertMailEvent(trx, id, new Date(now.getTime() + 1).toISOString(), mail.subject, outboxId);
    return toCreditNote(refund, id);
  });
}

/** Records a provider call that failed: the event, the timeline, and the problem that puts the order under payments needing attention. */
async function recordFailure(trx: Db, id: string, kind: 'capture_failed' | 'refund_failed' | 'release_failed', amountCents: number, text: string, actor: Actor, at: string): Promise<void> {
  await insertPaymentEvent(trx, {
    id: crypto.randomUUID(),
    order_id: id,
    at,
    kind,
    amount_cents: amountCents,
    reference: null,
    received_at: null,
    provider_event_id: null,
    actor_id: actor.id,
    actor_name: actor.name,
    note: text,
  });
  await updateOrderPayment(trx, id, { payment_problem: text, updated_at: at });
  await timeline(trx, id, at, actor, 'payment', text);
}

/**
 * Captures what is held on an order (after the call, in one transaction: the money, the event, the
 * timeline, with `audited` the audit entry). A refusal is recorded as a failed capture (payments
 * needing attention) and changes nothing else; a capture the webhook recorded first is not counted twice.
 */
async function captureHeld(db: Kysely<Database>, row: OrderRow, idempotencyKey: string, actor: Actor, now: Date, audited: boolean, config: Config): Promise<ProviderOutcome> {
  const id = row.id;
  const at = now.toISOString();
  const authorised = Number(row.authorised_cents);
  const provider = providerById(config, row.payment_provider);
  const outcome = provider ? await ask(() => provider.capture(paymentRecordOf(row), authorised, idempotencyKey)) : ({ ok: false, message: 'no provider' } as const);
  await db.transaction().execute(async (trx) => {
    const locked = await lockOrder(trx, id);
    // The provider's webhook may have recorded this capture already (card-payments.service).
    if (outcome.ok && Number(locked.authorised_cents) === 0) return;
    if (!outcome.ok) return recordFailure(trx, id, 'capture_failed', authorised, `Capture of ${money(authorised)} failed: ${outcome.message}`, actor, at);
    const after = withStatus(locked, { authorised_cents: 0, captured_cents: Number(locked.captured_cents) + outcome.amountCents, payment_problem: null });
    await updateOrderPayment(trx, id, { authorised_cents: 0, captured_cents: after.captured_cents, payment_status: after.payment_status, payment_problem: null, updated_at: at });
    await insertPaymentEvent(trx, { id: crypto.randomUUID(), order_id: id, at, kind: 'captured', amount_cents: outcome.amountCents, reference: outcome.reference ?? null, received_at: null, provider_event_id: null, actor_id: actor.id, actor_name: actor.name, note: null });
    await timeline(trx, id, at, actor, 'payment', `Payment of ${money(outcome.amountCents)} captured.`);
    if (audited) await recordAudit(trx, actor, { action: 'order.capture', entityType: 'order', entityId: id, before: moneyOf(locked), after: moneyOf(after) }, now);
  });
  return outcome;
}

/**
 * Tries again to capture what is held on an approved (or later) order whose capture failed (staff):
 * 409 when nothing is held or the order is not approved; 502 when the provider refuses again (the
 * failure recorded, the order unchanged).
 */
export async function retryCapture(db: Kysely<Database>, id: string, actor: Actor, facts: PaymentFacts): Promise<void> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
  if (!['approved', 'processing', 'shipped', 'delivered'].includes(row.status) || Number(row.authorised_cents) === 0) {
    throw new ApiError(409, 'conflict', PAYMENT_MESSAGES.nothingToCapture);
  }
  // A new key: the provider replays a failed call's answer for the same key.
  const outcome = await captureHeld(db, row, `capture-${id}-${crypto.randomUUID()}`, actor, facts.now ?? new Date(), true, facts.config);
  if (!outcome.ok) throw new ApiError(502, 'provider_failed', `${PAYMENT_MESSAGES.providerFailed} ${outcome.message}`);
}

/**
 * What follows an order's move, with the provider, after the move has committed: on approval the
 * authorisation is captured; on decline, cancel or expiry what is authorised is released and what
 * was captured and not refunded is refunded (with a credit note). A provider that fails leaves the
 * order as moved, with the failure recorded (payments needing attention); it never undoes the move.
 */
export async function settlePaymentAfterMove(db: Kysely<Database>, id: string, actor: Actor, facts: PaymentFacts & { siteUrl: string }): Promise<void> {
  const now = facts.now ?? new Date();
  const at = now.toISOString();
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const provider = providerById(facts.config, row.payment_provider);
  const authorised = Number(row.authorised_cents);
  const closing = row.status === 'declined' || row.status === 'cancelled';
  if (row.status === 'approved' && authorised > 0) {
    await captureHeld(db, row, `capture-${id}`, actor, now, false, facts.config);
    return;
  }
  if (!closing) return;
  if (authorised === 0 && row.payment_method === 'card' && row.payment_reference && Number(row.captured_cents) === 0 && provider) {
    // Closed before the shopper finished paying: cancelled at the provider so the card can no longer be confirmed.
    await ask(() => provider.release(paymentRecordOf(row), `release-${id}`));
  }
  if (authorised > 0) {
    const outcome = provider ? await ask(() => provider.release(paymentRecordOf(row), `release-${id}`)) : ({ ok: false, message: 'no provider' } as const);
    await db.transaction().execute(async (trx) => {
      const locked = await lockOrder(trx, id);
      if (outcome.ok && Number(locked.authorised_cents) === 0) return;
      if (!outcome.ok) return recordFailure(trx, id, 'release_failed', authorised, `Release of ${money(authorised)} failed: ${outcome.message}`, actor, at);
      const after = withStatus(locked, { authorised_cents: 0 });
      await updateOrderPayment(trx, id, { authorised_cents: 0, payment_status: after.payment_status, updated_at: at });
      await insertPaymentEvent(trx, { id: crypto.randomUUID(), order_id: id, at, kind: 'released', amount_cents: authorised, reference: null, received_at: null, provider_event_id: null, actor_id: actor.id, actor_name: actor.name, note: null });
      await timeline(trx, id, at, actor, 'payment', `Authorisation of ${money(authorised)} released: the customer is not charged.`);
    });
  }
  const kept = Number(row.captured_cents) - Number(row.refunded_cents);
  if (kept > 0) {
    try {
      await refundOrder(db, id, { amountCents: kept, reason: `Order ${row.status}` }, actor, facts);
    } catch (err) {
      // Recorded as a failed refund by refundOrder; the move itself stands.
      if (!(err instanceof ApiError)) throw err;
    }
  }
}

/** The payment status and timeline note a closing move (decline, cancel, expiry) leaves before settling. */
export function closingPaymentStatus(row: OrderRow, to: 'declined' | 'cancelled'): OrderRow['payment_status'] {
  return derivePaymentStatus({ ...row, status: to });
}

/** One order under a heading of the payments needing attention. */
function attentionItem(row: OrderRow, detail: string) {
  return {
    orderId: row.id,
    orderNumber: row.order_number,
    customerName: `${row.first_name} ${row.last_name}`,
    totalCents: Number(row.total_cents),
    outstandingCents: outstandingCentsOf(row),
    placedAt: row.created_at,
    detail,
  };
}

/** Payments needing attention: bank transfers overdue (BANK_TRANSFER_DUE_DAYS), failed captures or refunds, card authorisations about to lapse. */
export async function loadPaymentsAttention(db: Db, config: Config, now: Date = new Date()): Promise<PaymentsAttention> {
  const days = config.BANK_TRANSFER_DUE_DAYS;
  const [overdue, failed, lapsing] = await Promise.all([
    selectOverdueTransfers(db, new Date(now.getTime() - days * 86_400_000).toISOString(), ATTENTION_ITEMS_LIMIT),
    selectPaymentProblems(db, ATTENTION_ITEMS_LIMIT),
    selectLapsingAuthorisations(db, new Date(now.getTime() - AUTHORISATION_LAPSE_WARNING_MS).toISOString(), ATTENTION_ITEMS_LIMIT),
  ]);
  return {
    overdueTransfers: {
      count: overdue.count,
      days,
      items: overdue.rows.map((r) => attentionItem(r, `${money(outstandingCentsOf(r))} still owed, placed ${r.created_at.slice(0, 10)}`)),
    },
    failed: { count: failed.count, items: failed.rows.map((r) => attentionItem(r, r.payment_problem ?? '')) },
    lapsingAuthorisations: {
      count: lapsing.count,
      items: lapsing.rows.map((r) => attentionItem(r, `${money(Number(r.authorised_cents))} authorised on ${r.created_at.slice(0, 10)}, not captured`)),
    },
  };
}
