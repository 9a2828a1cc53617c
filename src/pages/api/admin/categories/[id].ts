import type { APIRoute } from 'astro';
import { categoryChangeSchema } from '../../../../lib/schemas/admin-catalog';
import { changeCategory, removeCategory } from '../../../../server/catalog/admin-categories.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Changes any fields (featured toggles, order moves and renumbers): 200 Category; 409 renaming one in use; 422; 404. */
export const PUT: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const change = await readJsonBody(request, categoryChangeSchema);
  const { db } = await getDatabase();
  return jsonResponse(await changeCategory(db, String(params.id ?? ''), change, actorOf(principal)));
};

/** Deletes a category no live product uses: 204; 409 while products use it; 404. */
export const DELETE: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  await removeCategory(db, String(params.id ?? ''), actorOf(principal));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
