import type { APIRoute } from 'astro';
import { adminSignInSchema } from '../../../../lib/schemas/admin';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { currentClientAddress } from '../../../../server/http/request-context';
import { getDatabase } from '../../../../server/runtime';
import { buildStaffCookie, readStaffToken, staffCookieIsSecure } from '../../../../server/staff/staff.http';
import { signInStaff } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Staff sign-in: 200 { admin } + the staff session cookie; 401 bad credentials, 403 deactivated, 422 fields, 429 too many failures. */
export const POST: APIRoute = async ({ request, url }) => {
  const input = await readJsonBody(request, adminSignInSchema);
  const { db } = await getDatabase();
  const signedIn = await signInStaff(db, input, { address: currentClientAddress(), previousToken: readStaffToken(request) });
  return jsonResponse({ admin: signedIn.admin }, 200, { 'set-cookie': buildStaffCookie(signedIn.token, staffCookieIsSecure(url)) });
};
