import type { APIRoute } from 'astro';
import type { AdminSummary } from '../../../lib/schemas/admin';
import { jsonResponse } from '../../../server/http/errors';
import { countPendingOrders } from '../../../server/orders/order-workflow.service';
import { getDatabase } from '../../../server/runtime';
import { requireStaff } from '../../../server/staff/staff.http';
import { hasPermission } from '../../../server/staff/staff.service';

export const prerender = false;

/** The top bar's counts: pending orders for staff who manage orders, null for the others. */
export const GET: APIRoute = async ({ request, url }) => {
  const { admin } = await requireStaff(request, url);
  const { db } = await getDatabase();
  const summary: AdminSummary = { pendingOrders: hasPermission(admin, 'manage_orders') ? await countPendingOrders(db) : null };
  return jsonResponse(summary);
};
