import type { APIRoute } from 'astro';
import { categoryInputSchema } from '../../../../lib/schemas/admin-catalog';
import { createCategory, listAdminCategories } from '../../../../server/catalog/admin-categories.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Every category/brand by order with its live product count: { categories }. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await listAdminCategories(db));
};

/** Adds a category/brand: 201 Category; 422 field messages (a name already used included). */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const input = await readJsonBody(request, categoryInputSchema);
  const { db } = await getDatabase();
  return jsonResponse(await createCategory(db, input, actorOf(principal)), 201);
};
