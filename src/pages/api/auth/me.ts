import type { APIRoute } from 'astro';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { jsonResponse } from '../../../server/http/errors';
import { getConfig, getDatabase } from '../../../server/runtime';
import { tradeFlagsOf } from '../../../server/trade/trade.service';

export const prerender = false;

/**
 * The signed-in customer { user } (never a hash or token); { user: null } for a visitor without a
 * session cookie, so a guest's page makes no failed request; 401 with the cookie cleared when the
 * cookie's session is not live (expired, revoked, made up). A trade customer's user carries
 * `trade: true` (and `payOnAccount: true` with terms), so their pages know to ask for their own prices.
 */
export const GET: APIRoute = async ({ request, url }) => {
  const token = readSessionToken(request);
  if (!token) return jsonResponse({ user: null });
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, token);
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  return jsonResponse({ user: { ...user, ...(await tradeFlagsOf(db, user.id)) } });
};
