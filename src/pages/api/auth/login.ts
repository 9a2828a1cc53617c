import type { APIRoute } from 'astro';
import { signInSchema } from '../../../lib/schemas/auth';
import { buildSessionCookie, isSecureContext, readSessionToken } from '../../../server/auth/auth.http';
import { signInCustomer } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { getConfig, getDatabase } from '../../../server/runtime';
import { tradeFlagsOf } from '../../../server/trade/trade.service';

export const prerender = false;

/** Signs in: 200 { user } (with a trade customer's flags, as /api/auth/me) + a new session cookie; 404 unknown address, 401 wrong password, 403 blocked, 429 too many failures. */
export const POST: APIRoute = async ({ request, url }) => {
  const input = await readJsonBody(request, signInSchema);
  const config = getConfig();
  const { db } = await getDatabase();
  const signedIn = await signInCustomer(db, input, { address: currentClientAddress(), previousToken: readSessionToken(request) });
  return jsonResponse({ user: { ...signedIn.user, ...(await tradeFlagsOf(db, signedIn.user.id)) } }, 200, {
    'set-cookie': buildSessionCookie(signedIn.token, { persistent: input.remember, secure: isSecureContext(config.SITE_URL, url) }),
  });
};
