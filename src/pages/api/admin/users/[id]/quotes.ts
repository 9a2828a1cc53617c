import type { APIRoute } from 'astro';
import { quoteStartSchema } from '../../../../../lib/schemas/quotes';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { startCustomerQuote } from '../../../../../server/quotes/quotes.service';
import { getDatabase } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** Starts a draft quote for the customer (a quote request on their behalf): 201 AdminQuote; 404 unknown customer; 422. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const start = await readJsonBody(request, quoteStartSchema);
  const { db } = await getDatabase();
  return jsonResponse(await startCustomerQuote(db, String(params.id ?? ''), start, actorOf(principal)), 201);
};
