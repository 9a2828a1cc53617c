import type { APIRoute } from 'astro';
import { productBulkSchema } from '../../../../lib/schemas/admin-bulk';
import { bulkChangeProducts } from '../../../../server/catalog/product-bulk.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Withdraws or changes the selected products (`{ ids, versions? | filter, action, ... }`) one by one in this request: 200 `{ changed, refused }`; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const input = await readJsonBody(request, productBulkSchema);
  const { db } = await getDatabase();
  return jsonResponse(await bulkChangeProducts(db, input, actorOf(principal)));
};
