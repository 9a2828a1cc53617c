import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../server/http/errors';
import { bankDetailsOf } from '../../../server/payments/bank-transfer.provider';
import { enabledPaymentProviders } from '../../../server/payments/providers';
import { getConfig } from '../../../server/runtime';

export const prerender = false;

/**
 * The payment methods the checkout offers now (bank transfer always; card only with a configured
 * provider), the shop's bank details and, with card, what Stripe.js needs (`card: { provider, publishableKey }`).
 */
export const GET: APIRoute = async () => {
  const config = getConfig();
  const providers = enabledPaymentProviders(config);
  const card = providers.get('card')?.id === 'stripe' ? { provider: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY } : null;
  return jsonResponse({ methods: [...providers.keys()], bankDetails: bankDetailsOf(config), transferDueDays: config.BANK_TRANSFER_DUE_DAYS, card });
};
