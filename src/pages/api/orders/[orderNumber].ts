import type { APIRoute } from 'astro';
import { ORDER_MESSAGES, normalizeOrderNumber } from '../../../lib/schemas/order';
import { readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { ApiError, jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { findOrderForViewer } from '../../../server/orders/orders.service';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/** One order for the signed-in customer who placed it or for whoever gives its e-mail (?email=); 404 otherwise, 429 past the look-up limit. */
export const GET: APIRoute = async ({ params, url, request }) => {
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? '');
  if (!orderNumber) throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const email = url.searchParams.get('email')?.slice(0, 320) || undefined;
  const order = await findOrderForViewer(db, orderNumber, { customerId: customer?.id, email }, { address: currentClientAddress() });
  return jsonResponse(order);
};
