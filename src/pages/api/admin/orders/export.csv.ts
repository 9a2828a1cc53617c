import type { APIRoute } from 'astro';
import { ordersExportQuerySchema } from '../../../../lib/schemas/admin-bulk';
import { invalidFields } from '../../../../server/http/errors';
import { exportAdminOrdersCsv } from '../../../../server/orders/order-export.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** Every order the list's ?status=&q=&sort= match (only those of `?ids=`, comma-separated, at most 200, when given), as CSV (cells neutralised against formula injection); 422 for bad ids. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_orders');
  const query = ordersExportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw invalidFields(query.error);
  const { db } = await getDatabase();
  return new Response(await exportAdminOrdersCsv(db, query.data), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="orders.csv"', 'cache-control': 'no-store' },
  });
};
