import type { APIRoute } from 'astro';
import { estimateQuerySchema } from '../../../lib/schemas/paint';
import { invalidFields, jsonResponse } from '../../../server/http/errors';
import { estimateForProduct } from '../../../server/paint/paint-estimate.service';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * GET /api/paint/estimate?product=<id>&area=<m²>&coats=<n>&surface=smooth|textured|porous → 200
 * `{ litres: { min, max }, plannedLitres, packs: [{ productId, quantity }], totalCents, leftoverLitres, coats, message? }`
 * over the family's in-stock sizes now (not cached: stock moves); 422 bad query or no spread rate; 404 unknown product.
 */
export const GET: APIRoute = async ({ url }) => {
  const parsed = estimateQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw invalidFields(parsed.error);
  const { db } = await getDatabase();
  return jsonResponse(await estimateForProduct(db, parsed.data));
};
