import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { productLookupQuerySchema } from '../../../lib/schemas/product-lookup';
import { getProducts } from '../../../server/catalog/catalog.service';
import { matchesVersion } from '../../../server/catalog/catalog.snapshot';
import { invalidFields, JSON_HEADERS } from '../../../server/http/errors';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * A few products as the server has them now: ?ids=a,b,c → 200 `{ products }` in the order asked,
 * unknown and withdrawn ids left out (a withdrawn product is an answer, not an error, for the cart
 * drawer and the product page that ask); strong ETag of the body, 304 on If-None-Match; 422 for
 * no id, too many or a malformed one.
 */
export const GET: APIRoute = async ({ request, url }) => {
  const parsed = productLookupQuerySchema.safeParse({ ids: url.searchParams.get('ids') ?? undefined });
  if (!parsed.success) throw invalidFields(parsed.error);
  const { db } = await getDatabase();
  const body = JSON.stringify({ products: await getProducts(db, parsed.data.ids) });
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const headers = { ...JSON_HEADERS, 'cache-control': 'public, max-age=0, must-revalidate', etag: `"${version}"` };
  if (matchesVersion(request.headers.get('if-none-match'), version)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
};
