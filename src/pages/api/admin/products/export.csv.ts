import type { APIRoute } from 'astro';
import { productsExportQuerySchema } from '../../../../lib/schemas/admin-bulk';
import { selectProductBulkIds } from '../../../../server/catalog/product-bulk.service';
import { invalidFields } from '../../../../server/http/errors';
import { streamProductsExport } from '../../../../server/imports/imports.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/**
 * The live products in the template's columns, streamed: those named by `?ids=` (comma-separated, at
 * most 200), else those the list's `?q=&category=&stock=` match, else every one; cells neutralised
 * against formula injection; 422 for a bad query. Importing it back changes nothing.
 */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const query = productsExportQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw invalidFields(query.error);
  const { db } = await getDatabase();
  const { ids, ...filter } = query.data;
  const filtered = filter.q !== '' || filter.category !== 'All' || filter.stock !== 'all';
  const only = ids ?? (filtered ? await selectProductBulkIds(db, { filter, action: 'withdraw' }) : undefined);
  return new Response(streamProductsExport(db, only), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="products.csv"', 'cache-control': 'no-store' },
  });
};
