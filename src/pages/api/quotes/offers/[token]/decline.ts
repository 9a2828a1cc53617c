import type { APIRoute } from 'astro';
import { quoteDeclineSchema } from '../../../../../lib/schemas/quotes';
import { readSessionToken } from '../../../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../../../server/customers/customers.service';
import { readJsonBody } from '../../../../../server/http/body';
import { jsonResponse } from '../../../../../server/http/errors';
import { currentClientAddress } from '../../../../../server/http/request-context';
import { declineQuote } from '../../../../../server/quotes/quotes.service';
import { getDatabase } from '../../../../../server/runtime';

export const prerender = false;

/** Declines the quote, with an optional reason: 200 Quote; 409 accepted, expired or withdrawn; 401/404 as GET; 422. */
export const POST: APIRoute = async ({ request, params }) => {
  const { reason } = await readJsonBody(request, quoteDeclineSchema);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  return jsonResponse(await declineQuote(db, String(params.token ?? ''), reason, { customerId: customer?.id, address: currentClientAddress() }));
};
