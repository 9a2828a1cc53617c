/**
 * Back-office data with a cache (./admin-query.ts, spec §9: fresh 5 min, kept 10 min): the orders
 * page of the URL's filters and the pending-orders count (both refreshed every 3 s while the tab is
 * visible), the selected order with its history, and the order actions. A 401 anywhere ends the
 * session; a 409 shows the server's message and the order as it now is.
 */
import type { z } from 'zod';
import { ADMIN_ORDERS_REFRESH_MS } from '../lib/admin-constants';
import {
  ADMIN_MESSAGES,
  adminOrderSchema,
  adminOrdersPageSchema,
  adminSummarySchema,
  orderConflictSchema,
  refundResultSchema,
  type AdminOrder,
  type AdminOrdersPage,
  type AdminSummary,
  type OrderStatusChange,
} from '../lib/schemas/admin';
import { ordersApiPath, parseOrdersFilters } from '../lib/admin/admin-views';
import { paymentsAttentionSchema, type PaymentsAttention } from '../lib/schemas/payments';
import { $admin, endAdminSession } from './admin-session';
import { createQuery, refreshQueries, setQueryData } from './admin-query';
import { $adminRouter } from './admin-router';
import { toast } from './admin-toasts';

/** A refused admin request: its status and the server's message. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'AdminApiError';
  }
}

/** Message when the server cannot be reached or answers off the contract. */
const UNREACHABLE = 'The server could not be reached. Please try again.';
const OFF_CONTRACT = 'The server sent an answer the back office does not understand.';

/** Sends one admin request; 401 ends the session, other errors throw AdminApiError. */
export async function requestAdmin(path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new AdminApiError(0, UNREACHABLE);
  }
  const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (response.status === 401) {
    endAdminSession();
    throw new AdminApiError(401, ADMIN_MESSAGES.notSignedIn, data);
  }
  if (!response.ok) {
    const message = (data as { error?: { message?: string } } | null)?.error?.message || UNREACHABLE;
    throw new AdminApiError(response.status, message, data);
  }
  return data;
}

/** Parses an answer with the contract's schema; an answer off the contract is an error, logged once. */
export function readAs<S extends z.ZodType>(schema: S, data: unknown, path: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  console.error(`Admin API answer off the contract: ${path}`, parsed.error.issues.slice(0, 5));
  throw new AdminApiError(200, OFF_CONTRACT);
}

/** Polled lists count as fresh for less than one refresh period, so every tick asks the server. */
const POLLED_STALE_MS = ADMIN_ORDERS_REFRESH_MS / 3;

/** Whether the signed-in member manages orders. */
function mayManageOrders(): boolean {
  return $admin.get()?.permissions.includes('manage_orders') ?? false;
}

/** GET /api/admin/orders of the URL's filters, or null off the orders view. */
export function ordersListKey(): string | null {
  const page = $adminRouter.get();
  return mayManageOrders() && page && (page.route === 'orders' || page.route === 'order') ? ordersApiPath(parseOrdersFilters(page.search)) : null;
}

/** The orders page the list shows, refreshed every 3 s while the tab is visible. */
export const $ordersPage = createQuery<AdminOrdersPage>({
  sources: [$adminRouter, $admin],
  key: ordersListKey,
  fetcher: async (path) => readAs(adminOrdersPageSchema, await requestAdmin(path), path),
  staleMs: POLLED_STALE_MS,
  pollMs: ADMIN_ORDERS_REFRESH_MS,
});

/** The API path of one order. */
export function orderApiPath(id: string): string {
  return `/api/admin/orders/${encodeURIComponent(id)}`;
}

/** GET /api/admin/orders/:id of the selected order, or null. */
function selectedOrderKey(): string | null {
  const page = $adminRouter.get();
  return mayManageOrders() && page?.route === 'order' && page.params.id ? orderApiPath(page.params.id) : null;
}

/** The selected order with its history (fresh for 5 minutes unless the list shows a newer version). */
export const $selectedOrder = createQuery<AdminOrder>({
  sources: [$adminRouter, $admin],
  key: selectedOrderKey,
  fetcher: async (path) => readAs(adminOrderSchema, await requestAdmin(path), path),
});

/** Asks the server again for the selected order (the list showed a newer version of it). */
export function refreshSelectedOrder(): void {
  $selectedOrder.refresh();
}

const SUMMARY_PATH = '/api/admin/summary';

/** The pending-orders count of the bell, refreshed every 3 s; only for roles that manage orders. */
export const $adminSummary = createQuery<AdminSummary>({
  sources: [$admin],
  key: () => (mayManageOrders() ? SUMMARY_PATH : null),
  fetcher: async (path) => readAs(adminSummarySchema, await requestAdmin(path), path),
  staleMs: POLLED_STALE_MS,
  pollMs: ADMIN_ORDERS_REFRESH_MS,
});

/** A change staff ask for: approve, decline with a reason, or a status change with its details. */
export type OrderChange = { kind: 'approve' } | { kind: 'decline'; reason: string } | ({ kind: 'status' } & OrderStatusChange);

/** What an order change came to: done (with the toast shown), refused with the current order, or failed. */
export type OrderChangeResult = { ok: true; order: AdminOrder } | { ok: false; message: string; order?: AdminOrder; fields?: Record<string, string> };

/** What a status change did, as its toast says it after the order's number. */
const STATUS_DONE: Record<string, string> = { processing: 'moved to processing', shipped: 'marked shipped', delivered: 'marked delivered', cancelled: 'cancelled' };

/** The success toast of each change: a status change names the order and what happened to it. */
function successMessage(change: OrderChange, order: AdminOrder): string {
  if (change.kind === 'approve') return ADMIN_MESSAGES.approved;
  if (change.kind === 'decline') return ADMIN_MESSAGES.declined;
  const done = STATUS_DONE[change.status];
  return done ? `Order ${order.orderNumber} ${done}.` : ADMIN_MESSAGES.statusUpdated;
}

/** Puts an order the server returned into the cache and refreshes the list and the bell. */
function storeOrder(order: AdminOrder): void {
  setQueryData(orderApiPath(order.id), order);
  refreshQueries((key) => key.startsWith('/api/admin/orders?') || key === SUMMARY_PATH || key === ATTENTION_PATH);
}

const ATTENTION_PATH = '/api/admin/payments/attention';

/** The payments needing attention (overdue transfers, failed captures or refunds, lapsing card holds), while their view is open. */
export const $paymentsAttention = createQuery<PaymentsAttention>({
  sources: [$adminRouter, $admin],
  key: () => (mayManageOrders() && $adminRouter.get()?.route === 'payments' ? ATTENTION_PATH : null),
  fetcher: async (path) => readAs(paymentsAttentionSchema, await requestAdmin(path), path),
});

/**
 * Sends an order change. 200: the order is cached and a success toast shown. 409: the server's
 * message in a toast and its current order replaces the panel. Other refusals: a toast (and the
 * field messages for the dialog).
 */
export async function changeOrder(id: string, change: OrderChange): Promise<OrderChangeResult> {
  const base = orderApiPath(id);
  const [path, body] =
    change.kind === 'approve'
      ? [`${base}/approve`, {}]
      : change.kind === 'decline'
        ? [`${base}/decline`, { reason: change.reason }]
        : [`${base}/status`, (({ kind: _kind, ...rest }) => rest)(change)];
  try {
    const order = readAs(adminOrderSchema, await requestAdmin(path, { method: 'POST', body }), path);
    storeOrder(order);
    toast.success(successMessage(change, order));
    return { ok: true, order };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, UNREACHABLE);
    if (error.status === 401) return { ok: false, message: error.message };
    if (error.status === 409) {
      const conflict = orderConflictSchema.safeParse(error.body);
      toast.error(error.message);
      if (conflict.success) {
        storeOrder(conflict.data.order);
        return { ok: false, message: error.message, order: conflict.data.order };
      }
      refreshSelectedOrder();
      return { ok: false, message: error.message };
    }
    const fields = (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
    toast.error(error.message);
    return { ok: false, message: error.message, fields };
  }
}

/** What a payment action came to: done (the order as it now is), or refused with the server's message and field messages. */
export type PaymentActionResult = { ok: true; order: AdminOrder } | { ok: false; message: string; fields?: Record<string, string> };

/** Sends a payment action (record a transfer, refund); on success caches the order and shows `success` as a toast. */
async function sendPaymentAction(path: string, body: unknown, read: (data: unknown) => AdminOrder, success: string): Promise<PaymentActionResult> {
  try {
    const order = read(await requestAdmin(path, { method: 'POST', body }));
    storeOrder(order);
    toast.success(success);
    return { ok: true, order };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, UNREACHABLE);
    const fields = (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
    if (error.status !== 401) toast.error(error.message);
    // A refusal may have changed the order (another capture, a newer failure recorded).
    if (error.status === 409 || error.status === 502) refreshSelectedOrder();
    return { ok: false, message: error.message, fields };
  }
}

/** Records a bank transfer received for an order (POST /api/admin/orders/:id/payments). */
export function recordOrderPayment(id: string, input: { amountCents: number; receivedAt: string; reference: string }): Promise<PaymentActionResult> {
  const path = `${orderApiPath(id)}/payments`;
  return sendPaymentAction(path, input, (data) => readAs(adminOrderSchema, data, path), 'Payment recorded.');
}

/** Tries a failed card capture again (POST /api/admin/orders/:id/capture); a refusal again shows the provider's message. */
export function retryOrderCapture(id: string): Promise<PaymentActionResult> {
  const path = `${orderApiPath(id)}/capture`;
  return sendPaymentAction(path, {}, (data) => readAs(adminOrderSchema, data, path), 'Payment captured: the card was charged and the alert is cleared.');
}

/** Refunds part or all of an order (POST /api/admin/orders/:id/refunds). */
export function refundOrderPayment(
  id: string,
  input: { amountCents?: number; lines?: { productId: string; quantity: number; restock: boolean }[]; reason: string },
): Promise<PaymentActionResult> {
  const path = `${orderApiPath(id)}/refunds`;
  return sendPaymentAction(path, input, (data) => readAs(refundResultSchema, data, path).order, 'Refund recorded: the credit note is issued and the customer e-mailed.');
}
