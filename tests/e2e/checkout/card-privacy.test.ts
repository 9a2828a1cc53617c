// No card data at checkout (issue #23): with no card provider configured the shop takes bank
// transfers, so the form has no card field and POST /api/orders says only `{ method: 'bank_transfer' }`.
// Also: a network failure keeps the cart and a retry places one order with the same key; an
// unavailable product is named.
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../../src/lib/constants';
import { ORDER_MESSAGES } from '../../../src/lib/schemas/order';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { readCatalogue } from '../shop/shop-helpers';
import {
  BUYABLE,
  continueButton,
  dumpStorage,
  EXPECTED_STATUS_ERRORS,
  fillInformation,
  fillPayment,
  fillShipping,
  seedCartScript,
  uniqueEmail,
  waitForCheckout,
} from './checkout-helpers';

let browser: Browser;
let tracked: TrackedPage | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  const errors = tracked?.errors ?? [];
  await tracked?.close();
  tracked = undefined;
  expect(errors.join('\n'), 'console errors').toBe('');
});
afterAll(async () => {
  await browser?.close();
});

/** Opens /checkout with a cart and walks to a filled payment step. */
async function reachPayment(lines: Parameters<typeof seedCartScript>[0], allowErrors: RegExp[] = []): Promise<Page> {
  tracked = await newPage(browser, { width: 1440, allowErrors: [...EXPECTED_STATUS_ERRORS, ...allowErrors], initScript: seedCartScript(lines) });
  const { page } = tracked;
  await page.goto(urlOf('/checkout'), { waitUntil: 'load' });
  await waitForCheckout(page);
  await fillInformation(page, uniqueEmail('privacy'));
  await continueButton(page).click();
  await fillShipping(page);
  await continueButton(page).click();
  await fillPayment(page);
  return page;
}

describe('payment data', () => {
  it('asks for no card and sends only the bank-transfer method; the saved details hold the address and nothing about payment', async () => {
    const page = await reachPayment([{ product: BUYABLE[3]!, quantity: 2 }]);
    for (const label of ['Cardholder name', 'Card number', 'Expiry date (MM/YY)', 'CVV']) expect(await page.getByLabel(label).count(), label).toBe(0);
    await page.getByLabel('Save this information for next time').check();

    const posted: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') posted.push(request);
    });
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();

    expect(posted).toHaveLength(1);
    const body = JSON.parse(posted[0]!.postData() ?? '') as Record<string, unknown>;
    expect(body.payment).toEqual({ method: 'bank_transfer' });
    expect(body.items).toEqual([{ productId: BUYABLE[3]!.id, quantity: 2 }]);
    // The delivery method and the (untinted) cart's tint acceptance travel too; nothing about a card.
    expect({ shippingMethod: body.shippingMethod, tintedAccepted: body.tintedAccepted }).toEqual({ shippingMethod: 'standard', tintedAccepted: false });
    expect(Object.keys(body).sort()).toEqual(['customer', 'idempotencyKey', 'items', 'newsletter', 'payment', 'saveInfo', 'shippingAddress', 'shippingMethod', 'tintedAccepted']);

    const stored = await dumpStorage(page);
    // 'Save this information' kept the address for next time, and nothing about payment.
    expect(stored).toContain('12 Paint Works Lane');
    expect(stored).not.toMatch(/"(cardNumber|cvv)"/i);
  });

  it('keeps the cart after a network failure and places one order when retried with the same key', async () => {
    const page = await reachPayment([{ product: BUYABLE[4]!, quantity: 1 }], [/net::ERR_FAILED/, /Order submission failed/]);
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/orders') keys.push((JSON.parse(request.postData() ?? '{}') as { idempotencyKey: string }).idempotencyKey);
    });
    // The first attempt reaches the server, but its answer is lost on the way back.
    let cut = true;
    await page.route('**/api/orders', async (route) => {
      if (!cut) return route.continue();
      cut = false;
      await route.fetch();
      await route.abort('failed');
    });
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.getByRole('alert').filter({ hasText: ORDER_MESSAGES.orderFailed }).waitFor();
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, CART_STORAGE_KEY)).toBe(1);
    expect(await page.getByRole('button', { name: 'Complete Order' }).isEnabled()).toBe(true);

    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  const unavailable = readCatalogue().find((p) => !p.inStock && !p.requestQuoteOnly);
  it.runIf(unavailable)('names a product that is no longer available, keeps the cart and offers the cart', async () => {
    const page = await reachPayment(
      [
        { product: BUYABLE[5]!, quantity: 1 },
        { product: unavailable!, quantity: 1 },
      ],
      [/status of 409 \(Conflict\) @ .*\/api\/orders/],
    );
    await page.getByRole('button', { name: 'Complete Order' }).click();
    const alert = page.getByRole('alert').filter({ hasText: unavailable!.name });
    await alert.waitFor();
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '[]').length, CART_STORAGE_KEY)).toBe(2);
    await page.getByRole('button', { name: 'Review your cart' }).click();
    await page.getByRole('dialog', { name: /Shopping cart/ }).getByText(unavailable!.name, { exact: true }).waitFor();
  });
});
