import type { APIRoute } from 'astro';
import { ORDER_MESSAGES, normalizeOrderNumber } from '../../../../../lib/schemas/order';
import { cardConfirmationSchema } from '../../../../../lib/schemas/payments';
import { readJsonBody } from '../../../../../server/http/body';
import { ApiError, jsonResponse } from '../../../../../server/http/errors';
import { confirmCardPayment, toCustomerOrder } from '../../../../../server/payments/card-payments.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';

export const prerender = false;

/**
 * The browser is back from confirming a card order's payment with Stripe.js: the payment is read
 * from the provider (never taken from the browser's word) and the order brought to it. 200
 * `{ outcome: 'authorised', order }`; 202 `{ outcome: 'requires_action' | 'awaiting_payment' |
 * 'processing', order, paymentNext }` (confirm or authenticate again); 402 `card_declined` (the
 * order is cancelled, its stock back, nothing charged; `order` beside the error); 404 unknown order
 * or a reference that is not its payment's; 502 the provider could not be read.
 */
export const POST: APIRoute = async ({ params, request }) => {
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? '');
  if (!orderNumber) throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  const input = await readJsonBody(request, cardConfirmationSchema);
  const { db } = await getDatabase();
  const config = getConfig();
  const result = await confirmCardPayment(db, orderNumber, input.reference, { config, siteUrl: config.SITE_URL });
  const order = await toCustomerOrder(db, result.row);
  if (result.outcome === 'declined') throw new ApiError(402, 'card_declined', result.message, undefined, undefined, { order });
  if (result.outcome === 'authorised') {
    pokeOutbox();
    return jsonResponse({ outcome: 'authorised', order }, 200);
  }
  return jsonResponse({ outcome: result.outcome, order, ...(result.clientData ? { paymentNext: result.clientData } : {}) }, 202);
};
