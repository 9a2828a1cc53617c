import type { APIRoute } from 'astro';
import { streamProductsExport } from '../../../../server/imports/imports.service';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** Every live product in the template's columns, streamed; cells neutralised against formula injection. Importing it back changes nothing. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return new Response(streamProductsExport(db), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="products.csv"', 'cache-control': 'no-store' },
  });
};
