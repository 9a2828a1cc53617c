import type { APIRoute } from 'astro';
import { adminUserChangeSchema } from '../../../../lib/schemas/admin-users';
import { deleteAdminUser, getAdminUser, setAdminUserBlocked } from '../../../../server/customers/customer-admin.service';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getDatabase } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf } from '../../../../server/staff/staff.service';

export const prerender = false;

/** One customer with their orders and total spent; 404 when none. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_users');
  const { db } = await getDatabase();
  return jsonResponse(await getAdminUser(db, String(params.id ?? '')));
};

/** Blocks (signing them out everywhere) or unblocks a customer with `{ isBlocked }`: 200 AdminUser; 422; 404. */
export const PATCH: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_users');
  const { isBlocked } = await readJsonBody(request, adminUserChangeSchema);
  const { db } = await getDatabase();
  return jsonResponse(await setAdminUserBlocked(db, String(params.id ?? ''), isBlocked, actorOf(principal)));
};

/** Erases a customer's account and personal data, keeping their orders unlinked: 204; 404. */
export const DELETE: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_users');
  const { db } = await getDatabase();
  await deleteAdminUser(db, String(params.id ?? ''), actorOf(principal));
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
