import type { APIRoute } from 'astro';
import { contactMessageInputSchema } from '../../lib/schemas/enquiries';
import { submitContactMessage } from '../../server/enquiries/enquiries.service';
import { readJsonBody } from '../../server/http/body';
import { jsonResponse } from '../../server/http/errors';
import { currentClientAddress } from '../../server/http/request-context';
import { getDatabase, pokeOutbox } from '../../server/runtime';

export const prerender = false;

/** Stores a contact form message and e-mails the sender a confirmation: 201 { contactMessage }; 422; 429. */
export const POST: APIRoute = async ({ request }) => {
  const input = await readJsonBody(request, contactMessageInputSchema);
  const { db } = await getDatabase();
  const contactMessage = await submitContactMessage(db, input, { address: currentClientAddress() });
  pokeOutbox();
  return jsonResponse({ contactMessage }, 201);
};
