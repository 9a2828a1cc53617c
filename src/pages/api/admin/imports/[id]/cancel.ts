import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { cancelImportJob } from '../../../../../server/imports/imports.service';
import { getDatabase, getImportRunner } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Cancels an unfinished import; what it wrote stays: ImportJob; 409 once finished. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await cancelImportJob(db, await getImportRunner(), String(params.id), actorOf(principal)));
};
