import type { APIRoute } from 'astro';
import { orderBulkSchema } from '../../../../lib/schemas/admin-bulk';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { bulkChangeOrders } from '../../../../server/orders/order-bulk.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Approves, declines or moves the selected orders (`{ ids | filter, action, reason?, status? }`) one by one in this request: 200 `{ changed, refused }`; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const input = await readJsonBody(request, orderBulkSchema);
  const { db } = await getDatabase();
  const result = await bulkChangeOrders(db, input, actorOf(principal), { siteUrl: getConfig().SITE_URL });
  pokeOutbox();
  return jsonResponse(result);
};
