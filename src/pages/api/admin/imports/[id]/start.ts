import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { startCheckedImport } from '../../../../../server/imports/imports.service';
import { getDatabase, getImportRunner } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Starts a finished dry run's stored file as the import, without sending it again: 202 ImportJob (the new job); 409 when it is not a finished dry run or its file is gone. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse(await startCheckedImport(db, await getImportRunner(), String(params.id), actorOf(principal)), 202);
};
