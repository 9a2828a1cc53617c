// Payments needing attention (issue #23, item 6), against the Stripe stand-in: a card order is
// authorised, its capture on approval refused at Stripe; the order manager follows the overview's
// alert to the list (an order manager, who has no overview, from the Orders view), which says what is wrong and for how long, opens the order's panel from it and
// retries the capture: once refused again (an error toast, nothing changed), then captured (a
// success toast, the hold taken at Stripe, the list empty). Its own server and database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/lib/money';
import { expectAccessible } from '../../helpers/axe';
import { startStripeStandin, type StripeStandin } from '../../helpers/stripe-standin';
import { BUYABLE } from '../checkout/checkout-helpers';
import { freshEmail, JOURNEY_TIMEOUT_MS, ORDER_MANAGER, orderPanel, shoot, signInStaff, signInStaffByApi, SUPER_ADMIN, useAdminServer, useBrowserPages, type AdminServer } from './admin-helpers';

let stripe: StripeStandin;
// Before the server starts: its settings are the stand-in's keys and address.
beforeAll(async () => {
  stripe = await startStripeStandin();
});
const server = useAdminServer({ env: () => stripe.env });
const pages = useBrowserPages();
beforeAll(() => {
  stripe.webhooks.url = server.at('/api/payments/stripe/webhook');
});
afterAll(async () => {
  await stripe?.stop();
});

/** A guest's card order placed and authorised as the checkout and Stripe.js do it (pm_card_visa); its number, id, reference and total. */
async function authorisedCardOrder(server: AdminServer): Promise<{ id: string; orderNumber: string; reference: string; totalCents: number }> {
  const origin = server.at('');
  const placed = await fetch(server.at('/api/orders'), {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: randomUUID(),
      items: [{ productId: BUYABLE[0]!.id, quantity: 1 }],
      customer: { firstName: 'Cara', lastName: 'Marsh', email: freshEmail('cara'), phone: '07700 900123' },
      shippingAddress: { address: '4 Kiln Yard', city: 'Leeds', postalCode: 'LS1 4AP', country: 'United Kingdom' },
      payment: { method: 'card' },
    }),
  });
  const order = (await placed.json()) as { id: string; orderNumber: string; total: number; paymentNext: { reference: string; clientSecret: string } };
  expect(placed.status, JSON.stringify(order)).toBe(201);
  const { reference, clientSecret } = order.paymentNext;
  const body = new URLSearchParams({ key: stripe.publishableKey, client_secret: clientSecret, payment_method: 'pm_card_visa', use_stripe_sdk: 'true' });
  const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${reference}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
  expect(((await confirmed.json()) as { status: string }).status).toBe('requires_capture');
  const back = await fetch(server.at(`/api/orders/${order.orderNumber}/payment/confirm`), { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ reference }) });
  expect(back.status, await back.clone().text()).toBe(200);
  return { id: order.id, orderNumber: order.orderNumber, reference, totalCents: Math.round(order.total * 100) };
}

describe('payments needing attention', () => {
  it('lists a capture Stripe refused with what is wrong and how long, opens its order, and captures it on retry with a toast', { timeout: JOURNEY_TIMEOUT_MS }, async () => {
    const order = await authorisedCardOrder(server);
    stripe.failNextCapture({ paymentIntent: order.reference, kind: 'expired' });
    const api = await signInStaffByApi(server, ORDER_MANAGER);
    expect(await api.change(order.id, { approve: true })).toMatchObject({ status: 'approved' });
    const intent = () => (stripe.store.paymentIntents.get(order.reference) as { status: string }).status;
    expect(intent()).toBe('requires_capture');

    // The overview's payment alert leads to the list (the super admin sees the overview).
    const staff = await pages.open({ width: 375, reducedMotion: 'reduce', allowErrors: [/status of 502/] });
    await signInStaff(staff, server, SUPER_ADMIN);
    await staff.goto(server.at('/admin/dashboard'), { waitUntil: 'domcontentloaded' });
    const alerts = staff.getByRole('region', { name: /^Alerts/ });
    await alerts.getByRole('heading', { name: 'Payments that failed' }).waitFor();
    await alerts.getByRole('link', { name: 'Open payments needing attention' }).click();
    await staff.waitForURL(/\/admin\/dashboard\/payments$/, { waitUntil: 'commit' });
    await staff.getByRole('heading', { level: 1, name: 'Payments needing attention' }).waitFor();
    const failed = staff.getByRole('region', { name: /^Payments that failed/ });
    const row = failed.getByRole('link', { name: new RegExp(order.orderNumber) });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(new RegExp(`Capture of ${formatMoney(order.totalCents).replace(/[$.]/g, '\\$&')} failed: .+Placed (less than an hour|\\d+ hours?) ago`));
    expect(await staff.getByRole('region', { name: /^Bank transfers overdue/ }).getByText('None.').count()).toBe(1);
    expect(await staff.title()).toBe('Payments needing attention | Graphene Coatings Admin');
    await expectAccessible(staff, 'the payments needing attention at 375 px');
    await shoot(staff, 'payments-attention-375');
    await staff.setViewportSize({ width: 1440, height: 900 });
    await expectAccessible(staff, 'the payments needing attention at 1440 px');
    await shoot(staff, 'payments-attention-1440');

    // The row opens the order's panel, whose payment block offers the retry.
    await row.click();
    await staff.waitForURL(new RegExp(`/admin/dashboard/orders/${order.id}$`), { waitUntil: 'commit' });
    const panel = orderPanel(staff, order.orderNumber);
    const payment = panel.getByRole('region', { name: 'Payment' });
    await payment.getByText(/^Capture of .+ failed: /).waitFor();
    const retry = payment.getByRole('button', { name: 'Retry capture' });
    await retry.scrollIntoViewIfNeeded();
    await shoot(staff, 'payments-retry-capture-1440');

    // Stripe refuses again: the provider's message in a toast, nothing captured.
    stripe.failNextCapture({ paymentIntent: order.reference, kind: 'expired' });
    await retry.click();
    await staff.getByRole('alert').filter({ hasText: /^The payment provider could not complete this: / }).waitFor();
    expect(intent()).toBe('requires_capture');
    await payment.getByRole('button', { name: 'Retry capture' }).waitFor();

    // Then it takes: a success toast, the hold captured at Stripe, the button and the problem gone.
    await retry.click();
    await staff.getByText('Payment captured: the card was charged and the alert is cleared.').waitFor();
    await expect.poll(intent).toBe('succeeded');
    await payment.getByText('Payment approved').waitFor();
    expect(await payment.getByRole('button', { name: 'Retry capture' }).count()).toBe(0);
    expect(await payment.getByText(/^Capture of .+ failed: /).count()).toBe(0);
    await shoot(staff, 'payments-captured-1440');

    // Back on the list (from the Orders view, the way for roles without the overview), nothing needs attention any more.
    await staff.goto(server.at('/admin/dashboard/orders'), { waitUntil: 'domcontentloaded' });
    await staff.getByRole('link', { name: 'Payments needing attention' }).click();
    await staff.waitForURL(/\/admin\/dashboard\/payments$/, { waitUntil: 'commit' });
    await staff.getByText('Nothing needs attention: every payment is on track.').waitFor();
  });
});
