import type { APIRoute } from 'astro';
import { packingSlipsInputSchema } from '../../../../lib/schemas/order';
import { readSiteFacts } from '../../../../server/catalog/spec-sheet.service';
import { resolveDir } from '../../../../server/config';
import { readJsonBody } from '../../../../server/http/body';
import { drawPackingSlips } from '../../../../server/orders/packing-slips.service';
import { documentResponse } from '../../../../server/payments/documents.http';
import { getConfig, getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** POST `{ ids }` → one PDF with a packing slip per order (each from a new page), for staff with manage_orders; 404 when any order does not exist; 422 no ids or more than 200. */
export const POST: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_orders');
  const input = await readJsonBody(request, packingSlipsInputSchema);
  const { db } = await getDatabase();
  return documentResponse(await drawPackingSlips(db, input.ids, readSiteFacts(resolveDir(getConfig().CONTENT_DIR))));
};
