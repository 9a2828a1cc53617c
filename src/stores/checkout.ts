/**
 * Checkout state kept in the browser and the two order calls. The card number and the CVV are
 * never written anywhere: the draft and the saved details are built from an allow-list of fields.
 */
import {
  CHECKOUT_ATTEMPT_KEY,
  CHECKOUT_DRAFT_KEY,
  CHECKOUT_SAVED_INFO_KEY,
  DEFAULT_COUNTRY,
  LAST_ORDER_KEY,
} from '../lib/constants';
import { ORDER_MESSAGES } from '../lib/schemas/checkout-form';
import type { Order, OrderInput } from '../lib/schemas/order';
import type { CardPaymentNext, PaymentMethods } from '../lib/schemas/payments';

/** Every field of the checkout form (spec §3 Checkout form). */
export interface CheckoutValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  cardName: string;
  cardNumber: string;
  expiryDate: string;
  cvv: string;
  saveInfo: boolean;
  newsletter: boolean;
}

/** The wizard's steps, 1-based. */
export type CheckoutStep = 1 | 2 | 3;

export const EMPTY_CHECKOUT: CheckoutValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: DEFAULT_COUNTRY,
  cardName: '',
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  saveInfo: false,
  newsletter: false,
};

/** Fields that may survive a reload in this tab: everything but the card number and the CVV. */
const DRAFT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode', 'cardName', 'expiryDate', 'saveInfo', 'newsletter'] as const;
/** Fields 'Save this information' keeps on the device: contact and address, nothing about the card. */
const SAVED_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'postalCode'] as const;

type StoredValues = Partial<Pick<CheckoutValues, (typeof DRAFT_FIELDS)[number]>>;

/** Copies only the allowed fields of the right type out of an unknown value. */
function pickFields(value: unknown, fields: readonly (keyof CheckoutValues)[]): StoredValues {
  const out: Record<string, string | boolean> = {};
  if (!value || typeof value !== 'object') return out;
  for (const field of fields) {
    const v = (value as Record<string, unknown>)[field];
    if (typeof v === typeof EMPTY_CHECKOUT[field]) out[field] = v as string | boolean;
  }
  return out as StoredValues;
}

/** Reads JSON from a storage; null when absent, unreadable or storage is disabled. */
function readJson(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

/** Writes JSON to a storage, ignoring a full or disabled storage (the form still works). */
function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or quota: nothing to keep, nothing lost.
  }
}

function removeKey(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}

const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
const local = () => (typeof localStorage === 'undefined' ? undefined : localStorage);

/** The form and step typed earlier in this tab, without card number or CVV. */
export function readCheckoutDraft(): { step: CheckoutStep; values: StoredValues } | null {
  const raw = readJson(session(), CHECKOUT_DRAFT_KEY) as { step?: unknown; values?: unknown } | null;
  if (!raw) return null;
  const step = raw.step === 2 || raw.step === 3 ? raw.step : 1;
  return { step, values: pickFields(raw.values, DRAFT_FIELDS) };
}

/** Keeps the form (minus card number and CVV) and the step for a reload in this tab. */
export function writeCheckoutDraft(step: CheckoutStep, values: CheckoutValues): void {
  writeJson(session(), CHECKOUT_DRAFT_KEY, { step, values: pickFields(values, DRAFT_FIELDS) });
}

/** The contact and address details saved on this device, if any. */
export function readSavedCheckoutInfo(): StoredValues {
  return pickFields(readJson(local(), CHECKOUT_SAVED_INFO_KEY), SAVED_FIELDS);
}

/** Saves the contact and address details on this device, or forgets them when `save` is false. */
export function rememberCheckoutInfo(values: CheckoutValues, save: boolean): void {
  if (save) writeJson(local(), CHECKOUT_SAVED_INFO_KEY, pickFields(values, SAVED_FIELDS));
  else removeKey(local(), CHECKOUT_SAVED_INFO_KEY);
}

/** The idempotency key of this checkout attempt: created once, kept in the tab until the order is placed. */
export function ensureAttemptKey(): string {
  const existing = readJson(session(), CHECKOUT_ATTEMPT_KEY);
  if (typeof existing === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(existing)) return existing;
  const key = crypto.randomUUID();
  writeJson(session(), CHECKOUT_ATTEMPT_KEY, key);
  return key;
}

/** The last-order summary (spec §3) with the e-mail that lets the success page ask for the order. */
export interface LastOrderSummary {
  orderNumber: string;
  customerName: string;
  /** Total in dollars, as the server charged it. */
  total: number;
  /** YYYY-MM-DD. */
  estimatedDelivery: string;
  email: string;
}

/** The last order placed on this device, if any. */
export function readLastOrder(): LastOrderSummary | null {
  const raw = readJson(local(), LAST_ORDER_KEY) as Record<string, unknown> | null;
  if (!raw || typeof raw.orderNumber !== 'string' || typeof raw.email !== 'string') return null;
  return {
    orderNumber: raw.orderNumber,
    email: raw.email,
    customerName: typeof raw.customerName === 'string' ? raw.customerName : '',
    total: typeof raw.total === 'number' ? raw.total : 0,
    estimatedDelivery: typeof raw.estimatedDelivery === 'string' ? raw.estimatedDelivery : '',
  };
}

/** Remembers an order for the success page. */
export function rememberLastOrder(order: Order): void {
  const summary: LastOrderSummary = {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    total: order.total,
    estimatedDelivery: order.estimatedDelivery,
    email: order.customerEmail,
  };
  writeJson(local(), LAST_ORDER_KEY, summary);
}

/** Starts a new checkout attempt: after a declined card the next order is a new one, not the cancelled one again. */
export function startNewAttempt(): void {
  removeKey(session(), CHECKOUT_ATTEMPT_KEY);
}

/** Ends a checkout attempt that produced an order: the key and the draft are no longer needed. */
export function finishCheckoutAttempt(): void {
  removeKey(session(), CHECKOUT_ATTEMPT_KEY);
  removeKey(session(), CHECKOUT_DRAFT_KEY);
}

/** What POST /api/orders answered, reduced to what the checkout acts on. */
export type PlaceOrderResult =
  | { ok: true; order: Order; /** A card order: what Stripe.js needs to pay it. */ paymentNext?: CardPaymentNext }
  | { ok: false; kind: 'unavailable'; message: string }
  | { ok: false; kind: 'invalid'; message: string; fields: Record<string, string> }
  | { ok: false; kind: 'failed'; message: string };

/** Sends the order; never throws. */
export async function placeOrder(body: OrderInput): Promise<PlaceOrderResult> {
  let response: Response;
  try {
    response = await fetch('/api/orders', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch (err) {
    console.error('Order submission failed', err);
    return { ok: false, kind: 'failed', message: ORDER_MESSAGES.orderFailed };
  }
  const data = (await response.json().catch(() => null)) as unknown;
  if (response.ok && data && typeof data === 'object' && 'orderNumber' in data) {
    return { ok: true, order: data as Order, paymentNext: (data as { paymentNext?: CardPaymentNext }).paymentNext };
  }
  const error = (data as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
  if (response.status === 409) return { ok: false, kind: 'unavailable', message: error?.message || ORDER_MESSAGES.unavailable };
  if (response.status === 422 || response.status === 400) {
    return { ok: false, kind: 'invalid', message: error?.message || ORDER_MESSAGES.orderFailed, fields: error?.fields ?? {} };
  }
  return { ok: false, kind: 'failed', message: ORDER_MESSAGES.orderFailed };
}

/** What GET /api/orders/:orderNumber answered. */
export type FetchOrderResult = { ok: true; order: Order } | { ok: false; status: number; message?: string };

/** Asks for an order by number, with the e-mail when known (the session cookie also authorises its owner). */
export async function fetchOrder(orderNumber: string, email: string | null): Promise<FetchOrderResult> {
  const query = email ? `?email=${encodeURIComponent(email)}` : '';
  try {
    const response = await fetch(`/api/orders/${encodeURIComponent(orderNumber)}${query}`, { credentials: 'same-origin' });
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      return { ok: false, status: response.status, message: body?.error?.message };
    }
    // Imported here, not above: the checkout form never reads an order back, so its first load does not carry the order's schema.
    const { orderSchema } = await import('../lib/schemas/order');
    const parsed = orderSchema.safeParse(await response.json());
    if (parsed.success) return { ok: true, order: parsed.data };
    console.error('Order answer does not match the contract', parsed.error.issues);
    return { ok: false, status: 500 };
  } catch {
    return { ok: false, status: 0 };
  }
}

/** What GET /api/payments/methods answered, or null when it could not be read (the page shows what it can without it). */
export async function fetchPaymentMethods(): Promise<PaymentMethods | null> {
  try {
    const response = await fetch('/api/payments/methods', { credentials: 'same-origin' });
    if (!response.ok) return null;
    // Checked by shape rather than with the schema: the confirmation page's script stays within its budget.
    const data = (await response.json()) as Partial<PaymentMethods> | null;
    return data && Array.isArray(data.methods) && data.bankDetails && typeof data.bankDetails.sortCode === 'string' ? (data as PaymentMethods) : null;
  } catch {
    return null;
  }
}
