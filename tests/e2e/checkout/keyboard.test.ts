// Checkout with the keyboard alone (issue #6): Tab, Shift+Tab, Enter and Space through all three
// steps and Complete Order, no mouse. The cart is filled before the page opens.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '../../../src/lib/schemas/order';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { hasFocus } from '../../helpers/wait';
import { BUYABLE, EXPECTED_STATUS_ERRORS, GUEST, seedCartScript, uniqueEmail, waitForCheckout } from './checkout-helpers';

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

/** The accessible label of the focused element (its <label>, aria-label or text). */
function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const input = el as HTMLInputElement;
    return (input.labels?.[0]?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
  });
}

/** Presses Tab until the focused element is named `name` (a person tabbing down the page). */
async function tabTo(page: Page, name: string, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if ((await focusedName(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tabbing never reached '${name}'; focus is on '${await focusedName(page)}'.`);
}

/** Types into the focused field, then Tabs on. */
async function typeAndTab(page: Page, name: string, text: string): Promise<void> {
  expect(await focusedName(page)).toBe(name);
  await page.keyboard.type(text);
  await page.keyboard.press('Tab');
}

describe('checkout by keyboard', () => {
  it.each([375, 1440])('completes all three steps and the order with Tab, Shift+Tab, Enter and Space at %i px', async (width) => {
    tracked = await newPage(browser, { width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS, initScript: seedCartScript([{ product: BUYABLE[2]!, quantity: 1 }]) });
    const { page } = tracked;
    await page.goto(urlOf('/checkout'), { waitUntil: 'load' });
    await waitForCheckout(page);

    // Enter on Continue with nothing typed: messages, focus on the first field.
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');
    await page.getByText(ORDER_MESSAGES.firstName, { exact: true }).waitFor();
    expect(await focusedName(page)).toBe('First name');

    await typeAndTab(page, 'First name', GUEST.firstName);
    await typeAndTab(page, 'Last name', 'Lovelace-Byron');
    // Shift+Tab goes back to fix the last name.
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName(page)).toBe('Last name');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(GUEST.lastName);
    await page.keyboard.press('Tab');
    await typeAndTab(page, 'Email address', uniqueEmail('keys'));
    expect(await focusedName(page)).toBe('Phone number');
    await page.keyboard.type(GUEST.phone);
    // Enter in a field submits the step.
    await page.keyboard.press('Enter');
    const shipping = page.getByRole('heading', { name: /Shipping address/ });
    await shipping.waitFor();
    expect(await hasFocus(shipping)).toBe(true);

    // The shipping step's code (address and delivery method) loads while the shopper is on step 1, like
    // the payment step's; on a slow machine it may still be arriving when the heading shows.
    await page.getByLabel('Street address').waitFor();
    await page.keyboard.press('Tab');
    await typeAndTab(page, 'Street address', GUEST.address);
    await typeAndTab(page, 'City', GUEST.city);
    await typeAndTab(page, 'Postal code', GUEST.postalCode);
    await tabTo(page, 'Continue');
    await page.keyboard.press('Enter');
    const payment = page.getByRole('heading', { name: /Payment/ });
    await payment.waitFor();
    expect(await hasFocus(payment)).toBe(true);

    // The payment step's code loads while the shopper is on the shipping step; on a slow machine it may
    // still be arriving when the heading shows, so wait for the methods as a person would see them.
    const bankTransfer = page.getByRole('radio', { name: /Pay by bank transfer/ });
    await bankTransfer.waitFor();
    // The payment method is reached by Tab and already chosen: bank transfer.
    await tabTo(page, 'Pay by bank transfer');
    expect(await bankTransfer.isChecked()).toBe(true);
    // Space ticks the newsletter box.
    await tabTo(page, 'Email me with news and offers');
    await page.keyboard.press('Space');
    expect(await page.getByLabel('Email me with news and offers').isChecked()).toBe(true);

    await tabTo(page, 'Complete Order');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/);
    await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
  });
});
