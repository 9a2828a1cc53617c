import type { APIRoute } from 'astro';
import { orderInputSchema } from '../../../lib/schemas/order';
import { readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { countOrderPlaced } from '../../../server/metrics/metrics';
import { placeOrder } from '../../../server/orders/orders.service';
import { resumeCardPayment } from '../../../server/payments/card-payments.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../server/runtime';

export const prerender = false;

/**
 * Places an order: 201 Order; 200 with the same Order when the idempotency key was used before for
 * the same request (header Idempotent-Replayed: true); 403 e-mail of a blocked account; 409
 * unavailable products; 422 invalid fields (a payment method not offered now included); 429 too
 * many orders or pending orders (Retry-After). `payment` is `{ method: 'bank_transfer' }` (the
 * default when omitted) or `{ method: 'card' }` when a card provider is configured: 201 with
 * `paymentNext` (what Stripe.js needs); a replay of a card order still to pay gets it again; 502 when
 * Stripe cannot set the payment up (the order cancelled, the key free again); 503 while it is being asked.
 */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, orderInputSchema);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const config = getConfig();
  const placed = await placeOrder(db, input, {
    customerId: customer?.id,
    siteUrl: config.SITE_URL,
    address: currentClientAddress(),
    limits: { perHour: config.ORDER_LIMIT_PER_HOUR, pendingMax: config.ORDER_PENDING_MAX, holdMs: config.ORDER_HOLD_HOURS * 3_600_000 },
    config,
  });
  if (placed.replayed) {
    // The first answer may have been lost with the client secret in it: a card still to pay gets it again.
    const next = placed.order.payment.method === 'card' ? await resumeCardPayment(db, placed.order.orderNumber, config) : undefined;
    return jsonResponse(next ? { ...placed.order, paymentNext: next } : placed.order, 200, { 'idempotent-replayed': 'true' });
  }
  pokeOutbox();
  countOrderPlaced();
  const body = placed.paymentNext ? { ...placed.order, paymentNext: placed.paymentNext } : placed.order;
  return jsonResponse(body, 201, { location: `/api/orders/${placed.order.orderNumber}` });
};
