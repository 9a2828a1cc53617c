import type { APIRoute } from 'astro';
import { quoteAcceptSchema } from '../../../../../lib/schemas/quotes';
import { readSessionToken } from '../../../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../../../server/customers/customers.service';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { currentClientAddress } from '../../../../../server/http/request-context';
import { countOrderPlaced } from '../../../../../server/metrics/metrics';
import { acceptQuote } from '../../../../../server/quotes/quotes.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';

export const prerender = false;

/**
 * Accepts the quote as an order at its prices: 201 Order (with `paymentNext` for a card); 200 with
 * the same Order once accepted (header Idempotent-Replayed: true); 409 expired, declined, withdrawn
 * or a line unavailable; 401/404 as GET; 422; 429 as POST /api/orders.
 */
export const POST: APIRoute = async ({ request, params }) => {
  const input = await readJsonBody(request, quoteAcceptSchema);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const config = getConfig();
  const placed = await acceptQuote(db, String(params.token ?? ''), input, { customerId: customer?.id, address: currentClientAddress() }, {
    siteUrl: config.SITE_URL,
    limits: { perHour: config.ORDER_LIMIT_PER_HOUR, pendingMax: config.ORDER_PENDING_MAX, holdMs: config.ORDER_HOLD_HOURS * 3_600_000 },
    config,
  });
  if (placed.replayed) return jsonResponse(placed.order, 200, { 'idempotent-replayed': 'true' });
  pokeOutbox();
  countOrderPlaced();
  const body = placed.paymentNext ? { ...placed.order, paymentNext: placed.paymentNext } : placed.order;
  return jsonResponse(body, 201, { location: `/api/orders/${placed.order.orderNumber}` });
};
