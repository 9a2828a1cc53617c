import type { Kysely } from 'kysely';
import { ACCOUNT_PROVIDER_ID } from '../trade/trade.repository';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { PAYMENT_MESSAGES } from '../../lib/schemas/payments';
import { parseConfig, type Config } from '../config';
import { bankDetailsOf } from '../payments/bank-transfer.provider';
import { derivePaymentStatus, outstandingCentsOf } from '../payments/payment-status';
import { isAwaitingAuthorisation } from '../payments/card-payments.service';
import { selectRefundsOfOrder } from '../payments/payments.repository';
import { issueInvoice, settlePaymentAfterMove, toCreditNote } from '../payments/payments.service';
import {
  ADMIN_MESSAGES,
  canTransition,
  type AdminOrder,
  type AdminOrderListItem,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type OrderHistoryEntry,
  type OrderStatusChange,
} from '../../lib/schemas/admin';
import { normalizeOrderNumber } from '../../lib/schemas/order';
import { buildHistory, isOrderStatus } from './order-history';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.service';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderOrderUpdateMail, type OrderUpdateKind } from '../mail/templates';
import {
  countOrdersWithStatus,
  giveBackStock,
  insertMailEvent,
  insertOrderEvent,
  selectOrderById,
  selectOrderEvents,
  selectOrderPage,
  selectStalePendingOrderIds,
  updateOrderIfStatus,
} from './order-admin.repository';
import { lockCatalogRevision, selectItemsOfOrders, type OrderItemRow, type OrderRow } from './orders.repository';
import { toOrder } from './order-view';

/** The staff view of an order row without its history. */
function toAdminListItem(row: OrderRow, items: OrderItemRow[]): AdminOrderListItem {
  const order = toOrder(row, items);
  return {
    ...order,
    invoice: order.invoice ? { ...order.invoice, url: `/api/admin/orders/${row.id}/invoice.pdf` } : null,
    customerId: row.customer_id,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    paymentProblem: row.payment_problem ?? null,
  };
}

/** The staff view of one order with its whole history. */
async function loadAdminOrder(db: Kysely<Database>, row: OrderRow): Promise<AdminOrder> {
  const [items, events, refunds] = await Promise.all([selectItemsOfOrders(db, [row.id]), selectOrderEvents(db, row.id), selectRefundsOfOrder(db, row.id)]);
  return { ...toAdminListItem(row, items), history: buildHistory(row, events, 'staff'), creditNotes: refunds.map((r) => toCreditNote(r, row.id)) };
}

/** One page of the back-office orders list: filtered by status, searched by number, name or e-mail, newest first. */
export async function listAdminOrders(db: Kysely<Database>, query: AdminOrdersQuery & { ids?: readonly string[] }): Promise<AdminOrdersPage> {
  const q = query.q.trim();
  const orderNumber = q ? normalizeOrderNumber(q) : null;
  const { rows, total } = await selectOrderPage(db, {
    status: query.status === 'all' ? undefined : query.status,
    orderNumber: orderNumber ?? undefined,
    text: orderNumber ? undefined : q.toLowerCase() || undefined,
    sort: query.sort,
    ids: query.ids,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const items = await selectItemsOfOrders(db, rows.map((r) => r.id));
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
  return { orders: rows.map((row) => toAdminListItem(row, byOrder.get(row.id) ?? [])), total, page: query.page, pageSize: query.pageSize };
}

/** One order with its history for staff; 404 when there is none. */
export async function getAdminOrder(db: Kysely<Database>, id: string): Promise<AdminOrder> {
  const row = await selectOrderById(db, id);
  if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
  return loadAdminOrder(db, row);
}

/** How many orders wait for approval (the bell). */
export function countPendingOrders(db: Kysely<Database>): Promise<number> {
  return countOrdersWithStatus(db, 'pending');
}

/** What a transition needs besides the order and the target status. */
interface TransitionRequest {
  to: OrderStatus;
  /** The order's history action. */
  action: OrderHistoryEntry['action'];
  /** The audit action, e.g. 'order.approve'. */
  auditAction: string;
  /** Refuses the move before anything is written (e.g. approval before payment). */
  guard?: (row: OrderRow) => void;
  /** Issue the VAT invoice in the move's transaction. */
  issueInvoice?: boolean;
  /** Line appended to the order's notes. */
  note?: string;
  carrier?: string;
  trackingNumber?: string;
  /** The e-mail the customer gets, if any. */
  mail?: OrderUpdateKind;
  reason?: string;
}

/** The 409 of a refused or lost transition, carrying the order as it is now. */
function transitionConflict(order: AdminOrder): ApiError {
  return new ApiError(409, 'conflict', `${ADMIN_MESSAGES.transitionRefused} ${order.status}.`, undefined, undefined, { order });
}

/** What changing an order needs to know. */
export interface WorkflowFacts {
  siteUrl: string;
  now?: Date;
  /** The settings (payments, invoices); the defaults when absent (scripts, unit tests). */
  config?: Config;
}

/**
 * Moves an order along the state machine in one transaction: the status guard (a conditional
 * update, so of two staff acting at once exactly one wins and the other gets 409 with the order as
 * it now is), stock given back on decline and cancel (once: only the winning transition does it),
 * the history event, the audit entry and the customer's e-mail.
 */
async function transition(db: Kysely<Database>, id: string, request: TransitionRequest, actor: Actor, facts: WorkflowFacts): Promise<AdminOrder> {
  const now = facts.now ?? new Date();
  const at = now.toISOString();
  const config = facts.config ?? parseConfig({});
  const restock = request.to === 'declined' || request.to === 'cancelled';
  const outcome = await db.transaction().execute(async (trx) => {
    // Same lock order as placing an order (revision row, then products) so the two cannot deadlock.
    if (restock) await lockCatalogRevision(trx);
    const row = await selectOrderById(trx, id);
    if (!row) throw notFound(ADMIN_MESSAGES.orderNotFound);
    const from = isOrderStatus(row.status) ? row.status : 'pending';
    if (!canTransition(from, request.to)) return { conflict: row };
    request.guard?.(row);
    // The payment status follows the money; a move only changes it by closing an order that kept nothing.
    const closing = request.to === 'declined' || request.to === 'cancelled';
    const paymentStatus = closing ? derivePaymentStatus({ ...row, status: request.to }) : row.payment_status;
    const notes = request.note ? `${row.notes}\n${request.note}` : row.notes;
    const changes = {
      status: request.to,
      payment_status: paymentStatus,
      notes,
      updated_at: at,
      ...(request.carrier !== undefined ? { carrier: request.carrier || null } : {}),
      ...(request.trackingNumber !== undefined ? { tracking_number: request.trackingNumber || null } : {}),
    };
    if (!(await updateOrderIfStatus(trx, id, row.status, changes))) return { conflict: undefined };
    let after: OrderRow = { ...row, ...changes };
    const items = await selectItemsOfOrders(trx, [id]);
    if (restock) {
      for (const item of [...items].sort((a, b) => (a.product_id < b.product_id ? -1 : 1))) await giveBackStock(trx, item.product_id, item.quantity, at);
    }
    await insertOrderEvent(trx, {
      id: crypto.randomUUID(),
      order_id: id,
      at,
      actor_kind: actor.id ? 'staff' : 'system',
      actor_id: actor.id,
      actor_name: actor.name,
      action: request.action,
      from_status: from,
      to_status: request.to,
      note: request.reason ?? request.note ?? null,
      outbox_id: null,
    });
    await recordAudit(
      trx,
      actor,
      {
        action: request.auditAction,
        entityType: 'order',
        entityId: id,
        before: { orderNumber: row.order_number, status: row.status, paymentStatus: row.payment_status, carrier: row.carrier, trackingNumber: row.tracking_number },
        after: { orderNumber: row.order_number, status: after.status, paymentStatus: after.payment_status, carrier: after.carrier, trackingNumber: after.tracking_number, ...(request.reason ? { reason: request.reason } : {}) },
      },
      now,
    );
    // The invoice counter's row stays locked until the commit: taken last (before the e-mail that
    // links the invoice), so approvals at once queue on it for as little as possible.
    if (request.issueInvoice) after = await issueInvoice(trx, after, actor, now);
    if (request.mail) {
      const mail = renderOrderUpdateMail({
        kind: request.mail,
        order: toOrder(after, items),
        siteUrl: facts.siteUrl,
        reason: request.reason,
        carrier: after.carrier,
        trackingNumber: after.tracking_number,
        refunded: Number(row.captured_cents) - Number(row.refunded_cents) > 0,
        bankDetails: bankDetailsOf(config),
      });
      const outboxId = await enqueueMail(trx, after.customer_email, mail, now);
      // A moment after the change so the timeline reads change, then e-mail.
      await insertMailEvent(trx, id, new Date(now.getTime() + 1).toISOString(), mail.subject, outboxId);
    }
    return { done: true as const };
  });
  if ('conflict' in outcome) {
    // Refused (or beaten by another change): answer with the order as it is now.
    const current = outcome.conflict ?? (await selectOrderById(db, id));
    if (!current) throw notFound(ADMIN_MESSAGES.orderNotFound);
    throw transitionConflict(await loadAdminOrder(db, current));
  }
  await settlePaymentAfterMove(db, id, actor, { config, siteUrl: facts.siteUrl, now });
  return getAdminOrder(db, id);
}

/**
 * Approves a pending order (spec §4): status 'approved', note 'Order approved by admin', the VAT
 * invoice (INVOICE_ISSUED_ON = approval), confirmation e-mail, then the card authorisation is
 * captured. The payment status follows the money: a bank transfer not yet received stays 'pending'
 * with its amount outstanding. With APPROVAL_REQUIRES_PAYMENT an order not paid (or authorised)
 * in full is refused (409 naming what it owes).
 */
export function approveOrder(db: Kysely<Database>, id: string, actor: Actor, facts: WorkflowFacts): Promise<AdminOrder> {
  const config = facts.config ?? parseConfig({});
  const guard = (row: OrderRow) => {
    // Nothing held yet: approving would capture nothing and ship an unpaid card order.
    if (isAwaitingAuthorisation(row)) throw new ApiError(409, 'payment_required', PAYMENT_MESSAGES.cardNotAuthorised);
    // An order on account is approved unpaid: its invoice is due at the customer's terms.
    if (!config.APPROVAL_REQUIRES_PAYMENT || row.payment_provider === ACCOUNT_PROVIDER_ID) return;
    const owed = Math.max(0, outstandingCentsOf(row) - Number(row.authorised_cents));
    if (owed > 0) throw new ApiError(409, 'payment_required', `${PAYMENT_MESSAGES.approvalNeedsPayment} ${formatMoney(owed)}.`, undefined, undefined, { outstandingCents: owed });
  };
  return transition(
    db,
    id,
    { to: 'approved', action: 'approved', auditAction: 'order.approve', guard, issueInvoice: config.INVOICE_ISSUED_ON === 'approval', note: 'Order approved by admin', mail: 'approved' },
    actor,
    facts,
  );
}

/** Declines a pending order with a reason (spec §4): both statuses 'declined', note 'Order declined: ' + reason, stock back, e-mail. */
export function declineOrder(db: Kysely<Database>, id: string, reason: string, actor: Actor, facts: WorkflowFacts): Promise<AdminOrder> {
  return transition(
    db,
    id,
    { to: 'declined', action: 'declined', auditAction: 'order.decline', note: `Order declined: ${reason}`, reason, mail: 'declined' },
    actor,
    facts,
  );
}

/**
 * Moves an order to processing, shipped (with optional carrier and tracking), delivered or
 * cancelled (stock back, e-mail; what was authorised is released and what was paid is refunded
 * through the provider, with a credit note: the payment status follows).
 */
export function changeOrderStatus(db: Kysely<Database>, id: string, change: OrderStatusChange, actor: Actor, facts: WorkflowFacts): Promise<AdminOrder> {
  const base = { to: change.status, note: change.notes || undefined };
  switch (change.status) {
    case 'processing':
      return transition(db, id, { ...base, action: 'status_changed', auditAction: 'order.status' }, actor, facts);
    case 'shipped':
      return transition(
        db,
        id,
        { ...base, action: 'status_changed', auditAction: 'order.ship', carrier: change.carrier ?? '', trackingNumber: change.trackingNumber ?? '', mail: 'shipped' },
        actor,
        facts,
      );
    case 'delivered':
      return transition(db, id, { ...base, action: 'status_changed', auditAction: 'order.status' }, actor, facts);
    case 'cancelled':
      return transition(
        db,
        id,
        {
          ...base,
          action: 'cancelled',
          auditAction: 'order.cancel',
          reason: change.notes || undefined,
          note: change.notes ? `Order cancelled: ${change.notes}` : 'Order cancelled',
          mail: 'cancelled',
        },
        actor,
        facts,
      );
  }
}

/** Most pending orders one sweep expires (the next sweep takes the rest). */
const EXPIRY_BATCH = 200;

/**
 * Cancels pending orders nobody approved within `holdMs` (stock back, payment 'declined', the
 * customer told), as the System. Safe with several processes: each order's status guard lets one
 * of them win and the others skip it. Returns how many this call expired.
 */
export async function expireStalePendingOrders(db: Kysely<Database>, holdMs: number, facts: WorkflowFacts): Promise<number> {
  const now = facts.now ?? new Date();
  const hours = Math.round(holdMs / 3_600_000);
  const stale = await selectStalePendingOrderIds(db, new Date(now.getTime() - holdMs).toISOString(), EXPIRY_BATCH);
  let expired = 0;
  for (const id of stale) {
    try {
      await transition(
        db,
        id,
        {
          to: 'cancelled',
          action: 'cancelled',
          auditAction: 'order.expire',
          note: `Order cancelled: not approved within ${hours} hours`,
          mail: 'expired',
        },
        SYSTEM_ACTOR,
        { ...facts, now },
      );
      expired += 1;
    } catch (err) {
      // Approved, declined or expired by someone else meanwhile: nothing to do.
      if (!(err instanceof ApiError && (err.status === 409 || err.status === 404))) throw err;
    }
  }
  return expired;
}
