import type { APIRoute } from 'astro';
import { catalogResultsResponse } from '../../../server/catalog/catalog-results';
import { catalogCardsCache, getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * The first results of one shop query `CatalogResultsAnswer` (src/lib/catalog/results.ts): the
 * /shop URL's parameters plus `limit` (1..CATALOG_RESULTS_MAX_LIMIT, default PRODUCT_LIST_PAGE_SIZE;
 * 422 otherwise), found over the live cards with the shop worker's own query. Strong ETag per
 * answer and encoding, 304 on If-None-Match, br/gzip. The node edge answers this path itself (same
 * function); this route serves `astro dev` and hosts without the edge.
 */
export const GET: APIRoute = async ({ request }) => catalogResultsResponse((await getDatabase()).readDb, catalogCardsCache, request);
