import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '~/server/config';
import type { PaymentProvider, PaymentRecord } from '~/server/payments/payment-provider';
import { createStripeCardProvider, shopCardBrand, stripeCardProviderOf } from '~/server/payments/stripe/stripe-card.provider';
import { StripeGateway } from '~/server/payments/stripe/stripe-gateway';
import { startStripeStandin, type StripeStandin } from '../../../helpers/stripe-standin';

let standin: StripeStandin;
let provider: PaymentProvider;

beforeAll(async () => {
  standin = await startStripeStandin({ webhookMode: 'manual' });
  const gateway = new StripeGateway({ secretKey: standin.secretKey, webhookSecret: standin.webhookSecret, apiBase: standin.url, maxNetworkRetries: 0 });
  provider = createStripeCardProvider(gateway, standin.publishableKey);
});

afterAll(async () => {
  await standin?.stop();
});

/** A record of a payment set up for an order of `totalCents`. */
async function prepared(totalCents: number, orderNumber = `GC-${Math.floor(Math.random() * 1e8)}`): Promise<{ record: PaymentRecord; clientSecret: string }> {
  const setUp = await provider.prepare({ orderId: crypto.randomUUID(), orderNumber, amountCents: totalCents, customerEmail: 'a@example.com', idempotencyKey: crypto.randomUUID(), input: { method: 'card' } });
  const record: PaymentRecord = { orderId: 'o', orderNumber, method: 'card', provider: 'stripe', reference: setUp.reference, totalCents, authorisedCents: 0, capturedCents: 0, refundedCents: 0 };
  return { record, clientSecret: String(setUp.clientData?.clientSecret) };
}

/** Stripe.js's confirmation from the browser with a test PaymentMethod. */
async function confirmInBrowser(reference: string, clientSecret: string, paymentMethod: string): Promise<number> {
  const body = new URLSearchParams({ key: standin.publishableKey, client_secret: clientSecret, payment_method: paymentMethod, use_stripe_sdk: 'true' });
  return (await fetch(`${standin.url}/v1/payment_intents/${reference}/confirm`, { method: 'POST', body })).status;
}

describe('the Stripe card provider', () => {
  it('is configured only by the three keys, once per process', () => {
    expect(stripeCardProviderOf(parseConfig({}))).toBeUndefined();
    const config = parseConfig(standin.env);
    expect(stripeCardProviderOf(config)?.id).toBe('stripe');
    expect(stripeCardProviderOf(config)).toBe(stripeCardProviderOf(config));
  });

  it('names card brands as the shop does', () => {
    expect(shopCardBrand('visa')).toBe('visa');
    expect(shopCardBrand('american_express')).toBe('amex');
    expect(shopCardBrand('mastercard')).toBe('mastercard');
    expect(shopCardBrand('cartes_bancaires')).toBe('cartes_bancaires');
  });

  it('sets up a manual-capture PaymentIntent holding nothing, with what Stripe.js needs; the same attempt and order make one', async () => {
    const key = crypto.randomUUID();
    const request = { orderId: 'o1', orderNumber: 'GC-12345678', amountCents: 4599, customerEmail: 'a@example.com', idempotencyKey: key, input: { method: 'card' } };
    const first = await provider.prepare(request);
    const again = await provider.prepare(request);
    expect(again.reference).toBe(first.reference);
    expect(first.authorisedCents).toBe(0);
    expect(first.clientData).toMatchObject({ provider: 'stripe', reference: first.reference, publishableKey: standin.publishableKey, clientSecret: expect.stringContaining(`${first.reference}_secret_`) });
    expect(standin.store.paymentIntents.get(first.reference)).toMatchObject({ amount: 4599, currency: 'usd', capture_method: 'manual' });
  });

  it('reads the authorisation with the card from Stripe, captures it, refunds part of it', async () => {
    const { record, clientSecret } = await prepared(5000);
    expect((await provider.inspect!(record)).state).toBe('awaiting_payment');
    expect(await confirmInBrowser(record.reference!, clientSecret, 'pm_card_amex')).toBe(200);
    const now = await provider.inspect!(record);
    expect(now).toMatchObject({ state: 'authorised', authorisedCents: 5000, card: { brand: 'amex', last4: '0005' } });
    expect(now.clientData).toBeUndefined();
    expect(await provider.confirm(record, {})).toEqual({ ok: true, amountCents: 5000, reference: record.reference });
    expect(await provider.capture({ ...record, authorisedCents: 5000 }, 5000, `capture-${record.reference}`)).toMatchObject({ ok: true, amountCents: 5000 });
    const refund = await provider.refund({ ...record, capturedCents: 5000 }, 1200, 'dented', `refund-${crypto.randomUUID()}`);
    expect(refund).toMatchObject({ ok: true, amountCents: 1200, reference: expect.stringMatching(/^re_/) });
    expect(await provider.inspect!(record)).toMatchObject({ state: 'captured', capturedCents: 5000, refundedCents: 1200 });
    const tooMuch = await provider.refund({ ...record, capturedCents: 5000 }, 4000, 'again', `refund-${crypto.randomUUID()}`);
    expect(tooMuch.ok).toBe(false);
  });

  it('reports a decline with Stripe\'s message and releases a hold', async () => {
    const declined = await prepared(3000);
    expect(await confirmInBrowser(declined.record.reference!, declined.clientSecret, 'pm_card_visa_chargeDeclinedInsufficientFunds')).toBe(402);
    expect(await provider.inspect!(declined.record)).toMatchObject({ state: 'declined', message: 'Your card has insufficient funds.' });

    const held = await prepared(3000);
    await confirmInBrowser(held.record.reference!, held.clientSecret, 'pm_card_visa');
    expect(await provider.release({ ...held.record, authorisedCents: 3000 }, 'release-1')).toMatchObject({ ok: true, amountCents: 3000 });
    expect(await provider.inspect!(held.record)).toMatchObject({ state: 'released', authorisedCents: 0 });
  });

  it('reads signed webhook events as the boundary\'s events and refuses a bad signature', async () => {
    const { record, clientSecret } = await prepared(2500);
    await confirmInBrowser(record.reference!, clientSecret, 'pm_card_visa');
    const event = standin.eventsFor(record.reference!).find((e) => e.type === 'payment_intent.amount_capturable_updated')!;
    const { body, signature } = standin.webhooks.sign(event);
    const events = await provider.parseEvents!(new Request('http://shop/webhook', { method: 'POST', body, headers: { 'stripe-signature': signature } }));
    expect(events).toEqual([{ eventId: event.id, reference: record.reference, kind: 'authorised', amountCents: 2500 }]);
    const created = standin.eventsFor(record.reference!).find((e) => e.type === 'payment_intent.created')!;
    const signedCreated = standin.webhooks.sign(created);
    expect(await provider.parseEvents!(new Request('http://shop/webhook', { method: 'POST', body: signedCreated.body, headers: { 'stripe-signature': signedCreated.signature } }))).toEqual([]);
    await expect(provider.parseEvents!(new Request('http://shop/webhook', { method: 'POST', body: `${body} `, headers: { 'stripe-signature': signature } }))).rejects.toThrow(/Stripe webhook refused/);
  });
});
