import type { APIRoute } from 'astro';
import { shippingOptionsInputSchema } from '../../../lib/schemas/order';
import { readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { quoteShippingOptions } from '../../../server/orders/shipping.service';
import { getConfig, getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * POST /api/checkout/shipping-options `{ items: [{ productId, quantity }], shippingAddress? }` → 200
 * `{ options: [{ id, label, priceCents, days: { min, max }, available, reason? }], parcels, refusal? }`
 * (prices from the catalogue and the signed-in customer's terms); 422 invalid body or unknown
 * products; 429 too many requests from one address.
 */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, shippingOptionsInputSchema);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  return jsonResponse(await quoteShippingOptions(db, input, { customerId: customer?.id, address: currentClientAddress(), config: getConfig() }));
};
