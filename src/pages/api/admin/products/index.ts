import type { APIRoute } from 'astro';
import { adminProductsQuerySchema, productInputSchema } from '../../../../lib/schemas/admin-catalog';
import { createProduct, listAdminProducts } from '../../../../server/catalog/admin-products.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** One page of live products by name: ?q=&category=&page=&pageSize= → { products, total, page, pageSize, stats }. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const query = adminProductsQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = await getDatabase();
  return jsonResponse(await listAdminProducts(db, query));
};

/** Adds a product from the dialog: 201 AdminProduct; 422 with the field messages of spec §5. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const input = await readJsonBody(request, productInputSchema);
  const { db } = await getDatabase();
  return jsonResponse(await createProduct(db, input, actorOf(principal)), 201);
};
