import type { APIRoute } from 'astro';
import { staffPasswordSchema } from '../../../../lib/schemas/admin-staff';
import { readJsonBody } from '../../../../server/http/body';
import { currentClientAddress } from '../../../../server/http/request-context';
import { getDatabase } from '../../../../server/runtime';
import { setStaffPassword } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Sets a staff password with an e-mailed link: 204 (every session of theirs ends); 400 unknown, used or expired link; 403 deactivated; 422 fields. */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, staffPasswordSchema);
  const { db } = await getDatabase();
  await setStaffPassword(db, input, { address: currentClientAddress() });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
};
