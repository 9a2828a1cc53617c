import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../server/http/errors';
import { getAdminOrder } from '../../../../server/orders/order-workflow.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** One order with its whole history; 404 when there is none. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  return jsonResponse(await getAdminOrder(db, String(params.id ?? '')));
};
