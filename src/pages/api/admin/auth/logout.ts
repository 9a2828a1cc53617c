import type { APIRoute } from 'astro';
import { getDatabase } from '../../../../server/runtime';
import { buildClearedStaffCookie, resolveStaffRequest, staffCookieIsSecure } from '../../../../server/staff/staff.http';
import { signOutStaff } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Staff sign-out: the session is revoked and audited, the cookie cleared; 204 even without a session. */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await resolveStaffRequest(request);
  if (principal) {
    const { db } = await getDatabase();
    await signOutStaff(db, principal);
  }
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store', 'set-cookie': buildClearedStaffCookie(staffCookieIsSecure(url)) } });
};
