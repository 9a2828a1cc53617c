import type { APIRoute } from 'astro';
import type { AdminSummary } from '../../../lib/schemas/admin';
import { countNewEnquiries } from '../../../server/enquiries/enquiry-inbox.service';
import { jsonResponse } from '../../../server/http/errors';
import { countPendingOrders } from '../../../server/orders/order-workflow.service';
import { getDatabase } from '../../../server/runtime';
import { requireStaff } from '../../../server/staff/staff.http';
import { hasPermission } from '../../../server/staff/staff.service';

export const prerender = false;

/** The top bar's and sidebar's counts: pending orders and new enquiries for staff who manage orders, null for the others. */
export const GET: APIRoute = async ({ request, url }) => {
  const { admin } = await requireStaff(request, url);
  const { db } = await getDatabase();
  const ordersStaff = hasPermission(admin, 'manage_orders');
  const summary: AdminSummary = {
    pendingOrders: ordersStaff ? await countPendingOrders(db) : null,
    newEnquiries: ordersStaff ? await countNewEnquiries(db) : null,
  };
  return jsonResponse(summary);
};
