import type { APIRoute } from 'astro';
import { ORDER_MESSAGES, normalizeOrderNumber } from '../../../../../lib/schemas/order';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../../../server/customers/customers.service';
import { ApiError, jsonResponse } from '../../../../../server/http/errors';
import { reorderLines } from '../../../../../server/orders/reorder.service';
import { getConfig, getDatabase } from '../../../../../server/runtime';

export const prerender = false;

/** 'Buy again': `{ added, changed, unavailable }` at today's prices and stock (nothing is written); 401 signed out; 404 not their order. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? '');
  if (!orderNumber) throw new ApiError(404, 'order_not_found', ORDER_MESSAGES.orderNotFound);
  return jsonResponse(await reorderLines(db, user.id, orderNumber));
};
