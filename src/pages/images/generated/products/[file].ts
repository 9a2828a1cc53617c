import type { APIRoute } from 'astro';
import { productArtCache } from '../../../../server/media/product-art';
import { getDatabase } from '../../../../server/runtime';

export const prerender = false;

/**
 * A product's art, drawn from its row on request (src/server/media/product-art.ts). The node edge
 * answers this path itself (same cache, without the Astro pipeline); this route serves `astro dev`
 * and any host without the edge.
 */
export const GET: APIRoute = async ({ request, url }) => {
  const { db } = await getDatabase();
  const answer = await productArtCache().answer(db, url.pathname, {
    head: request.method === 'HEAD',
    acceptEncoding: request.headers.get('accept-encoding'),
    ifNoneMatch: request.headers.get('if-none-match'),
  });
  return new Response(answer.body && new Uint8Array(answer.body), { status: answer.status, headers: answer.headers });
};
