import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../server/http/errors';
import { getImportJob } from '../../../../server/imports/imports.service';
import { getDatabase, getImportFiles } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** One import: status, progress, result, metrics and suggestions (spec §3, §8). */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await getImportJob(db, getImportFiles(), String(params.id)));
};
