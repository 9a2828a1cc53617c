import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  StripeGateway,
  StripeGatewayError,
  WebhookSignatureError,
  type StripePayment,
} from '~/server/payments/stripe/stripe-gateway';
import { findFreePort } from '../../../helpers/port';
import { encodeStripeForm } from '../../../helpers/stripe-standin/form';
import { signWebhookPayload, startStripeStandin, type StripeStandin } from '../../../helpers/stripe-standin';

/** One webhook POST as our endpoint received it. */
interface Received {
  body: string;
  signature: string;
}

let standin: StripeStandin;
let gateway: StripeGateway;
let receiver: Server;
const received: Received[] = [];
let attempt = 0;

/** A fresh idempotency key per checkout attempt, as the shop makes one. */
function key(label: string): string {
  attempt += 1;
  return `test-${label}-${attempt}-${Date.now()}`;
}

/** What Stripe.js does with a card number: a PaymentMethod made with the publishable key. */
async function cardPaymentMethod(number: string): Promise<string> {
  const response = await fetch(`${standin.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: encodeStripeForm({
      key: standin.publishableKey,
      type: 'card',
      card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 2, cvc: '123' },
    }),
  });
  const json = (await response.json()) as { id?: string; error?: { message: string } };
  if (!json.id) throw new Error(`PaymentMethod refused: ${json.error?.message}`);
  return json.id;
}

/** What Stripe.js does when the shopper confirms in the browser: confirm with the client secret. */
async function confirmInBrowser(payment: StripePayment, paymentMethod: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${standin.url}/v1/payment_intents/${payment.reference}/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: encodeStripeForm({ key: standin.publishableKey, client_secret: payment.clientSecret, payment_method: paymentMethod, use_stripe_sdk: true }),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

function authorise(paymentMethod: string, amountCents = 5000): Promise<StripePayment> {
  return gateway.createAuthorisation({ amountCents, currency: 'GBP', orderNumber: `GC-${attempt + 1}`, idempotencyKey: key('auth'), paymentMethod });
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature'] ?? '') });
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  standin = await startStripeStandin({
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/stripe/webhook`,
    webhookMode: 'manual',
  });
  gateway = new StripeGateway({
    secretKey: standin.secretKey,
    webhookSecret: standin.webhookSecret,
    apiBase: standin.url,
    maxNetworkRetries: 1,
  });
});

afterAll(async () => {
  await standin?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  standin.webhooks.pending.length = 0;
});

describe('StripeGateway: authorise and capture', () => {
  it('holds the amount with manual capture, then captures all of it', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    expect(payment).toMatchObject({
      status: 'authorised',
      amountCents: 5000,
      currency: 'gbp',
      authorisedCents: 5000,
      capturedCents: 0,
      card: { brand: 'visa', last4: '4242' },
    });
    expect(payment.reference).toMatch(/^pi_/);
    expect(payment.orderNumber).toMatch(/^GC-/);
    const lapses = Date.parse(payment.captureBefore!) - Date.now();
    expect(lapses).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    expect(lapses).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    const captured = await gateway.capture(payment.reference);
    expect(captured).toMatchObject({ ok: true, value: { status: 'captured', capturedCents: 5000, authorisedCents: 0, captureBefore: null } });
    expect(standin.eventsFor(payment.reference).map((e) => e.type)).toEqual([
      'payment_intent.created',
      'charge.succeeded',
      'payment_intent.amount_capturable_updated',
      'charge.captured',
      'payment_intent.succeeded',
    ]);
  });

  it('captures part of the hold; Stripe releases the rest', async () => {
    const payment = await authorise('pm_card_mastercard', 5000);
    const captured = await gateway.capture(payment.reference, 3200);
    expect(captured).toMatchObject({
      ok: true,
      value: { status: 'captured', capturedCents: 3200, authorisedCents: 0, amountCents: 5000, refundedCents: 0 },
    });
    expect((await gateway.retrieve(payment.reference)).card).toEqual({ brand: 'mastercard', last4: '4444' });
    // Stripe shows the released 18.00 as refunded on the charge; the gateway does not count it as a refund.
    const charge = standin.store.charges.get(standin.store.paymentIntents.get(payment.reference)!.latest_charge as string)!;
    expect(charge).toMatchObject({ amount: 5000, amount_captured: 3200, amount_refunded: 1800, refunded: false });
    const refund = await gateway.refund(payment.reference, 3200, key('refund'));
    expect(refund).toMatchObject({ ok: true, value: { amountCents: 3200 } });
    expect(await gateway.retrieve(payment.reference)).toMatchObject({ capturedCents: 3200, refundedCents: 3200 });
    expect(charge).toMatchObject({ amount_refunded: 5000, refunded: true });
  });

  it('refuses to capture more than is held, and the hold stays', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    const result = await gateway.capture(payment.reference, 5001);
    expect(result).toEqual({
      ok: false,
      failure: {
        code: 'amount_too_large',
        message: 'The payment could not be captured because the requested capture amount is greater than the amount you can capture for this charge.',
        retryable: false,
      },
    });
    expect((await gateway.retrieve(payment.reference)).status).toBe('authorised');
  });

  it('treats a second capture of a captured payment as done', async () => {
    const payment = await authorise('pm_card_visa', 1800);
    await gateway.capture(payment.reference);
    expect(await gateway.capture(payment.reference)).toMatchObject({ ok: true, value: { status: 'captured', capturedCents: 1800 } });
  });
});

describe('StripeGateway: release', () => {
  it('releases a hold; it can no longer be captured, and releasing again is harmless', async () => {
    const payment = await authorise('pm_card_visa', 4000);
    const released = await gateway.release(payment.reference);
    expect(released).toMatchObject({
      ok: true,
      value: { status: 'released', authorisedCents: 0, capturedCents: 0, refundedCents: 0, releaseReason: 'requested_by_customer' },
    });
    const capture = await gateway.capture(payment.reference);
    expect(capture.ok).toBe(false);
    if (!capture.ok) {
      expect(capture.failure.code).toBe('payment_intent_unexpected_state');
      expect(capture.failure.message).toContain('it has a status of canceled');
    }
    expect(await gateway.release(payment.reference)).toMatchObject({ ok: true, value: { status: 'released' } });
    expect(standin.eventsFor(payment.reference).at(-1)?.type).toBe('payment_intent.canceled');
  });

  it('shows a hold that lapsed at Stripe as released for reason automatic; capture then fails', async () => {
    const payment = await authorise('pm_card_visa', 4000);
    standin.expireAuthorisation(payment.reference);
    expect(await gateway.retrieve(payment.reference)).toMatchObject({ status: 'released', releaseReason: 'automatic' });
    const capture = await gateway.capture(payment.reference);
    expect(capture).toMatchObject({ ok: false, failure: { code: 'payment_intent_unexpected_state', retryable: false } });
  });
});

describe('StripeGateway: declines and 3-D Secure', () => {
  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', 'Your card has expired.'],
  ])('declines card %s with %s and Stripe\'s message', async (number, declineCode, message) => {
    const payment = await authorise(await cardPaymentMethod(number));
    expect(payment).toMatchObject({ status: 'declined', declineCode, declineMessage: message, authorisedCents: 0 });
    expect(payment.reference).toMatch(/^pi_/);
    expect(await gateway.retrieve(payment.reference)).toMatchObject({ status: 'declined', declineCode, declineMessage: message });
  });

  it('lets the shopper try another card on a declined payment', async () => {
    const payment = await authorise('pm_card_visa_chargeDeclined');
    expect(payment.status).toBe('declined');
    const retry = await confirmInBrowser(payment, 'pm_card_visa');
    expect(retry.status).toBe(200);
    expect(await gateway.retrieve(payment.reference)).toMatchObject({ status: 'authorised', authorisedCents: 5000 });
  });

  it('authorises a payment the browser confirms with the client secret', async () => {
    const payment = await gateway.createAuthorisation({ amountCents: 2599, currency: 'gbp', orderNumber: 'GC-BROWSER', idempotencyKey: key('browser') });
    expect(payment).toMatchObject({ status: 'awaiting_payment', authorisedCents: 0 });
    expect(payment.clientSecret).toMatch(new RegExp(`^${payment.reference}_secret_`));
    const confirmed = await confirmInBrowser(payment, await cardPaymentMethod('5555555555554444'));
    expect(confirmed.json).toMatchObject({ status: 'requires_capture' });
    // The browser sees Stripe's client-side subset: no metadata, no charge.
    expect(confirmed.json).not.toHaveProperty('metadata');
    expect(await gateway.retrieve(payment.reference)).toMatchObject({ status: 'authorised', card: { brand: 'mastercard', last4: '4444' } });
  });

  it('asks for 3-D Secure, then authorises once the shopper completes it', async () => {
    const payment = await authorise(await cardPaymentMethod('4000002500003155'), 7000);
    expect(payment).toMatchObject({ status: 'requires_action', authorisedCents: 0 });
    expect(payment.clientSecret).toBeTruthy();
    const intent = standin.store.paymentIntents.get(payment.reference)!;
    expect(intent.next_action).toMatchObject({ type: 'use_stripe_sdk' });
    standin.authenticate(payment.reference, 'complete');
    expect(await gateway.retrieve(payment.reference)).toMatchObject({ status: 'authorised', authorisedCents: 7000 });
    expect(await gateway.capture(payment.reference)).toMatchObject({ ok: true, value: { status: 'captured', capturedCents: 7000 } });
  });

  it('declines when the shopper fails 3-D Secure', async () => {
    const payment = await authorise(await cardPaymentMethod('4000002760003184'));
    expect(payment.status).toBe('requires_action');
    standin.authenticate(payment.reference, 'fail');
    const after = await gateway.retrieve(payment.reference);
    expect(after).toMatchObject({ status: 'declined', declineCode: 'payment_intent_authentication_failure' });
    expect(after.declineMessage).toContain('failed authentication');
  });

  it('sends the shopper to the bank page with a return URL when the server confirms with one', async () => {
    const payment = await gateway.createAuthorisation({
      amountCents: 5000,
      currency: 'gbp',
      orderNumber: 'GC-3DS-REDIRECT',
      idempotencyKey: key('redirect'),
      paymentMethod: 'pm_card_authenticationRequired',
      returnUrl: 'http://127.0.0.1:4321/checkout/return',
    });
    expect(payment.status).toBe('requires_action');
    const action = standin.store.paymentIntents.get(payment.reference)!.next_action as { type: string; redirect_to_url: { url: string } };
    expect(action.type).toBe('redirect_to_url');
    const page = await fetch(action.redirect_to_url.url);
    expect(await page.text()).toContain('Complete authentication');
    const source = new URL(action.redirect_to_url.url).searchParams.get('source')!;
    const answer = await fetch(`${standin.url}/3ds/${payment.reference}`, {
      method: 'POST',
      body: new URLSearchParams({ source, outcome: 'complete', return_url: 'http://127.0.0.1:4321/checkout/return' }),
      redirect: 'manual',
    });
    expect(answer.status).toBe(303);
    const back = new URL(answer.headers.get('location')!);
    expect(back.searchParams.get('payment_intent')).toBe(payment.reference);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect((await gateway.retrieve(payment.reference)).status).toBe('authorised');
  });
});

describe('StripeGateway: capture failures', () => {
  it('reports a capture Stripe fails as retryable and leaves the hold to capture later', async () => {
    const payment = await authorise('pm_card_visa', 6000);
    standin.failNextCapture({ paymentIntent: payment.reference });
    const failed = await gateway.capture(payment.reference, undefined, { idempotencyKey: key('capture') });
    expect(failed).toEqual({ ok: false, failure: { code: 'api_error', message: 'An unknown error occurred', retryable: true } });
    // The SDK retried once with the same key and got Stripe's saved answer back.
    const attempts = standin.requests.filter((r) => r.path === `/v1/payment_intents/${payment.reference}/capture`);
    expect(attempts).toHaveLength(2);
    expect(new Set(attempts.map((r) => r.idempotencyKey)).size).toBe(1);
    expect((await gateway.retrieve(payment.reference)).status).toBe('authorised');

    expect(await gateway.capture(payment.reference, undefined, { idempotencyKey: key('capture') })).toMatchObject({
      ok: true,
      value: { status: 'captured', capturedCents: 6000 },
    });
  });

  it('reports an expired authorisation Stripe refuses to capture', async () => {
    const payment = await authorise('pm_card_visa', 6000);
    standin.failNextCapture({ paymentIntent: payment.reference, kind: 'expired' });
    expect(await gateway.capture(payment.reference)).toEqual({
      ok: false,
      failure: { code: 'charge_expired_for_capture', message: 'The charge has expired and can no longer be captured.', retryable: false },
    });
  });
});

describe('StripeGateway: refunds', () => {
  it('refunds part, then the rest; a third refund is refused', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    await gateway.capture(payment.reference);
    const first = await gateway.refund(payment.reference, 2000, key('refund'));
    expect(first).toMatchObject({ ok: true, value: { amountCents: 2000, status: 'succeeded', paymentReference: payment.reference } });
    expect((await gateway.retrieve(payment.reference)).refundedCents).toBe(2000);
    const second = await gateway.refund(payment.reference, 3000, key('refund'));
    expect(second).toMatchObject({ ok: true, value: { amountCents: 3000 } });
    expect((await gateway.retrieve(payment.reference)).refundedCents).toBe(5000);
    const third = await gateway.refund(payment.reference, 1, key('refund'));
    expect(third).toMatchObject({ ok: false, failure: { code: 'charge_already_refunded', retryable: false } });
  });

  it('refuses a refund beyond what was captured, with Stripe\'s message', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    await gateway.capture(payment.reference, 3000);
    const refused = await gateway.refund(payment.reference, 3001, key('refund'));
    expect(refused).toEqual({
      ok: false,
      failure: {
        code: 'invalid_request_error',
        message: 'Refund amount (£30.01) is greater than unrefunded amount on charge (£30.00)',
        retryable: false,
      },
    });
    expect((await gateway.retrieve(payment.reference)).refundedCents).toBe(0);
  });

  it('refuses to refund a payment that was only authorised', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    const refused = await gateway.refund(payment.reference, 1000, key('refund'));
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.failure.message).toBe(`This PaymentIntent (${payment.reference}) does not have a successful charge to refund.`);
  });
});

describe('StripeGateway: idempotency', () => {
  it('returns the same payment for a repeated checkout attempt, and makes only one', async () => {
    const idempotencyKey = key('same');
    const input = { amountCents: 4200, currency: 'gbp', orderNumber: 'GC-IDEM', idempotencyKey, paymentMethod: 'pm_card_visa' };
    const before = standin.store.paymentIntents.size;
    const first = await gateway.createAuthorisation(input);
    const second = await gateway.createAuthorisation(input);
    expect(second).toEqual(first);
    expect(standin.store.paymentIntents.size).toBe(before + 1);
    expect(standin.requests.at(-1)).toMatchObject({ idempotencyKey, status: 200 });
  });

  it('refuses the same key with different parameters', async () => {
    const idempotencyKey = key('conflict');
    await gateway.createAuthorisation({ amountCents: 4200, currency: 'gbp', orderNumber: 'GC-IDEM-2', idempotencyKey });
    const error = await gateway
      .createAuthorisation({ amountCents: 4300, currency: 'gbp', orderNumber: 'GC-IDEM-2', idempotencyKey })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeGatewayError);
    expect((error as StripeGatewayError).failure.code).toBe('idempotency_error');
    expect((error as StripeGatewayError).message).toContain('can only be used with the same parameters');
  });

  it('refunds once for a repeated refund call with the same key', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    await gateway.capture(payment.reference);
    const refundKey = key('refund-once');
    const first = await gateway.refund(payment.reference, 1500, refundKey);
    const second = await gateway.refund(payment.reference, 1500, refundKey);
    expect(second).toEqual(first);
    expect((await gateway.retrieve(payment.reference)).refundedCents).toBe(1500);
  });

  it('reports Stripe out of reach as retryable: a throw at creation, a failure at capture', async () => {
    const closed = await findFreePort();
    const away = new StripeGateway({ secretKey: standin.secretKey, webhookSecret: 'whsec_x', apiBase: `http://127.0.0.1:${closed}`, maxNetworkRetries: 0 });
    const error = await away
      .createAuthorisation({ amountCents: 1000, currency: 'gbp', orderNumber: 'GC-AWAY', idempotencyKey: key('away') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeGatewayError);
    expect((error as StripeGatewayError).failure).toMatchObject({ code: 'api_connection_error', retryable: true });
    expect(await away.capture('pi_anything')).toMatchObject({ ok: false, failure: { code: 'api_connection_error', retryable: true } });
  });

  it('reports a wrong secret key as Stripe does', async () => {
    const wrong = new StripeGateway({ secretKey: 'sk_test_wrong0000000000000000', webhookSecret: 'whsec_x', apiBase: standin.url, maxNetworkRetries: 0 });
    const error = await wrong.retrieve('pi_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StripeGatewayError);
    expect((error as StripeGatewayError).message).toMatch(/^Invalid API Key provided: sk_test_\*+0000$/);
  });
});

describe('StripeGateway: webhooks', () => {
  async function capturedPayment(): Promise<StripePayment> {
    const payment = await authorise('pm_card_visa', 5000);
    await gateway.capture(payment.reference);
    return payment;
  }

  it('verifies the events Stripe signs and types them', async () => {
    const payment = await capturedPayment();
    await gateway.refund(payment.reference, 1000, key('refund'));
    await standin.webhooks.flush();
    const events = received.map((r) => gateway.verifyWebhook(r.body, r.signature));
    const mine = events.filter((e) => ('payment' in e ? e.payment.reference : 'paymentReference' in e ? e.paymentReference : '') === payment.reference);
    expect(mine.map((e) => e.type)).toEqual([
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
      'charge.refunded',
    ]);
    expect(mine[0]).toMatchObject({ payment: { status: 'authorised', authorisedCents: 5000 } });
    expect(mine[1]).toMatchObject({ payment: { status: 'captured', capturedCents: 5000 } });
    expect(mine[2]).toMatchObject({ capturedCents: 5000, refundedCents: 1000, fullyRefunded: false });
    const other = events.find((e) => e.type === 'other');
    expect(other).toMatchObject({ stripeType: 'payment_intent.created' });
  });

  it('refuses a tampered body, a wrong secret and a stale signature', async () => {
    await authorise('pm_card_visa', 5000);
    await standin.webhooks.flush();
    const { body, signature } = received.at(-1)!;
    expect(() => gateway.verifyWebhook(body, signature)).not.toThrow();

    const tampered = body.replace('"amount": 5000', '"amount": 1');
    expect(tampered).not.toBe(body);
    expect(() => gateway.verifyWebhook(tampered, signature)).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(tampered, signature)).toThrow(/No signatures found matching the expected signature/);

    expect(() => gateway.verifyWebhook(body, signWebhookPayload(body, 'whsec_not_ours'))).toThrow(WebhookSignatureError);
    expect(() => gateway.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
    const stale = signWebhookPayload(body, standin.webhookSecret, Math.floor(Date.now() / 1000) - 301);
    expect(() => gateway.verifyWebhook(body, stale)).toThrow(/Timestamp outside the tolerance zone/);
  });

  it('can deliver an event twice: both verify and carry the same id', async () => {
    const payment = await authorise('pm_card_visa', 5000);
    const [event] = standin.eventsFor(payment.reference).filter((e) => e.type === 'payment_intent.amount_capturable_updated');
    standin.webhooks.pending.length = 0;
    const deliveries = await standin.deliver([event!], { times: 2 });
    expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
    const ids = received.map((r) => gateway.verifyWebhook(r.body, r.signature).id);
    expect(ids).toEqual([event!.id, event!.id]);
  });

  it('can deliver events out of order; each carries when it happened', async () => {
    const payment = await capturedPayment();
    const events = standin.eventsFor(payment.reference).filter((e) => e.type.startsWith('payment_intent.') && e.type !== 'payment_intent.created');
    standin.webhooks.pending.length = 0;
    await standin.deliver([...events].reverse());
    const typed = received.map((r) => gateway.verifyWebhook(r.body, r.signature));
    expect(typed.map((e) => e.type)).toEqual(['payment_intent.succeeded', 'payment_intent.amount_capturable_updated']);
    // The late 'authorised' snapshot is older than the 'captured' one; the state now is captured.
    expect(typed[1]).toMatchObject({ payment: { status: 'authorised' } });
    expect(typed[1]!.created).toBeLessThanOrEqual(typed[0]!.created);
    expect((await gateway.retrieve(payment.reference)).status).toBe('captured');
  });
});
