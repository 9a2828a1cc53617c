import type { APIRoute } from 'astro';
import { z } from 'zod';
import { getProduct } from '../../../server/catalog/catalog.service';
import { errorResponse, jsonResponse, notFound } from '../../../server/http/errors';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/** A product id as the catalogue writes them. */
const productIdSchema = z.string().min(1).max(200);

/** Message of a product id that names no product. */
const PRODUCT_NOT_FOUND = 'Product not found.';

/** One product of the live catalogue, or 404. */
export const GET: APIRoute = async ({ params }) => {
  const id = productIdSchema.safeParse(params.id);
  if (!id.success) return errorResponse(notFound(PRODUCT_NOT_FOUND));
  const { db } = await getDatabase();
  const product = await getProduct(db, id.data);
  if (!product) return errorResponse(notFound(PRODUCT_NOT_FOUND));
  return jsonResponse(product, 200, { 'cache-control': 'no-cache' });
};
