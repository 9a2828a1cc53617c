import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../../server/http/errors';
import { applyProviderNotification } from '../../../../server/payments/card-payments.service';
import { getConfig, getDatabase, pokeOutbox } from '../../../../server/runtime';

export const prerender = false;

/**
 * Stripe's webhook endpoint: the raw body is verified with STRIPE_WEBHOOK_SECRET (400 when it
 * does not verify), each event applied once by id with the payment read back from Stripe; 200
 * `{ received: true, applied }`; 404 when Stripe is not configured; 503 when Stripe cannot be read
 * (Stripe delivers it again).
 */
export const POST: APIRoute = async ({ request }) => {
  const { db } = await getDatabase();
  const config = getConfig();
  const result = await applyProviderNotification(db, 'stripe', request, { config, siteUrl: config.SITE_URL });
  if (result.applied > 0) pokeOutbox();
  return jsonResponse({ received: true, applied: result.applied }, 200);
};
