import type { APIRoute } from 'astro';
import { jsonResponse } from '../../../server/http/errors';
import { bankDetailsOf } from '../../../server/payments/bank-transfer.provider';
import { enabledPaymentProviders } from '../../../server/payments/providers';
import { getConfig } from '../../../server/runtime';

export const prerender = false;

/** The payment methods the checkout offers now (bank transfer always; card only with a configured provider) and the shop's bank details. */
export const GET: APIRoute = async () => {
  const config = getConfig();
  return jsonResponse({ methods: [...enabledPaymentProviders(config).keys()], bankDetails: bankDetailsOf(config), transferDueDays: config.BANK_TRANSFER_DUE_DAYS });
};
