import type { APIRoute } from 'astro';
import { newStaffSchema } from '../../../../lib/schemas/admin-staff';
import { readJsonBody } from '../../../../server/http/body';
import { jsonResponse } from '../../../../server/http/errors';
import { getConfig, getDatabase, pokeOutbox } from '../../../../server/runtime';
import { requireStaff } from '../../../../server/staff/staff.http';
import { actorOf, createStaff, listStaff } from '../../../../server/staff/staff.service';

export const prerender = false;

/** Every staff account (super_admin only): { staff }. */
export const GET: APIRoute = async ({ request, url }) => {
  await requireStaff(request, url, 'super_admin');
  const { db } = await getDatabase();
  return jsonResponse({ staff: await listStaff(db) });
};

/**
 * Creates a staff account (super_admin only): 201 { admin, invited }; without a password the member
 * is e-mailed a link to choose one (invited: true). 409 taken e-mail; 422 fields or a common password.
 */
export const POST: APIRoute = async ({ request, url }) => {
  const principal = await requireStaff(request, url, 'super_admin');
  const input = await readJsonBody(request, newStaffSchema);
  const { db } = await getDatabase();
  const admin = await createStaff(db, input, actorOf(principal), new Date(), getConfig().SITE_URL);
  const invited = input.password === undefined;
  if (invited) pokeOutbox();
  return jsonResponse({ admin, invited }, 201);
};
