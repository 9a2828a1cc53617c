import type { APIRoute } from 'astro';
import { listContentConflicts } from '../../../../../server/catalog/content-conflicts.service';
import { jsonResponse } from '../../../../../server/http/errors';
import { getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';

export const prerender = false;

/** The content changes waiting for a decision: { conflicts: [{ id, productId | categoryId, name, field, base, content, live, createdAt }], lastSync }. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await listContentConflicts(db));
};
