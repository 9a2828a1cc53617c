import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../../server/http/errors';
import { withdrawQuote } from '../../../../../server/quotes/quotes.service';
import { getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Withdraws the request's draft or sent quote: 200 AdminQuote; 404; 409 when it is no longer open. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  return jsonResponse(await withdrawQuote(db, String(params.id ?? ''), actorOf(principal)));
};
