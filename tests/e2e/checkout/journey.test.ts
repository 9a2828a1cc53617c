// Checkout as a person does it (issue #6): a guest adds two products from the shop, opens the
// cart, checks out with a test card, sees the confirmation, reloads it, prints the receipt; a
// stranger with only the link gets an e-mail prompt; a signed-in customer finds the details
// prefilled and the order in Track Your Order.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CART_STORAGE_KEY } from '../../../src/lib/constants';
import { ORDER_MESSAGES } from '../../../src/lib/schemas/order';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { hasFocus } from '../../helpers/wait';
import { cartButton, cartDrawer } from '../shop/shop-helpers';
import {
  addFromShop,
  BUYABLE,
  continueButton,
  EXPECTED_STATUS_ERRORS,
  fillInformation,
  fillPayment,
  fillShipping,
  GUEST,
  orderNumberOf,
  uniqueEmail,
  waitForCheckout,
} from './checkout-helpers';

const [first, second] = [BUYABLE[0]!, BUYABLE[1]!];

let browser: Browser;
const opened: TrackedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  const errors = opened.flatMap((t) => t.errors);
  await Promise.all(opened.splice(0).map((t) => t.close()));
  expect(errors.join('\n'), 'console errors').toBe('');
});
afterAll(async () => {
  await browser?.close();
});

/** The page count and text of a printed PDF, read with pdf.js (unpdf): no system PDF tools needed. */
async function readReceipt(bytes: Uint8Array): Promise<{ pageCount: number; text: string }> {
  // A copy: pdf.js takes over (detaches) the buffer it is given.
  const { totalPages, text } = await extractText(new Uint8Array(bytes), { mergePages: true });
  return { pageCount: totalPages, text };
}

async function open(width: number): Promise<Page> {
  const tracked = await newPage(browser, { width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
  opened.push(tracked);
  return tracked.page;
}

describe('guest checkout', () => {
  it('goes from the shop through three validated steps to a confirmation that survives a reload and prints as a receipt', async () => {
    const email = uniqueEmail('guest');
    const page = await open(1440);
    await page.goto(urlOf('/shop'), { waitUntil: 'load' });
    await addFromShop(page, first);
    await addFromShop(page, second);
    await cartButton(page).click();
    await cartDrawer(page).getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/);
    await waitForCheckout(page);

    // The summary prices the cart.
    const summary = page.getByRole('complementary', { name: 'Order Summary' });
    await summary.getByText(first.name).waitFor();
    await summary.getByText(second.name).waitFor();
    await summary.getByText('VAT (20%)').waitFor();
    expect(await page.getByRole('listitem').filter({ has: page.getByText('Information') }).first().getAttribute('aria-current')).toBe('step');
    expect(await page.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);

    // Empty Continue: every message under its field, focus on the first.
    await continueButton(page).click();
    for (const message of [ORDER_MESSAGES.firstName, ORDER_MESSAGES.lastName, ORDER_MESSAGES.email, ORDER_MESSAGES.phone]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    const firstName = page.getByLabel('First name');
    expect(await hasFocus(firstName)).toBe(true);
    expect(await firstName.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await firstName.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(ORDER_MESSAGES.firstName);

    await fillInformation(page, 'ada@');
    await continueButton(page).click();
    await page.getByText(ORDER_MESSAGES.email, { exact: true }).waitFor();
    expect(await hasFocus(page.getByLabel('Email address'))).toBe(true);
    await page.getByLabel('Email address').fill(email);
    await continueButton(page).click();

    // Step 2: the heading takes focus, the country is fixed, a bad postcode is refused.
    const shippingHeading = page.getByRole('heading', { name: /Shipping address/ });
    await shippingHeading.waitFor();
    expect(await hasFocus(shippingHeading)).toBe(true);
    expect(await page.getByLabel('Country').inputValue()).toBe('United Kingdom');
    expect(await page.getByLabel('Country').getAttribute('readonly')).not.toBeNull();
    await fillShipping(page);
    await page.getByLabel('Postal code').fill('12345');
    await continueButton(page).click();
    await page.getByText(ORDER_MESSAGES.postalCode, { exact: true }).waitFor();

    // Back keeps what was typed.
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('First name').inputValue()).toBe(GUEST.firstName);
    await continueButton(page).click();
    expect(await page.getByLabel('Street address').inputValue()).toBe(GUEST.address);
    await page.getByLabel('Postal code').fill(GUEST.postalCode);
    await continueButton(page).click();

    // Step 3: bank transfer, the only method while no card provider is configured; no card field at all.
    await page.getByRole('heading', { name: /Payment/ }).waitFor();
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await fillPayment(page);

    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/);
    const orderNumber = orderNumberOf(page);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    await page.getByText(/pending admin approval/).waitFor();
    await page.getByText(orderNumber, { exact: true }).first().waitFor();
    // How to pay: the amount, the order number as reference and the shop's bank account.
    const transfer = page.getByRole('region', { name: 'Pay by bank transfer' });
    await transfer.getByText(orderNumber, { exact: true }).waitFor();
    await transfer.getByText('20-00-00', { exact: true }).waitFor();
    await transfer.getByText('55779911', { exact: true }).waitFor();
    await page.getByRole('cell', { name: first.name }).waitFor();
    await page.getByRole('cell', { name: second.name }).waitFor();
    const after = page.getByRole('navigation', { name: 'After your order' });
    for (const link of ['Continue Shopping', 'Track Your Order', 'Contact Us']) await after.getByRole('link', { name: link, exact: true }).waitFor();
    await page.getByRole('heading', { name: 'What’s Next' }).waitFor();
    await page.getByRole('heading', { name: 'Leave a Review' }).waitFor();
    await page.getByText('Support hours: Mon-Fri 9AM-6PM GMT').waitFor();

    // The cart is empty now.
    expect(await page.evaluate((key) => localStorage.getItem(key), CART_STORAGE_KEY)).toBe('[]');
    expect(await cartButton(page).getAttribute('aria-label')).not.toMatch(/\d/);

    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
    await page.getByText(orderNumber, { exact: true }).first().waitFor();
    await transfer.getByText('55779911', { exact: true }).waitFor();

    // Download Receipt prints: the printed page holds the receipt and none of the page's chrome.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const shots = process.env.CHECKOUT_SHOTS_DIR;
    if (shots) {
      // The print styles as Chromium lays them out on screen, for a person to look at beside the PDF.
      mkdirSync(shots, { recursive: true });
      writeFileSync(join(shots, 'receipt.pdf'), pdf);
      await page.screenshot({ path: join(shots, 'receipt.png'), fullPage: true });
    }
    await page.emulateMedia({ media: 'screen' });
    const receipt = await readReceipt(pdf);
    expect(receipt.text).toContain(orderNumber);
    expect(receipt.text).toContain('Bank transfer');
    expect(receipt.text).toContain(first.name);
    expect(receipt.text).toContain(GUEST.address);
    expect(receipt.text).not.toContain('Continue Shopping');
    expect(receipt.text).not.toContain('Download Receipt');
    expect(receipt.text).not.toContain('Sign Up');
    expect(receipt.pageCount, 'printed pages').toBe(1);

    // Someone else with only the link sees a prompt for the e-mail, never the order.
    const stranger = await open(375);
    await stranger.goto(urlOf(`/checkout/success?order=${orderNumber}`), { waitUntil: 'load' });
    const emailPrompt = stranger.getByLabel('Enter the e-mail used for this order');
    await emailPrompt.waitFor();
    expect(await stranger.getByText('Order Confirmed!').count()).toBe(0);
    expect(await stranger.getByText(first.name).count()).toBe(0);
    await emailPrompt.fill('someone.else@example.com');
    await stranger.getByRole('button', { name: 'Show my order' }).click();
    await stranger.getByText(ORDER_MESSAGES.orderNotFound).waitFor();
    expect(await stranger.getByText(first.name).count()).toBe(0);
    // The customer on another device types the e-mail and sees it.
    await emailPrompt.fill(email);
    await stranger.getByRole('button', { name: 'Show my order' }).click();
    await stranger.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
  });

  it('shows the empty cart with a way back to the shop, never a flash of it when the cart has items', async () => {
    const page = await open(375);
    await page.goto(urlOf('/checkout'), { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop');
    // The pre-rendered page waits for the stored cart instead of showing the empty state first.
    const html = await (await fetch(urlOf('/checkout'))).text();
    expect(html).not.toContain('Your cart is empty');
    expect(html).toContain('Loading your cart');
  });

  it('replaces the loading box with the empty cart without moving anything, on a phone and a laptop', async () => {
    for (const width of [375, 1024]) {
      const page = await open(width);
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(urlOf('/checkout'), { waitUntil: 'load' });
      await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      // Two frames after the swap: a shift is reported with the frame that painted it.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      // The same box went from 976 × 448 to 560 × 346 px at 1024 px (0.12) before.
      const total = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
      expect(total, `layout shift at ${width} px`).toBeLessThan(0.001);
    }
  });
});

describe('signed-in checkout', () => {
  it('prefills the customer’s details and lists the order in Track Your Order', async () => {
    const email = uniqueEmail('customer');
    const page = await open(1440);
    await page.goto(urlOf('/signup'), { waitUntil: 'load' });
    const status = await page.evaluate(async (address) => {
      const response = await fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'Marta Kowalski Nowak', email: address, phone: '+447700900456', dateOfBirth: '1987-03-14', password: 'Harbour7!Lights', confirmPassword: 'Harbour7!Lights', acceptTerms: true }),
      });
      return response.status;
    }, email);
    expect(status).toBe(201);

    await page.goto(urlOf('/shop'), { waitUntil: 'load' });
    await addFromShop(page, first);
    await page.goto(urlOf('/checkout'), { waitUntil: 'load' });
    await waitForCheckout(page);
    await expect.poll(() => page.getByLabel('Email address').inputValue(), { timeout: 10_000 }).toBe(email);
    expect(await page.getByLabel('First name').inputValue()).toBe('Marta');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Kowalski Nowak');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('+447700900456');
    await continueButton(page).click();
    await fillShipping(page);
    await continueButton(page).click();
    await fillPayment(page);
    await page.getByRole('button', { name: 'Complete Order' }).click();
    await page.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/);
    const orderNumber = orderNumberOf(page);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();

    // Without the remembered e-mail, the session alone shows the owner the order.
    await page.evaluate(() => localStorage.removeItem('graphene-last-order'));
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();

    await page.getByRole('navigation', { name: 'After your order' }).getByRole('link', { name: 'Track Your Order' }).click();
    await page.waitForURL(/\/account\/orders$/);
    await page.getByText(orderNumber).first().waitFor();
  });
});
