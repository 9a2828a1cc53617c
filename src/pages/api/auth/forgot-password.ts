import type { APIRoute } from 'astro';
import { forgotPasswordSchema } from '../../../lib/schemas/auth';
import { requestPasswordReset } from '../../../server/customers/customers.service';
import { readJsonBody } from '../../../server/http/body';
import { jsonResponse } from '../../../server/http/errors';
import { currentClientAddress } from '../../../server/http/request-context';
import { getConfig, getDatabase, pokeOutbox } from '../../../server/runtime';

export const prerender = false;

/** E-mails a single-use reset link: 202; 404 'No account found with this email address.'; 429 too many requests. */
export const POST: APIRoute = async ({ request }) => {
  const { email } = await readJsonBody(request, forgotPasswordSchema);
  const { db } = await getDatabase();
  await requestPasswordReset(db, email, getConfig().SITE_URL, { address: currentClientAddress() });
  pokeOutbox();
  return jsonResponse({ status: 'sent' }, 202);
};
