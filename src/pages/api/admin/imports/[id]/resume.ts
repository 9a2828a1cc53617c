import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { resumeImportJob } from '../../../../../server/imports/imports.service';
import { getDatabase, getImportRunner } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Resumes a paused or interrupted import from its last committed batch: ImportJob; 409 otherwise. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await resumeImportJob(db, await getImportRunner(), String(params.id), actorOf(principal)));
};
