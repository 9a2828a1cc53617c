import type { APIRoute } from 'astro';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { jsonResponse } from '../../../server/http/errors';
import { listCustomerOrders } from '../../../server/orders/orders.service';
import { getConfig, getDatabase } from '../../../server/runtime';

export const prerender = false;

/** The signed-in customer's orders, newest first: `{ orders }`; 401 when signed out. */
export const GET: APIRoute = async ({ request, url }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  return jsonResponse({ orders: await listCustomerOrders(db, user.id) });
};
