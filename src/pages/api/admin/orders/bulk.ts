import type { APIRoute } from 'astro';
import { orderBulkSchema } from '../../../../lib/schemas/admin-bulk';
import { bulkOutcomeResponse } from '../../../../server/bulk/bulk.http';
import { readJsonBody } from '../../../../server/http/body';
import { selectOrderBulkIds } from '../../../../server/orders/order-bulk.service';
import { getBulkJobRunner, getConfig, getDatabase, pokeOutbox } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Approves, declines or moves the selected orders (`{ ids | filter, action, reason?, status? }`) one by one: 200 `{ changed, refused }`, or 202 `{ job }` from BULK_JOB_MIN_RECORDS; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const input = await readJsonBody(request, orderBulkSchema);
  const { db } = await getDatabase();
  const ids = await selectOrderBulkIds(db, input);
  const outcome = await (await getBulkJobRunner()).submit('orders', { ...input, filter: undefined, ids }, actorOf(principal), getConfig().BULK_JOB_MIN_RECORDS);
  pokeOutbox();
  return bulkOutcomeResponse(outcome);
};
