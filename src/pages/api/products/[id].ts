import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getProduct } from '../../../server/catalog/catalog.service';
import { matchesVersion } from '../../../server/catalog/catalog.snapshot';
import { errorResponse, JSON_HEADERS, notFound } from '../../../server/http/errors';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/** A product id as the catalogue writes them. */
const productIdSchema = z.string().min(1).max(200);

/** Message of a product id that names no product. */
const PRODUCT_NOT_FOUND = 'Product not found.';

/** One product of the live catalogue (strong ETag of its content, 304 on If-None-Match), or 404. */
export const GET: APIRoute = async ({ params, request }) => {
  const id = productIdSchema.safeParse(params.id);
  if (!id.success) return errorResponse(notFound(PRODUCT_NOT_FOUND));
  const { db } = await getDatabase();
  const product = await getProduct(db, id.data);
  if (!product) return errorResponse(notFound(PRODUCT_NOT_FOUND));
  const body = JSON.stringify(product);
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const headers = { ...JSON_HEADERS, 'cache-control': 'public, max-age=0, must-revalidate', etag: `"${version}"` };
  if (matchesVersion(request.headers.get('if-none-match'), version)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers });
};
