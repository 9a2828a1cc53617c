import type { APIRoute } from 'astro';
import { adminOrdersQuerySchema } from '../../../../lib/schemas/admin';
import { exportAdminOrdersCsv } from '../../../../server/orders/order-export.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** Every order the list's ?status=&q=&sort= match, as CSV (cells neutralised against formula injection). */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_orders');
  const query = adminOrdersQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = await getDatabase();
  return new Response(await exportAdminOrdersCsv(db, query), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders.csv"', 'cache-control': 'no-store' },
  });
};
