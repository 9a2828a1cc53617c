import type { APIRoute } from 'astro';
import { readSessionToken } from '../../../../server/auth/auth.http';
import { findSignedInCustomer } from '../../../../server/customers/customers.service';
import { jsonResponse } from '../../../../server/http/errors';
import { viewQuote } from '../../../../server/quotes/quotes.service';
import { getDatabase } from '../../../../server/runtime';

export const prerender = false;

/** The quote of an e-mailed link: 200 Quote; 401 when it was made for an account and nobody is signed in; 404 otherwise. */
export const GET: APIRoute = async ({ request, params }) => {
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  return jsonResponse(await viewQuote(db, String(params.token ?? ''), { customerId: customer?.id }));
};
