import type { APIRoute } from 'astro';
import { importUndoSchema } from '../../../../../lib/schemas/admin-import-undo';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { undoImport } from '../../../../../server/imports/import-undo.service';
import { getDatabase, getMediaStorage } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Undoes a finished or cancelled import (`{ dryRun }` previews): 200 `{ dryRun, deleted, withdrawn, kept, reverted, refused }`; 404; 409 running or a dry run. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_products');
  const { dryRun } = await readJsonBody(request, importUndoSchema);
  const { db } = await getDatabase();
  return jsonResponse(await undoImport(db, getMediaStorage(), String(params.id ?? ''), dryRun, actorOf(principal)));
};
