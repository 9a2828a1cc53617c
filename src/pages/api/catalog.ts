import type { APIRoute } from 'astro';
import { catalogEtag, matchesVersion, pickEncoding } from '../../server/catalog/catalog.snapshot';
import { catalogCache, getDatabase } from '../../server/runtime';

export const prerender = false;

/** Browsers and caches may keep it, but must ask again (cheaply, with If-None-Match) before each use. */
const CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The live catalogue `{ products, categories, version }`: strong ETag per version, 304 on If-None-Match, br/gzip. */
export const GET: APIRoute = async ({ request }) => {
  const { db } = await getDatabase();
  const snapshot = await catalogCache.get(db);
  const encoding = pickEncoding(request.headers.get('accept-encoding'));
  const headers: Record<string, string> = {
    etag: catalogEtag(snapshot.version, encoding),
    'cache-control': CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
  if (matchesVersion(request.headers.get('if-none-match'), snapshot.version)) {
    return new Response(null, { status: 304, headers });
  }
  const body = snapshot.bodies[encoding];
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = String(body.byteLength);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return new Response(request.method === 'HEAD' ? null : (body as unknown as BodyInit), { status: 200, headers });
};
