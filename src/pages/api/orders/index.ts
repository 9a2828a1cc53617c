import type { APIRoute } from 'astro';
import { orderInputSchema } from '../../../lib/schemas/order';
import { readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { placeOrder } from '../../../server/orders/orders.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../server/runtime';

export const prerender = false;

/**
 * Places an order: 201 Order; 200 with the same Order when the idempotency key was used before for
 * the same request (header Idempotent-Replayed: true); 409 unavailable products; 422 invalid fields.
 */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, orderInputSchema);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const placed = await placeOrder(db, input, { customerId: customer?.id, siteUrl: getConfig().SITE_URL, address: currentClientAddress() });
  if (placed.replayed) return jsonResponse(placed.order, 200, { 'idempotent-replayed': 'true' });
  pokeOutbox();
  return jsonResponse(placed.order, 201, { location: `/api/orders/${placed.order.orderNumber}` });
};
