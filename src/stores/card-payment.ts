/**
 * Paying a placed card order in the browser: Stripe.js (loaded from Stripe by @stripe/stripe-js,
 * only once the shopper picks card) takes the card and runs 3-D Secure; the shop then reads the
 * payment from Stripe itself (the confirm route) and says where the order stands. Card data goes
 * from Stripe's element to Stripe only. Imported lazily by the card field, never by the checkout's first load.
 */
import { loadStripe, type Stripe, type StripeCardElement } from '@stripe/stripe-js';
import { ORDER_MESSAGES } from '../lib/schemas/checkout-form';
import type { CardPaymentNext } from '../lib/schemas/payments';

/** Where a card order stands once the browser has tried to pay it. */
export type CardPayResult =
  /** Authorised: a pending order waiting for staff. */
  | { ok: true }
  /** Declined (or 3-D Secure failed): the order is cancelled, nothing charged; a new order may be placed. */
  | { ok: false; kind: 'declined'; message: string }
  /** Not finished (card incomplete, 3-D Secure left open, Stripe unreachable): the same order can be paid again. */
  | { ok: false; kind: 'retry'; message: string };

/** Stripe.js for this publishable key, loaded once per page; null when it cannot be loaded. */
const loaded = new Map<string, Promise<Stripe | null>>();
export function loadCardProvider(publishableKey: string): Promise<Stripe | null> {
  let pending = loaded.get(publishableKey);
  if (!pending) {
    pending = loadStripe(publishableKey).catch(() => null);
    loaded.set(publishableKey, pending);
  }
  return pending;
}

/** Tells the shop the browser is back from Stripe; the shop reads the payment from Stripe and answers. */
async function confirmAtShop(orderNumber: string, reference: string): Promise<CardPayResult> {
  let response: Response;
  try {
    response = await fetch(`/api/orders/${encodeURIComponent(orderNumber)}/payment/confirm`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference }),
    });
  } catch {
    return { ok: false, kind: 'retry', message: ORDER_MESSAGES.cardUnavailable };
  }
  if (response.status === 200) return { ok: true };
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (response.status === 402) return { ok: false, kind: 'declined', message: body?.error?.message || ORDER_MESSAGES.cardDeclined };
  if (response.status === 202) return { ok: false, kind: 'retry', message: ORDER_MESSAGES.cardActionRequired };
  return { ok: false, kind: 'retry', message: ORDER_MESSAGES.cardUnavailable };
}

/**
 * Confirms a placed order's payment with the card in `card` (3-D Secure in Stripe's own dialog when
 * the bank asks), then lets the shop settle the order from what Stripe says. A card Stripe.js
 * refuses before it reaches the bank (incomplete, invalid) leaves the order to be paid again.
 */
export async function payOrderByCard(
  stripe: Stripe,
  card: StripeCardElement,
  orderNumber: string,
  next: CardPaymentNext,
  billing: { name: string; email: string },
): Promise<CardPayResult> {
  const result = await stripe.confirmCardPayment(next.clientSecret, { payment_method: { card, billing_details: billing } });
  if (result.error && (result.error.type === 'validation_error' || result.error.type === 'api_connection_error')) {
    return { ok: false, kind: 'retry', message: result.error.message ?? ORDER_MESSAGES.payment };
  }
  // Declined or authenticated, the shop never takes the browser's word: it reads the payment from Stripe.
  return confirmAtShop(orderNumber, next.reference);
}
