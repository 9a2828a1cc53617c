import type { APIRoute } from 'astro';
import { staffChangeSchema } from '../../../../lib/schemas/admin';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf, changeStaff } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Changes a staff account's role or active state (super_admin only); its sessions end at once. 409 for the last super admin. */
export const PATCH: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'super_admin');
  const changes = await readJsonBody(request, staffChangeSchema);
  const { db } = await getDatabase();
  return jsonResponse({ admin: await changeStaff(db, String(params.id ?? ''), changes, actorOf(principal)) });
};
