import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { approveOrder } from '../../../../../server/orders/order-workflow.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Approves a pending order: 200 AdminOrder; 409 with the current order unless it is pending. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  const order = await approveOrder(db, String(params.id ?? ''), actorOf(principal), { siteUrl: getConfig().SITE_URL, config: getConfig() });
  pokeOutbox();
  return jsonResponse(order);
};
