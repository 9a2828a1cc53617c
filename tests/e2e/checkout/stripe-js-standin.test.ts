import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '~/server/payments/stripe/stripe-gateway';
import { expectNoBrowserErrors, launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { routeStripeJs, startStripeStandin, type StripeStandin } from '../../helpers/stripe-standin';

// The Stripe.js stand-in in a real browser, on the stand-in's own tiny checkout page: the shop's
// server is not involved (the checkout's own journey covers that), so this file runs on its own.

let browser: Browser;
let standin: StripeStandin;
let gateway: StripeGateway;
let order = 0;

beforeAll(async () => {
  standin = await startStripeStandin();
  gateway = new StripeGateway({ secretKey: standin.secretKey, webhookSecret: standin.webhookSecret, apiBase: standin.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await standin?.stop();
});

/** A payment of £42.50 awaiting the browser, and the stand-in's checkout page opened for it. */
async function openCheckout(
  element: 'card' | 'payment' | 'split' | 'none' = 'card',
  loader: 'tag' | 'official' = 'tag',
  paymentMethod?: string,
): Promise<{ tracked: TrackedPage; page: Page; reference: string; warnings: string[] }> {
  order += 1;
  const payment = await gateway.createAuthorisation({
    amountCents: 4250,
    currency: 'gbp',
    orderNumber: `GC-E2E-${order}`,
    idempotencyKey: `e2e-${order}-${Date.now()}`,
    paymentMethod,
  });
  const tracked = await newPage(browser, { width: 375 });
  const warnings: string[] = [];
  tracked.page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  if (loader === 'official') await routeStripeJs(tracked.context, standin);
  const query = new URLSearchParams({ pk: standin.publishableKey, client_secret: payment.clientSecret!, element, loader });
  await tracked.page.goto(`${standin.url}/_standin/checkout?${query}`);
  await tracked.page.locator('body[data-ready="true"]').waitFor();
  return { tracked, page: tracked.page, reference: payment.reference, warnings };
}

async function typeCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
}

describe('Stripe.js stand-in in Chromium', () => {
  it('authorises a card typed into the card element', async () => {
    const { tracked, page, reference } = await openCheckout();
    await typeCard(page, '4242424242424242');
    await expect.poll(() => page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment requires_capture');
    expect(await gateway.retrieve(reference)).toMatchObject({ status: 'authorised', authorisedCents: 4250, card: { brand: 'visa', last4: '4242' } });
    expectNoBrowserErrors(tracked.errors, 'the stand-in checkout');
    await tracked.close();
  });

  it("loads through @stripe/stripe-js's loadStripe when js.stripe.com is routed to the stand-in", async () => {
    const { tracked, page, reference, warnings } = await openCheckout('card', 'official');
    await typeCard(page, '5555555555554444');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment requires_capture');
    expect(await gateway.retrieve(reference)).toMatchObject({ status: 'authorised', card: { brand: 'mastercard', last4: '4444' } });
    // The loader checks the release train of the script it loaded; a mismatch would warn here.
    expect(warnings).toEqual([]);
    expectNoBrowserErrors(tracked.errors, 'the stand-in checkout through loadStripe');
    await tracked.close();
  });

  it("shows Stripe's decline message", async () => {
    const { tracked, page, reference } = await openCheckout();
    await typeCard(page, '4000000000009995');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment failed: Your card has insufficient funds. (insufficient_funds)');
    expect(await gateway.retrieve(reference)).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds' });
    // The console error is the browser's own note about the 402 answer, as with real Stripe.js.
    expect(tracked.errors.every((e) => e.includes('402'))).toBe(true);
    await tracked.close();
  });

  it('runs the 3-D Secure challenge; completing it authorises the payment', async () => {
    const { tracked, page, reference } = await openCheckout();
    await typeCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Pay' }).click();
    const dialog = page.getByRole('dialog', { name: '3D Secure authentication' });
    await dialog.waitFor();
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete authentication' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment requires_capture');
    expect(await dialog.count()).toBe(0);
    expect(await gateway.retrieve(reference)).toMatchObject({ status: 'authorised' });
    expectNoBrowserErrors(tracked.errors, 'the 3-D Secure challenge');
    await tracked.close();
  });

  it('finishes a 3-D Secure challenge the server started, with handleNextAction', async () => {
    const { tracked, page, reference } = await openCheckout('none', 'tag', 'pm_card_authenticationRequired');
    expect((await gateway.retrieve(reference)).status).toBe('requires_action');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete authentication' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment requires_capture');
    expect(await gateway.retrieve(reference)).toMatchObject({ status: 'authorised', authorisedCents: 4250 });
    expectNoBrowserErrors(tracked.errors, 'handleNextAction');
    await tracked.close();
  });

  it('reports a failed 3-D Secure challenge as an error', async () => {
    const { tracked, page, reference } = await openCheckout('payment');
    await typeCard(page, '4000002760003184');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Fail authentication' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Payment failed: The provided PaymentMethod has failed authentication/);
    expect(await gateway.retrieve(reference)).toMatchObject({ status: 'declined', declineCode: 'payment_intent_authentication_failure' });
    await tracked.close();
  });

  it('validates the card before sending it, with Stripe.js messages', async () => {
    const { tracked, page } = await openCheckout('split');
    await page.getByLabel('Card number').fill('4242424242424241');
    await page.getByLabel('Expiration date MM / YY').focus();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card number is invalid.');
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Security code').fill('12');
    await page.getByLabel('Card number').focus();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe("Your card's security code is incomplete.");
    const requestsBefore = standin.requests.length;
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe("Payment failed: Your card's expiration date is incomplete.");
    // Refused in the browser: nothing reached the API.
    expect(standin.requests.length).toBe(requestsBefore);
    await page.getByLabel('Expiration date MM / YY').fill('1234');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Payment requires_capture');
    await tracked.close();
  });
});
