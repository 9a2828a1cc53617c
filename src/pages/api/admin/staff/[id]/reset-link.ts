import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf, sendStaffResetLink } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** E-mails a member a single-use password reset link (super_admin only): 202 { sentTo, expiresAt }; 404; 409 deactivated. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'super_admin');
  const { db } = await getDatabase();
  const sent = await sendStaffResetLink(db, String(params.id ?? ''), actorOf(principal), getConfig().SITE_URL);
  pokeOutbox();
  return jsonResponse(sent, 202);
};
