import type { APIRoute } from 'astro';
import { catalogResponse } from '../../../server/catalog/catalog.http';
import { catalogCardsCache, getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * The live catalogue as cards `{ products: CatalogCard[], categories, version }` (src/lib/catalog/
 * card.ts): what the storefront's lists, filters, search and price/stock reconciliation read, without
 * the detail's long texts. Strong ETag per version, 304 on If-None-Match, br/gzip. With
 * `?category=<slug>` the cards of that category alone `{ category, products, version }` (a category
 * or vendor page's; 404 for a slug no category has, 422 for a malformed one). The node edge answers
 * this path itself (same function); this route serves `astro dev` and hosts without the edge.
 */
export const GET: APIRoute = async ({ request }) => catalogResponse((await getDatabase()).readDb, catalogCardsCache, request, { byCategory: true });
