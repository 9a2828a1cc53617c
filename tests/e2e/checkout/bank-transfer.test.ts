// Paying by bank transfer as people do it (issue #23): a customer checks out with 'Pay by bank
// transfer' and sees the bank details and the reference; an order manager records the transfer and
// approves; the customer downloads the VAT invoice from /account/orders, and its text has the
// number, the VAT of each line and the totals; staff refund one item by line with restock, which
// issues a credit note against the invoice and puts the item back in stock. Runs on a server of its
// own (its own database, so the first invoice and credit note have the first numbers).
import { readFileSync } from 'node:fs';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { VAT_RATE } from '../../../src/lib/constants';
import { applyRate, formatMoney, toCents } from '../../../src/lib/money';
import type { Order } from '../../../src/lib/schemas/order';
import {
  freshEmail,
  JOURNEY_TIMEOUT_MS,
  ORDER_MANAGER,
  orderPanel,
  orderRow,
  signInStaff,
  signUpCustomer,
  stockOf,
  timelineEntries,
  useAdminServer,
  useBrowserPages,
} from '../admin/admin-helpers';
import { addFromShop, BUYABLE, continueButton, EXPECTED_STATUS_ERRORS, fillPayment, fillShipping, orderNumberOf, waitForCheckout } from './checkout-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** The text of a PDF as pdf.js reads it (unpdf): what a person's PDF reader shows. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return text;
}

describe('an order paid by bank transfer', () => {
  it('is paid, approved and invoiced; the customer downloads the VAT invoice; a partial refund issues a credit note', async () => {
    const [first, second] = [BUYABLE[0]!, BUYABLE[1]!];
    const email = freshEmail('marta');

    // The customer signs up, orders two products and picks the bank transfer.
    const shopper = await pages.open({ width: 375, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
    await signUpCustomer(shopper, server, { fullName: 'Marta Kowalski', email });
    await addFromShop(shopper, first);
    await addFromShop(shopper, second);
    await shopper.goto(server.at('/checkout'), { waitUntil: 'domcontentloaded' });
    await waitForCheckout(shopper);
    await expect.poll(() => shopper.getByLabel('Email address').inputValue(), { timeout: 10_000 }).toBe(email);
    await continueButton(shopper).click();
    await fillShipping(shopper);
    await continueButton(shopper).click();
    await fillPayment(shopper);
    await shopper.getByRole('button', { name: 'Complete Order' }).click();
    await shopper.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
    const orderNumber = orderNumberOf(shopper);

    // The order as the server keeps it: the amounts the documents must show.
    const order = await shopper.evaluate(async (n) => (await fetch(`/api/orders/${n}`)).json(), orderNumber) as Order;
    const total = formatMoney(toCents(order.total));
    expect(order.payment).toMatchObject({ method: 'bank_transfer', capturedCents: 0, outstandingCents: toCents(order.total), reference: orderNumber });

    // The success page says how to pay: the amount, the reference and the account (IBAN in groups of four).
    const transfer = shopper.getByRole('region', { name: 'Pay by bank transfer' });
    await transfer.getByText(total, { exact: true }).waitFor();
    await transfer.getByText(orderNumber, { exact: true }).waitFor();
    await transfer.getByText('55779911', { exact: true }).waitFor();
    await transfer.getByText('GB33 BUKB 2000 0055 7799 11', { exact: true }).waitFor();

    // Track Your Order tells what is still owed, and there is no invoice yet.
    await shopper.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
    const card = shopper.getByRole('region', { name: 'Your orders' }).getByRole('article', { name: orderNumber });
    await card.getByText('To pay by bank transfer:').waitFor();
    await card.getByText(total, { exact: true }).first().waitFor();
    expect(await card.getByRole('link', { name: /Download invoice/ }).count()).toBe(0);
    // 'Bank details' leads back to the account to pay into.
    await card.getByRole('link', { name: 'Bank details' }).click();
    await shopper.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/);
    await shopper.getByRole('region', { name: 'Pay by bank transfer' }).getByText('20-00-00', { exact: true }).waitFor();

    // The transfer arrives in two parts; staff record both, then approve.
    const staff = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(staff, server, ORDER_MANAGER);
    await staff.getByRole('heading', { name: 'Select an Order' }).waitFor();
    await orderRow(staff, orderNumber).getByRole('link', { name: orderNumber }).click();
    const panel = orderPanel(staff, orderNumber);
    await panel.waitFor();
    const payment = panel.getByRole('region', { name: 'Payment' });
    await payment.getByText('Bank transfer', { exact: true }).waitFor();
    await payment.getByText(orderNumber, { exact: true }).waitFor();
    const part = Math.floor(toCents(order.total) / 2);
    for (const [amount, reference] of [[part, `${orderNumber} PART 1`], [toCents(order.total) - part, `${orderNumber} PART 2`]] as const) {
      await payment.getByRole('button', { name: 'Record a payment' }).click();
      const dialog = staff.getByRole('dialog', { name: `Record a payment for ${orderNumber}` });
      await dialog.getByLabel('Amount received ($)').fill((amount / 100).toFixed(2));
      await dialog.getByLabel('Reference on the statement').fill(reference);
      await dialog.getByRole('button', { name: 'Record payment' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    await timelineEntries(panel).filter({ hasText: 'Paid in full' }).waitFor();
    expect(await payment.getByRole('button', { name: 'Record a payment' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Approve' }).click();
    const invoiceLink = payment.getByRole('link', { name: /^Invoice INV-\d{6} \(PDF\)$/ });
    await invoiceLink.waitFor();
    const invoiceNumber = (await invoiceLink.textContent())!.match(/INV-\d{6}/)![0];

    // The customer downloads the invoice from Track Your Order.
    await shopper.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
    const download = card.getByRole('link', { name: `Download invoice ${invoiceNumber} (PDF)` });
    const [file] = await Promise.all([shopper.waitForEvent('download'), download.click()]);
    const invoice = await pdfText(readFileSync((await file.path())!));
    expect(invoice).toContain('VAT INVOICE');
    expect(invoice).toContain(invoiceNumber);
    expect(invoice).toContain(orderNumber);
    expect(invoice).toContain('VAT number: GB 123 4567 89');
    for (const line of order.items) {
      expect(invoice).toContain(line.product.name);
      expect(invoice).toContain(formatMoney(toCents(line.price) * line.quantity));
    }
    expect(invoice).toContain('20%');
    expect(invoice).toContain(formatMoney(toCents(order.subtotal)));
    expect(invoice).toContain(formatMoney(toCents(order.tax)));
    expect(invoice).toContain(total);
    expect(invoice).toContain(`Paid: ${total}`);
    expect(invoice).toContain('IBAN GB33 BUKB 2000 0055 7799 11');

    // Staff refund one of the first product by line, back in stock: a credit note against the invoice.
    const stockBefore = (await stockOf(server, first.id)).stockQuantity;
    await payment.getByRole('button', { name: 'Refund' }).click();
    const refund = staff.getByRole('dialog', { name: `Refund ${orderNumber}` });
    await refund.getByRole('radio', { name: 'Items' }).check();
    await refund.getByRole('spinbutton', { name: new RegExp(first.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).fill('1');
    const net = toCents(first.price);
    const refunded = formatMoney(net + applyRate(net, VAT_RATE));
    // The dialog prices the refund as the server does.
    await refund.getByText(refunded, { exact: true }).waitFor();
    const firstLine = order.items.findIndex((line) => line.product.id === first.id);
    await refund.getByRole('checkbox', { name: 'Put back in stock' }).nth(firstLine).check();
    await refund.getByLabel('Reason').fill('One tin arrived dented');
    await refund.getByRole('button', { name: 'Refund', exact: true }).click();
    await refund.waitFor({ state: 'detached' });
    const noteLink = payment.getByRole('link', { name: /^Credit note CN-\d{6} \(PDF\)$/ });
    await noteLink.waitFor();
    await payment.getByText('To return by bank transfer').waitFor();
    const noteNumber = (await noteLink.textContent())!.match(/CN-\d{6}/)![0];
    const noteResponse = await staff.context().request.get(server.at((await noteLink.getAttribute('href'))!));
    expect(noteResponse.status()).toBe(200);
    expect(noteResponse.headers()['content-type']).toContain('application/pdf');
    const note = await pdfText(await noteResponse.body());
    expect(note).toContain('CREDIT NOTE');
    expect(note).toContain(noteNumber);
    expect(note).toContain(`Corrects invoice ${invoiceNumber}`);
    expect(note).toContain('One tin arrived dented');
    expect(note).toContain(first.name);
    expect(note).not.toContain(second.name);
    expect(note).toContain(formatMoney(applyRate(net, VAT_RATE)));
    expect(note).toContain(refunded);
    if (stockBefore !== undefined) expect((await stockOf(server, first.id)).stockQuantity).toBe(stockBefore + 1);
    // Partly refunded: the payment stays approved until all the money is returned.
    await payment.getByText('Payment approved').waitFor();
  }, JOURNEY_TIMEOUT_MS);
});
