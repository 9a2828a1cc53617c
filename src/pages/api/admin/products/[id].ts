import type { APIRoute } from 'astro';
import { productUpdateSchema } from '../../../../lib/schemas/admin-catalog';
import { getAdminProduct, updateProduct, withdrawProduct } from '../../../../server/catalog/admin-products.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** One live product with its version; 404 when none or deleted. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await getAdminProduct(db, String(params.id ?? '')));
};

/** Saves the dialog with the `version` it opened: 200 AdminProduct; 409 `{ error, product }` when stale; 422; 404. */
export const PUT: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const input = await readJsonBody(request, productUpdateSchema);
  const { db } = await getDatabase();
  return jsonResponse(await updateProduct(db, String(params.id ?? ''), input, actorOf(principal)));
};

/** Withdraws a product (kept for its orders, gone from the live catalogue): 204; 404. */
export const DELETE: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  await withdrawProduct(db, String(params.id ?? ''), actorOf(principal));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
