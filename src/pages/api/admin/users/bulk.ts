import type { APIRoute } from 'astro';
import { userBulkSchema } from '../../../../lib/schemas/admin-bulk';
import { bulkOutcomeResponse } from '../../../../server/bulk/bulk.http';
import { selectUserBulkIds } from '../../../../server/customers/customer-bulk.service';
import { readJsonBody } from '../../../../server/http/body';
import { getBulkJobRunner, getConfig, getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Blocks or unblocks the selected customers (`{ ids | filter, action }`) one by one: 200 `{ changed, refused }`, or 202 `{ job }` from BULK_JOB_MIN_RECORDS; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_users');
  const input = await readJsonBody(request, userBulkSchema);
  const { db } = await getDatabase();
  const ids = await selectUserBulkIds(db, input);
  return bulkOutcomeResponse(await (await getBulkJobRunner()).submit('users', { ...input, filter: undefined, ids }, actorOf(principal), getConfig().BULK_JOB_MIN_RECORDS));
};
