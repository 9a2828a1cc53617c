import type { APIRoute } from 'astro';
import { quoteRequestInputSchema } from '../../lib/schemas/enquiries';
import { readSessionToken } from '../../server/auth/auth.http';
import { findSignedInCustomer } from '../../server/customers/customers.service';
import { submitQuoteRequest } from '../../server/enquiries/enquiries.service';
import { readJsonBody } from '../../server/http/body';
import { jsonResponse } from '../../server/http/errors';
import { currentClientAddress } from '../../server/http/request-context';
import { getDatabase, pokeOutbox } from '../../server/runtime';

export const prerender = false;

/** Stores a quote request and e-mails the requester a confirmation: 201 { quoteRequest }; 404 unknown product; 422; 429. */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, quoteRequestInputSchema);
  const { db } = await getDatabase();
  const customer = await findSignedInCustomer(db, readSessionToken(request));
  const quoteRequest = await submitQuoteRequest(db, input, { address: currentClientAddress(), customerId: customer?.id });
  pokeOutbox();
  return jsonResponse({ quoteRequest }, 201);
};
