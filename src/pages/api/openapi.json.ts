import type { APIRoute } from 'astro';
import { buildOpenApiDocument } from '../../server/http/openapi/document';

export const prerender = false;

/** The OpenAPI 3.1 document of the API (src/server/http/openapi/operations.ts); the readable reference is /admin/api. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(buildOpenApiDocument()), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
