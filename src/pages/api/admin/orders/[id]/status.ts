import type { APIRoute } from 'astro';
import { orderStatusChangeSchema } from '../../../../../lib/schemas/admin';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { changeOrderStatus } from '../../../../../server/orders/order-workflow.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Moves an order to processing, shipped, delivered or cancelled: 200 AdminOrder; 409 with the current order when the state machine forbids it. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const change = await readJsonBody(request, orderStatusChangeSchema);
  const { db } = await getDatabase();
  const order = await changeOrderStatus(db, String(params.id ?? ''), change, actorOf(principal), { siteUrl: getConfig().SITE_URL, config: getConfig() });
  pokeOutbox();
  return jsonResponse(order);
};
