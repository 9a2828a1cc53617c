import type { APIRoute } from 'astro';
import { templateCsv } from '../../../../server/imports/product-rows';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** The product CSV template: every column the import reads, with two example rows. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  return new Response(`\ufeff${templateCsv()}`, {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="products-template.csv"', 'cache-control': 'no-store' },
  });
};
