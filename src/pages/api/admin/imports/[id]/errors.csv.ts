import type { APIRoute } from 'astro';
import { streamImportErrors } from '../../../../../server/imports/imports.service';
import { getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';

export const prerender = false;

/** The refused rows of an import as they were in its file, with a column saying why: fix them and import the file again. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  const id = String(params.id);
  return new Response(await streamImportErrors(db, id), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="import-errors-${id.slice(0, 8)}.csv"`, 'cache-control': 'no-store' },
  });
};
