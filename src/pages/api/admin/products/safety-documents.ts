import type { APIRoute } from 'astro';
import { reportSafetySheetGaps } from '../../../../server/catalog/product-documents.service';
import { jsonResponse } from '../../../../server/http/errors';
import { getConfig, getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** Hazardous products on sale without a safety data sheet or with one older than SDS_MAX_AGE_YEARS: `{ maxAgeYears, revisedBefore, products }`. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await reportSafetySheetGaps(db, getConfig().SDS_MAX_AGE_YEARS));
};
