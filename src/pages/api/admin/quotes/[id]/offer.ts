import type { APIRoute } from 'astro';
import { quoteOfferSchema } from '../../../../../lib/schemas/quotes';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { getStaffQuote, offerQuote } from '../../../../../server/quotes/quotes.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../../server/runtime';
import { requireStaff } from '../../../../../server/staff/staff.http';
import { actorOf } from '../../../../../server/staff/staff.service';

export const prerender = false;

/** The quote priced for a quote request: 200 `{ quote }`, null while it has none; 404 unknown request. */
export const GET: APIRoute = async ({ request, url, params }) => {
  await requireStaff(request, url, 'manage_orders');
  const { db } = await getDatabase();
  return jsonResponse({ quote: await getStaffQuote(db, String(params.id ?? '')) });
};

/** Prices (or re-prices) the request's quote and, unless `send: false`, e-mails the customer its link: 200 AdminQuote; 404; 409 accepted; 422. */
export const POST: APIRoute = async ({ request, url, params }) => {
  const principal = await requireStaff(request, url, 'manage_orders');
  const offer = await readJsonBody(request, quoteOfferSchema);
  const { db } = await getDatabase();
  const quote = await offerQuote(db, String(params.id ?? ''), offer, actorOf(principal), { siteUrl: getConfig().SITE_URL });
  pokeOutbox();
  return jsonResponse(quote);
};
