// Track Your Order as people use it: a signed-in customer sees the orders they placed, newest
// first, with status, items and totals; a guest finds one order with its number and e-mail, and a
// wrong e-mail finds nothing. Orders are placed through the real API from the page's own context.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type Order } from '../../../src/lib/schemas/order';
import { expectAccessible } from '../../helpers/axe';
import { urlOf } from '../../helpers/base-url';
import { usePagePerTest } from '../../helpers/page-per-test';
import { BUYABLE, EXPECTED_STATUS_ERRORS } from '../checkout/checkout-helpers';

const PASSWORD = 'Harbour7!Lights';
const pages = usePagePerTest();

/** A fresh page at a width; the expected 401/404 answers are not errors here. */
async function open(width: number): Promise<Page> {
  return pages.open({ width, allowErrors: EXPECTED_STATUS_ERRORS });
}

/** Places an order through POST /api/orders with the page's cookies; returns it. */
async function placeOrder(request: APIRequestContext, email: string, lines: { productId: string; quantity: number }[]): Promise<Order> {
  const response = await request.post(urlOf('/api/orders'), {
    headers: { origin: urlOf('') },
    data: {
      idempotencyKey: randomUUID(),
      items: lines,
      customer: { firstName: 'Marta', lastName: 'Kowalski', email, phone: '07700 900123' },
      shippingAddress: { address: '4 Kiln Yard', city: 'Leeds', postalCode: 'LS1 4AP', country: 'United Kingdom' },
      payment: { cardName: 'MARTA KOWALSKI', brand: 'mastercard', last4: '4444', expiryDate: '11/29' },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

describe('Track Your Order', () => {
  it('shows a signed-in customer their orders, newest first, with status, items and totals', async () => {
    const page = await open(1440);
    const email = `track.${randomUUID()}@example.com`;
    await page.goto(urlOf('/'));
    const signUp = await page.request.post(urlOf('/api/auth/register'), {
      headers: { origin: urlOf('') },
      data: { fullName: 'Marta Kowalski', email, phone: '+12145550177', dateOfBirth: '1987-03-14', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true },
    });
    expect(signUp.status()).toBe(201);
    const older = await placeOrder(page.request, email, [{ productId: BUYABLE[0]!.id, quantity: 1 }]);
    const newer = await placeOrder(page.request, email, [{ productId: BUYABLE[1]!.id, quantity: 2 }, { productId: BUYABLE[2]!.id, quantity: 1 }]);

    await page.goto(urlOf('/account/orders'));
    const orders = page.getByRole('region', { name: 'Your orders' }).getByRole('article');
    await expect.poll(() => orders.count(), { timeout: 10_000 }).toBe(2);
    const headings = await orders.getByRole('heading').allTextContents();
    expect(headings).toEqual([newer.orderNumber, older.orderNumber]);
    const first = orders.first();
    expect(await first.getByText('Pending approval').isVisible()).toBe(true);
    expect(await first.getByRole('list', { name: `Items in ${newer.orderNumber}` }).getByRole('listitem').count()).toBe(2);
    expect(await first.getByText(BUYABLE[1]!.name, { exact: true }).isVisible()).toBe(true);
    expect(await first.getByText('Mastercard •••• 4444').isVisible()).toBe(true);
    // The total, and the same amount still to pay by bank transfer (nothing is paid yet) with the order number as reference.
    expect(await first.getByText(`$${newer.total.toFixed(2)}`, { exact: true }).count()).toBe(2);
    expect(await first.getByText('To pay by bank transfer:').isVisible()).toBe(true);
    expect(await first.getByText(newer.orderNumber, { exact: true }).count()).toBe(2);
    await expectAccessible(page, 'the signed-in order list');
  });

  it('lets a guest find an order with its number and e-mail, and finds nothing for a wrong e-mail', async () => {
    const page = await open(375);
    const email = `guest.${randomUUID()}@example.com`;
    await page.goto(urlOf('/'));
    const order = await placeOrder(page.request, email, [{ productId: BUYABLE[3]!.id, quantity: 1 }]);

    await page.goto(urlOf(`/account/orders?order=${order.orderNumber.toLowerCase()}`));
    const number = page.getByLabel('Order number');
    await expect.poll(() => number.inputValue(), { timeout: 10_000 }).toBe(order.orderNumber.toLowerCase());

    await page.getByLabel('E-mail address').fill('someone.else@example.com');
    await page.getByRole('button', { name: 'Track order' }).click();
    await page.getByRole('alert').getByText(ORDER_MESSAGES.orderNotFound).waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    await expectAccessible(page, 'the guest look-up with its error');

    await page.getByLabel('E-mail address').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Track order' }).click();
    const card = page.getByRole('article', { name: order.orderNumber });
    await card.waitFor();
    expect(await card.getByText(BUYABLE[3]!.name, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('asks for a proper order number and e-mail before looking anything up', async () => {
    const page = await open(1440);
    await page.goto(urlOf('/account/orders'));
    await page.getByRole('button', { name: 'Track order' }).click();
    await page.getByText('Please enter your order number, e.g. ORD-12345678.').waitFor();
    expect(await page.getByText('Please enter a valid email address.').isVisible()).toBe(true);
    expect(await page.getByLabel('Order number').getAttribute('aria-invalid')).toBe('true');
  });
});
