import type { PaymentMethod } from '../../lib/schemas/order';
import type { Config } from '../config';
import { accountProvider } from './account.provider';
import { bankTransferProvider } from './bank-transfer.provider';
import type { PaymentProvider } from './payment-provider';
import { stripeCardProviderOf } from './stripe/stripe-card.provider';

/**
 * Card gateways the shop knows, in order of preference: each returns its provider when its
 * settings are present, undefined otherwise. A gateway adds its factory here.
 */
export const CARD_PROVIDER_FACTORIES: ((config: Config) => PaymentProvider | undefined)[] = [stripeCardProviderOf];

/** The providers of the methods PAYMENT_PROVIDERS enables and that can work now, by method. */
export function enabledPaymentProviders(config: Config): Map<PaymentMethod, PaymentProvider> {
  const providers = new Map<PaymentMethod, PaymentProvider>();
  for (const method of config.PAYMENT_PROVIDERS) {
    if (method === 'bank_transfer') providers.set(method, bankTransferProvider);
    else {
      const card = CARD_PROVIDER_FACTORIES.map((factory) => factory(config)).find((p) => p !== undefined);
      if (card) providers.set(method, card);
    }
  }
  // Bank transfer needs nothing outside: a shop with only an unconfigured card gateway still takes orders.
  if (providers.size === 0) providers.set('bank_transfer', bankTransferProvider);
  return providers;
}

/**
 * The provider that handles an order's payment (by the id kept on the order), whether or not its
 * method is still offered. Orders from before payments were kept ('legacy') took no money: what
 * staff record for them arrives and goes back by bank transfer.
 */
export function providerById(config: Config, id: string): PaymentProvider | undefined {
  if (id === bankTransferProvider.id || id === 'legacy') return bankTransferProvider;
  if (id === accountProvider.id) return accountProvider;
  return CARD_PROVIDER_FACTORIES.map((factory) => factory(config)).find((p) => p?.id === id);
}
