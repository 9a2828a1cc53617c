import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { pauseImportJob } from '../../../../../server/imports/imports.service';
import { getDatabase, getImportFiles } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Pauses a running import after the batch it is writing: ImportJob; 409 unless running. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await pauseImportJob(db, getImportFiles(), String(params.id), actorOf(principal)));
};
