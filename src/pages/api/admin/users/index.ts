import type { APIRoute } from 'astro';
import { adminUsersQuerySchema } from '../../../../lib/schemas/admin-users';
import { listAdminUsers } from '../../../../server/customers/customer-admin.service';
import { invalidFields, jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** One page of customers, newest first: ?q=&status=all|active|blocked&page=&pageSize= → { users, total, page, pageSize, stats }; 422 for a bad parameter. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_users');
  const parsed = adminUsersQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw invalidFields(parsed.error);
  const { db } = await getDatabase();
  return jsonResponse(await listAdminUsers(db, parsed.data));
};
