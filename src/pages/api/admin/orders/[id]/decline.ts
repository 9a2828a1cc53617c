import type { APIRoute } from 'astro';
import { declineOrderSchema } from '../../../../../lib/schemas/admin';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { declineOrder } from '../../../../../server/orders/order-workflow.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Declines a pending order with `{ reason }`: 200 AdminOrder; 422 empty reason; 409 with the current order unless pending. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const { reason } = await readJsonBody(request, declineOrderSchema);
  const { db } = await getDatabase();
  const order = await declineOrder(db, String(params.id ?? ''), reason, actorOf(principal), { siteUrl: getConfig().SITE_URL, config: getConfig() });
  pokeOutbox();
  return jsonResponse(order);
};
