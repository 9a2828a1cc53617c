import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../server/http/errors';
import { requireStaff } from '../../../../server/staff/staff.http';

export const prerender = false;

/** The signed-in staff member { admin }, or 401. */
export const GET: APIRoute = async ({ request, url }) => {
  const { admin } = await requireStaff(request, url);
  return jsonResponse({ admin });
};
