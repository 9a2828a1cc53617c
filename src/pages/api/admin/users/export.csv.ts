import type { APIRoute } from 'astro';
import { usersExportQuerySchema } from '../../../../lib/schemas/admin-bulk';
import { exportAdminUsersCsv } from '../../../../server/customers/customer-export.service';
import { invalidFields } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** Every customer the list's ?status=&q=&sort= match (only those of `?ids=`, comma-separated, at most 200, when given), as CSV (cells neutralised against formula injection); 422 for a bad filter. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_users');
  const query = usersExportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw invalidFields(query.error);
  const { db } = await getDatabase();
  return new Response(await exportAdminUsersCsv(db, query.data), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="customers.csv"', 'cache-control': 'no-store' },
  });
};
