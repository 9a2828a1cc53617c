import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeStripeForm, encodeStripeForm } from '../../../helpers/stripe-standin/form';
import { startStripeStandin, type StripeStandin } from '../../../helpers/stripe-standin';

// The stand-in itself, through the official SDK unchanged (host/port/protocol only): the Stripe
// rules the gateway's tests do not reach.

let standin: StripeStandin;
let stripe: Stripe;
let receiver: Server;
const received: Array<{ body: string; signature: string }> = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature']) });
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standin = await startStripeStandin({ webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });
  stripe = new Stripe(standin.secretKey, { host: standin.host, port: standin.port, protocol: standin.protocol, maxNetworkRetries: 0 });
});

afterAll(async () => {
  await standin?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('Stripe stand-in through the official SDK', () => {
  it('reads nested and listed parameters as Stripe encodes them', () => {
    const encoded = encodeStripeForm({ amount: 500, metadata: { order_number: 'GC-1' }, expand: ['latest_charge', 'payment_method'] });
    expect(encoded).toBe('amount=500&metadata%5Border_number%5D=GC-1&expand%5B0%5D=latest_charge&expand%5B1%5D=payment_method');
    expect(decodeStripeForm(encoded)).toEqual({ amount: '500', metadata: { order_number: 'GC-1' }, expand: ['latest_charge', 'payment_method'] });
    expect(decodeStripeForm('expand[]=a&expand[]=b&card[number]=4242')).toEqual({ expand: ['a', 'b'], card: { number: '4242' } });
  });

  it('needs a return_url to confirm on the server when the Dashboard payment methods are on (the default)', async () => {
    const refused = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'gbp', payment_method: 'pm_card_visa', confirm: true })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((refused as Stripe.errors.StripeError).param).toBe('return_url');
    // Refused before anything was made, as Stripe does: no intent, no event.
    expect(standin.events('payment_intent.created').map((e) => e.data.object.amount)).not.toContain(1000);
    const allowed = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'gbp',
      payment_method: 'pm_card_visa',
      confirm: true,
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    });
    expect(allowed.status).toBe('succeeded');
    expect(allowed.amount_received).toBe(1000);
  });

  it('refuses a card number sent with the secret key, and parameters the API version does not know', async () => {
    const raw = await stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'gbp',
        allowed_payment_method_types: ['card'],
        payment_method_data: { type: 'card', card: { number: '4242424242424242', exp_month: 12, exp_year: 2040 } } as never,
      })
      .catch((e: unknown) => e);
    expect((raw as Stripe.errors.StripeError).message).toMatch(/^Sending credit card numbers directly to the Stripe API is generally unsafe/);
    const unknown = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'gbp', payment_method_types: ['card'] } as never)
      .catch((e: unknown) => e);
    expect((unknown as Stripe.errors.StripeError).message).toBe('Received unknown parameter: payment_method_types');
    const tooSmall = await stripe.paymentIntents.create({ amount: 29, currency: 'gbp' }).catch((e: unknown) => e);
    expect(tooSmall).toMatchObject({ code: 'amount_too_small', message: 'Amount must be at least £0.30 gbp' });
  });

  it("answers an unknown id with Stripe's resource_missing", async () => {
    const missing = await stripe.paymentIntents.retrieve('pi_nothere').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such payment_intent: 'pi_nothere'" });
  });

  it('keeps the publishable key to what Stripe.js may do', async () => {
    const browser = new Stripe(standin.publishableKey, { host: standin.host, port: standin.port, protocol: standin.protocol, maxNetworkRetries: 0 });
    const refused = await browser.paymentIntents.create({ amount: 1000, currency: 'gbp' }).catch((e: unknown) => e);
    expect((refused as Stripe.errors.StripeError).message).toMatch(/^This API call cannot be made with a publishable API key/);
    const intent = await stripe.paymentIntents.create({ amount: 1000, currency: 'gbp', allowed_payment_method_types: ['card'] });
    const withoutSecret = await browser.paymentIntents.retrieve(intent.id).catch((e: unknown) => e);
    expect(withoutSecret).toBeInstanceOf(Stripe.errors.StripeError);
    const seen = await browser.paymentIntents.retrieve(intent.id, { client_secret: intent.client_secret! });
    expect(seen.status).toBe('requires_payment_method');
    expect(seen).not.toHaveProperty('metadata');
  });

  it('expands the latest charge, lists events by type and sends them signed, in order', async () => {
    received.length = 0;
    const intent = await stripe.paymentIntents.create({
      amount: 2500,
      currency: 'gbp',
      capture_method: 'manual',
      allowed_payment_method_types: ['card'],
      payment_method: 'pm_card_amex',
      confirm: true,
      metadata: { order_number: 'GC-77' },
      expand: ['latest_charge'],
    });
    const charge = intent.latest_charge as Stripe.Charge;
    expect(charge).toMatchObject({ object: 'charge', captured: false, amount: 2500, payment_method_details: { card: { brand: 'amex', last4: '0005' } } });
    await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 2000 });
    const succeeded = await stripe.events.list({ type: 'payment_intent.succeeded', limit: 1 });
    expect(succeeded.data[0]!.data.object).toMatchObject({ id: intent.id, amount_received: 2000, metadata: { order_number: 'GC-77' } });

    await standin.webhooks.settled();
    const events = received.map((r) => stripe.webhooks.constructEvent(r.body, r.signature, standin.webhookSecret));
    const types = events.filter((e) => (e.data.object as { id?: string; payment_intent?: string }).id === intent.id || (e.data.object as { payment_intent?: string }).payment_intent === intent.id).map((e) => e.type);
    expect(types).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.amount_capturable_updated',
      'charge.captured',
      'payment_intent.succeeded',
    ]);
    expect(standin.webhooks.deliveries.every((d) => d.status === 200)).toBe(true);
  });

  it('tries a delivery again after the endpoint fails it, when asked to', async () => {
    let answered = 0;
    const flaky = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        answered += 1;
        res.writeHead(answered === 1 ? 500 : 200);
        res.end();
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
    const retrying = await startStripeStandin({
      webhookUrl: `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/hook`,
      webhookRetry: { attempts: 2, delayMs: 20 },
      enabledEvents: ['payment_intent.created'],
    });
    try {
      const sdk = new Stripe(retrying.secretKey, { host: retrying.host, port: retrying.port, protocol: 'http', maxNetworkRetries: 0 });
      const intent = await sdk.paymentIntents.create({ amount: 1000, currency: 'gbp', allowed_payment_method_types: ['card'] });
      await retrying.webhooks.settled();
      expect(retrying.webhooks.deliveries.map((d) => [d.eventId, d.status])).toEqual([
        [retrying.events('payment_intent.created')[0]!.id, 500],
        [retrying.events('payment_intent.created')[0]!.id, 200],
      ]);
      expect(retrying.events('payment_intent.created')[0]!.data.object.id).toBe(intent.id);
    } finally {
      await retrying.stop();
      await new Promise((resolve) => flaky.close(resolve));
    }
  });
});
