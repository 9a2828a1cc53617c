import type { APIRoute } from 'astro';
import { buildClearedSessionCookie, isSecureContext, readSessionToken } from '../../../server/auth/auth.http';
import { signOutCustomer } from '../../../server/customers/customers.service';
import { getConfig, getDatabase } from '../../../server/runtime';

export const prerender = false;

/** Signs out: the session is revoked on the server and the cookie cleared; 204 even without a session. */
export const POST: APIRoute = async ({ request, url }) => {
  const { db } = await getDatabase();
  await signOutCustomer(db, readSessionToken(request));
  return new Response(null, {
    status: 204,
    headers: { 'cache-control': 'no-store', 'set-cookie': buildClearedSessionCookie(isSecureContext(getConfig().SITE_URL, url)) },
  });
};
