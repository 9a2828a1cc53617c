import type { APIRoute } from 'astro';
import { productLookupQuerySchema } from '../../../lib/schemas/product-lookup';
import { isSecureContext, notSignedIn, readSessionToken } from '../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../server/customers/customers.service';
import { invalidFields, jsonResponse } from '../../../server/http/errors';
import { getConfig, getDatabase } from '../../../server/runtime';
import { getCustomerPrices } from '../../../server/trade/trade.service';

export const prerender = false;

/**
 * The signed-in customer's own prices of ?ids=a,b,c (at most 100): `{ trade, payOnAccount, prices }`,
 * live products only, in the order asked; never cached by anyone else (private, no-store). 401
 * signed out; 422 for no id, too many or a malformed one.
 */
export const GET: APIRoute = async ({ request, url }) => {
  const parsed = productLookupQuerySchema.safeParse({ ids: url.searchParams.get('ids') ?? undefined });
  if (!parsed.success) throw invalidFields(parsed.error);
  const { db } = await getDatabase();
  const user = await findSignedInCustomer(db, readSessionToken(request));
  if (!user) throw notSignedIn(isSecureContext(getConfig().SITE_URL, url));
  return jsonResponse(await getCustomerPrices(db, user.id, parsed.data.ids), 200, { 'cache-control': 'private, no-store' });
};
