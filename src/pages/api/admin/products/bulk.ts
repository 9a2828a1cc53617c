import type { APIRoute } from 'astro';
import { productBulkSchema } from '../../../../lib/schemas/admin-bulk';
import { bulkOutcomeResponse } from '../../../../server/bulk/bulk.http';
import { pinProductVersions, selectProductBulkIds } from '../../../../server/catalog/product-bulk.service';
import { readJsonBody } from '../../../../server/http/body';
import { getBulkJobRunner, getConfig, getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Withdraws or changes the selected products (`{ ids, versions? | filter, action, ... }`) one by one: 200 `{ changed, refused }`, or 202 `{ job }` from BULK_JOB_MIN_RECORDS; 422. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const input = await readJsonBody(request, productBulkSchema);
  const { db } = await getDatabase();
  const ids = await selectProductBulkIds(db, input);
  const runner = await getBulkJobRunner();
  const outcome = await runner.submit('products', { ...input, filter: undefined, ids }, actorOf(principal), getConfig().BULK_JOB_MIN_RECORDS, (stored) => pinProductVersions(db, stored));
  return bulkOutcomeResponse(outcome);
};
