import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../server/http/errors';
import { receiveImportUpload } from '../../../../server/imports/import-upload';
import { createImportJob, getLatestImportJob } from '../../../../server/imports/imports.service';
import { getConfig, getDatabase, getImportFiles, getImportRunner } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** The newest import (a reopened Bulk Upload view finds the running one): `{ job }`, null when none. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'manage_products');
  const { db } = await getDatabase();
  return jsonResponse({ job: await getLatestImportJob(db, getImportFiles()) });
};

/** Uploads a product CSV (multipart `file`, optional `dryRun=true`): 202 ImportJob, running at once; 415 'Please select a valid CSV file'. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const config = getConfig();
  const { db } = await getDatabase();
  const runner = await getImportRunner();
  const { file, dryRun } = await receiveImportUpload(request, runner.files, config.MAX_IMPORT_BYTES);
  return jsonResponse(await createImportJob(db, runner, file, dryRun, actorOf(principal)), 202);
};
