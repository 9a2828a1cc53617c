import type { APIRoute } from 'astro';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { jsonResponse } from '../../../server/http/errors';
import { listCustomerQuotes } from '../../../server/quotes/quotes.service';
import { getConfig, getDatabase } from '../../../server/runtime';

export const prerender = false;

/** The signed-in customer's quotes, newest first: `{ quotes }`; 401 when signed out. */
export const GET: APIRoute = async ({ request, url }) => {
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  return jsonResponse({ quotes: await listCustomerQuotes(db, user.id) });
};
