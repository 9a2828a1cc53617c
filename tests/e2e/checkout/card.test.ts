// Paying by card as people do it (issue #23), with Stripe's hosts routed to the Stripe stand-in so
// the page keeps its production Content-Security-Policy: a customer picks Card, a declined card is
// refused with the bank's reason and nothing ordered, a 3-D Secure card is authenticated in Stripe's
// dialog and the order placed; an order manager approves (the hold is captured at Stripe); the
// customer downloads the VAT invoice, whose text has the number, the VAT and the totals; a partial
// refund goes back through Stripe and issues a credit note the customer downloads from Track Your
// Order. Its own server and database.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney, toCents } from '../../../src/lib/money';
import { ORDER_MESSAGES, type Order } from '../../../src/lib/schemas/order';
import { readPdfText } from '../../helpers/pdf-text';
import { routeStripeHosts, startStripeStandin, type StripeStandin } from '../../helpers/stripe-standin';
import {
  freshEmail,
  JOURNEY_TIMEOUT_MS,
  ORDER_MANAGER,
  orderPanel,
  orderRow,
  shoot,
  signInStaff,
  signUpCustomer,
  useAdminServer,
  useBrowserPages,
} from '../admin/admin-helpers';
import { addFromShop, BUYABLE, continueButton, EXPECTED_STATUS_ERRORS, fillShipping, orderNumberOf, waitForCheckout } from './checkout-helpers';

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

/** The PDF's text lines as one text. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await readPdfText(bytes)).lines.join('\n');
}

describe('an order paid by card through Stripe', () => {
  it('is refused on a declined card, authorised after 3-D Secure, captured on approval, invoiced, and partly refunded with a credit note', async () => {
    const product = BUYABLE[0]!;
    const email = freshEmail('cara');

    // The declined card's 402s (Stripe's and the shop's) are what the browser logs for a decline.
    const shopper = await pages.open({ width: 375, reducedMotion: 'reduce', allowErrors: [...EXPECTED_STATUS_ERRORS, /status of 402/] });
    await routeStripeHosts(shopper.context(), stripe);
    await signUpCustomer(shopper, server, { fullName: 'Cara Marsh', email });
    await addFromShop(shopper, product);
    await shopper.goto(server.at('/checkout'), { waitUntil: 'domcontentloaded' });
    await waitForCheckout(shopper);
    await expect.poll(() => shopper.getByLabel('Email address').inputValue(), { timeout: 10_000 }).toBe(email);
    await continueButton(shopper).click();
    await fillShipping(shopper);
    await continueButton(shopper).click();

    // Both methods are offered; bank transfer is the default, and nothing of Stripe loads until Card is picked.
    const transfer = shopper.getByRole('radio', { name: 'Pay by bank transfer' });
    const card = shopper.getByRole('radio', { name: 'Card' });
    await card.waitFor();
    expect(await transfer.isChecked()).toBe(true);
    expect(stripe.requests.length).toBe(0);
    await shoot(shopper, 'checkout-payment-bank-375');
    await card.check();
    await shopper.getByLabel('Card number').waitFor();
    await shoot(shopper, 'checkout-payment-card-375');
    await shopper.setViewportSize({ width: 1440, height: 900 });
    await shoot(shopper, 'checkout-payment-card-1440');
    await shopper.setViewportSize({ width: 375, height: 812 });

    // An incomplete card is caught before any order is placed.
    const complete = shopper.getByRole('button', { name: 'Complete Order' });
    await complete.click();
    await shopper.getByText(ORDER_MESSAGES.payment).waitFor();

    // A declined card: the order cancelled, nothing charged, the shopper still on the payment step.
    await shopper.getByLabel('Card number').fill('4000000000000002');
    await shopper.getByLabel('Expiration date MM / YY').fill('12 / 34');
    await shopper.getByLabel('Security code').fill('123');
    await complete.click();
    // The bank's reason follows when the shop reads the payment before Stripe's webhook has closed it.
    await shopper.getByRole('alert').filter({ hasText: ORDER_MESSAGES.cardDeclined }).waitFor();
    await shoot(shopper, 'checkout-card-declined-375');
    expect(shopper.url()).toMatch(/\/checkout$/);
    const declined = [...stripe.store.paymentIntents.values()] as { id: string; status: string }[];
    expect(declined).toHaveLength(1);
    // The shop released what it could: Stripe's intent for the cancelled order is cancelled too.
    await expect.poll(() => (stripe.store.paymentIntents.get(declined[0]!.id) as { status: string }).status).toBe('canceled');

    // A card whose bank asks for 3-D Secure: Stripe's dialog, then the order is placed.
    await shopper.getByLabel('Card number').fill('4000002500003155');
    await complete.click();
    const challenge = shopper.getByRole('dialog', { name: '3D Secure authentication' });
    await challenge.waitFor();
    await shoot(shopper, 'checkout-card-3ds-375');
    await shopper.frameLocator('iframe[title="3D Secure challenge"]').getByRole('button', { name: 'Complete authentication' }).click();
    await shopper.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
    const orderNumber = orderNumberOf(shopper);
    const order = (await shopper.evaluate(async (n) => (await fetch(`/api/orders/${n}`)).json(), orderNumber)) as Order;
    const totalCents = toCents(order.total);
    expect(order.payment).toMatchObject({ method: 'card', authorisedCents: totalCents, capturedCents: 0 });
    expect(order.paymentMethod).toEqual({ brand: 'visa', last4: '3155' });
    expect(stripe.store.paymentIntents.size).toBe(2);

    // Staff see the held card and approve: Stripe captures the hold.
    const staff = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(staff, server, ORDER_MANAGER);
    await staff.getByRole('heading', { name: 'Select an Order' }).waitFor();
    await orderRow(staff, orderNumber).getByRole('link', { name: orderNumber }).click();
    const panel = orderPanel(staff, orderNumber);
    await panel.waitFor();
    const payment = panel.getByRole('region', { name: 'Payment' });
    await payment.getByText('Visa •••• 3155', { exact: true }).waitFor();
    await payment.getByText('Authorised', { exact: true }).waitFor();
    await panel.getByRole('button', { name: 'Approve' }).click();
    const invoiceLink = payment.getByRole('link', { name: /^Invoice INV-\d{6} \(PDF\)$/ });
    await invoiceLink.waitFor();
    await payment.getByText('Payment approved').waitFor();
    await shoot(staff, 'admin-card-payment-block-1440');
    const intent = [...stripe.store.paymentIntents.values()].find((pi) => (pi as { id: string }).id !== declined[0]!.id) as { id: string; status: string; amount_received: number };
    expect(intent.status).toBe('succeeded');
    expect(intent.amount_received).toBe(totalCents);
    const invoiceNumber = (await invoiceLink.textContent())!.match(/INV-\d{6}/)![0];

    // The customer downloads the invoice from Track Your Order.
    await shopper.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
    const orderCard = shopper.getByRole('region', { name: 'Your orders' }).getByRole('article', { name: orderNumber });
    const [file] = await Promise.all([shopper.waitForEvent('download'), orderCard.getByRole('link', { name: `Download invoice ${invoiceNumber} (PDF)` }).click()]);
    const bytes = new Uint8Array(readFileSync((await file.path())!));
    if (process.env.ADMIN_SHOTS_DIR) writeFileSync(join(process.env.ADMIN_SHOTS_DIR, 'card-invoice.pdf'), bytes);
    const invoice = await pdfText(bytes);
    expect(invoice).toContain('VAT INVOICE');
    expect(invoice).toContain(invoiceNumber);
    expect(invoice).toContain(orderNumber);
    expect(invoice).toContain(product.name);
    expect(invoice).toContain('20%');
    expect(invoice).toContain(formatMoney(toCents(order.subtotal)));
    expect(invoice).toContain(formatMoney(toCents(order.tax)));
    expect(invoice).toContain(formatMoney(totalCents));
    expect(invoice).toContain(`Paid: ${formatMoney(totalCents)}`);

    // A partial refund by amount goes back through Stripe and issues a credit note.
    await payment.getByRole('button', { name: 'Refund' }).click();
    const refund = staff.getByRole('dialog', { name: `Refund ${orderNumber}` });
    await refund.getByRole('radio', { name: 'An amount' }).check();
    await refund.getByLabel('Amount to refund ($)').fill('5.00');
    await refund.getByLabel('Reason').fill('Goodwill: delivery was late');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'detached' });
    const noteLink = payment.getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)$/ });
    await noteLink.waitFor();
    const noteNumber = (await noteLink.textContent())!.match(/CN-\d{6}/)![0];
    expect([...stripe.store.refunds.values()].map((r) => (r as { amount: number; payment_intent: string }))).toEqual([
      expect.objectContaining({ amount: 500, payment_intent: intent.id }),
    ]);
    const noteResponse = await staff.context().request.get(server.at((await noteLink.getAttribute('href'))!));
    expect(noteResponse.status()).toBe(200);
    const note = await pdfText(await noteResponse.body());
    expect(note).toContain('CREDIT NOTE');
    expect(note).toContain(noteNumber);
    expect(note).toContain(`Corrects invoice ${invoiceNumber}`);
    expect(note).toContain('Goodwill: delivery was late');
    expect(note).toContain(formatMoney(500));
    // Partly refunded: the payment stays approved until all the money is back.
    await payment.getByText('Payment approved').waitFor();

    // The customer downloads the credit note from Track Your Order too.
    await shopper.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
    const [noteFile] = await Promise.all([shopper.waitForEvent('download'), orderCard.getByRole('link', { name: `Download credit note ${noteNumber} (PDF)` }).click()]);
    const customerNote = await pdfText(new Uint8Array(readFileSync((await noteFile.path())!)));
    expect(customerNote).toContain(noteNumber);
    expect(customerNote).toContain(`Corrects invoice ${invoiceNumber}`);
    await shoot(shopper, 'account-orders-credit-note-375');
  }, JOURNEY_TIMEOUT_MS);
});
