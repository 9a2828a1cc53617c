import type { APIRoute } from 'astro';
import { adminOrdersQuerySchema } from '../../../../lib/schemas/admin';
import { jsonResponse } from '../../../../server/http/errors';
import { listAdminOrders } from '../../../../server/orders/order-workflow.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** One page of orders, newest first: ?status=&q=&page=&pageSize= → { orders, total, page, pageSize }. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_orders');
  const query = adminOrdersQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = await getDatabase();
  return jsonResponse(await listAdminOrders(db, query));
};
