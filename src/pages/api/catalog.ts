import type { APIRoute } from 'astro';
import { catalogResponse } from '../../server/catalog/catalog.http';
import { catalogCache, getDatabase } from '../../server/runtime';

export const prerender = false;

/**
 * The live catalogue `{ products, categories, version }`: strong ETag per version, 304 on
 * If-None-Match, br/gzip. The node edge answers this path itself (same function, without the
 * Astro pipeline); this route serves `astro dev` and any host without the edge.
 */
export const GET: APIRoute = async ({ request }) => catalogResponse((await getDatabase()).readDb, catalogCache, request);
