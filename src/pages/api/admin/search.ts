import type { APIRoute } from 'astro';
import { adminSearchQuerySchema } from '../../../lib/schemas/admin-search';
import { jsonResponse } from '../../../server/http/errors';
import { getDatabase } from '../../../server/runtime';
import { searchBackOffice } from '../../../server/search/admin-search.service';
import { requireStaff } from '../../../server/staff/staff.http';

export const prerender = false;

/** The top bar's search: ?q= → { orders?, products?, customers? }, a few of each, only the groups the member may see. */
export const GET: APIRoute = async ({ request, url }) => {
  const { admin } = await requireStaff(request, url);
  const { q } = adminSearchQuerySchema.parse(Object.fromEntries(url.searchParams));
  const { db } = await getDatabase();
  return jsonResponse(await searchBackOffice(db, admin, q));
};
