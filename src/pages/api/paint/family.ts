import type { APIRoute } from 'astro';
import { familyQuerySchema } from '../../../lib/schemas/paint';
import { invalidFields, jsonResponse } from '../../../server/http/errors';
import { getFamilyBySlug } from '../../../server/paint/paint-estimate.service';
import { getDatabase } from '../../../server/runtime';

export const prerender = false;

/**
 * GET /api/paint/family?slug=<family> → 200 `{ family, sizes: [{ id, slug, name, image, category, packSize, price, inStock, stockQuantity?, requestQuoteOnly }] }`,
 * the family's live sizes smallest first (empty when none); 422 for a malformed slug.
 */
export const GET: APIRoute = async ({ url }) => {
  const parsed = familyQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw invalidFields(parsed.error);
  const { db } = await getDatabase();
  return jsonResponse({ family: parsed.data.slug, sizes: await getFamilyBySlug(db, parsed.data.slug) });
};
