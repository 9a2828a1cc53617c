import type { APIRoute } from 'astro';
import { answerCatalogRequest } from '../../../server/catalog/catalog.http';
import { catalogCardsCache, getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * The live catalogue as cards `{ products: CatalogCard[], categories, version }` (src/lib/catalog/
 * card.ts): what the storefront's lists, filters, search and price/stock reconciliation read, without
 * the detail's long texts. Strong ETag per version, 304 on If-None-Match, br/gzip. The node edge
 * answers this path itself (same function); this route serves `astro dev` and hosts without the edge.
 */
export const GET: APIRoute = async ({ request }) => {
  const { db } = await getDatabase();
  const answer = await answerCatalogRequest(db, catalogCardsCache, {
    ifNoneMatch: request.headers.get('if-none-match'),
    acceptEncoding: request.headers.get('accept-encoding'),
    head: request.method === 'HEAD',
  });
  return new Response((answer.body as unknown as BodyInit) ?? null, { status: answer.status, headers: answer.headers });
};
