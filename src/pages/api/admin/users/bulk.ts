import type { APIRoute } from 'astro';
import { userBulkSchema } from '../../../../lib/schemas/admin-bulk';
import { bulkChangeUsers } from '../../../../server/customers/customer-bulk.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Blocks or unblocks the selected customers (`{ ids | filter, action }`) one by one in this request: 200 `{ changed, refused }`; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_users');
  const input = await readJsonBody(request, userBulkSchema);
  const { db } = await getDatabase();
  return jsonResponse(await bulkChangeUsers(db, input, actorOf(principal)));
};
