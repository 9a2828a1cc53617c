import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { getAdminOrder } from '../../../../../server/orders/order-workflow.service';
import { retryCapture } from '../../../../../server/payments/payments.service';
import { getConfig, getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/**
 * Tries a failed card capture again: 200 AdminOrder (captured, the alert gone); 409 nothing held or
 * the order not approved; 502 the provider refused again (recorded, the order unchanged).
 */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  const id = String(params.id ?? '');
  await retryCapture(db, id, actorOf(principal), { config: getConfig() });
  return jsonResponse(await getAdminOrder(db, id));
};
