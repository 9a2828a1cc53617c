import type { APIRoute } from 'astro';
import { readSiteFacts } from '../../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../../server/config';
import { drawPackingSlips } from '../../../../../server/orders/packing-slips.service';
import { documentResponse } from '../../../../../server/payments/documents.http';
import { getConfig, getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';

export const prerender = false;

/** The order's packing slip (PDF) for staff with manage_orders; 404 for no such order. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  return documentResponse(await drawPackingSlips(db, [String(params.id ?? '')], readSiteFacts(resolveDir(getConfig().CONTENT_DIR))));
};
