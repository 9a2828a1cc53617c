// axe (WCAG 2.1 A/AA) on the checkout and its confirmation at phone and desktop widths, in the
// states people meet: the empty cart, a step with every message showing, the payment step, the
// confirmation of a real order, and the e-mail prompt a stranger sees.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../helpers/axe';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, VIEWPORT_WIDTHS } from '../../helpers/browser';
import { BUYABLE, continueButton, EXPECTED_STATUS_ERRORS, fillInformation, fillPayment, fillShipping, seedCartScript, uniqueEmail, waitForCheckout } from './checkout-helpers';


let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORT_WIDTHS)('checkout at %i px', (width) => {
  it('the empty cart, step 1 with its messages and the payment step have no violations', async () => {
    const empty = await newPage(browser, { width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
    try {
      await empty.page.goto(urlOf('/checkout'), { waitUntil: 'load' });
      await empty.page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      expect(await empty.page.locator('h1').count()).toBe(1);
      await expectAccessible(empty.page, 'the empty checkout');
    } finally {
      await empty.close();
    }

    const tracked = await newPage(browser, { width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS, initScript: seedCartScript([{ product: BUYABLE[0]!, quantity: 1 }]) });
    try {
      const { page } = tracked;
      await page.goto(urlOf('/checkout'), { waitUntil: 'load' });
      await waitForCheckout(page);
      await continueButton(page).click();
      await page.getByText('First name is required.').waitFor();
      await expectAccessible(page, 'step 1 with errors');
      await fillInformation(page, uniqueEmail('axe'));
      await continueButton(page).click();
      await fillShipping(page);
      await continueButton(page).click();
      await fillPayment(page);
      if (width < 768) await page.getByRole('button', { name: 'Show order summary' }).click();
      await expectAccessible(page, 'the payment step');
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      await expectAccessible(page, 'the confirmation');
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });

  it('the e-mail prompt of a confirmation opened elsewhere has no violations', async () => {
    const tracked = await newPage(browser, { width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
    try {
      await tracked.page.goto(urlOf('/checkout/success?order=ORD-00000001'), { waitUntil: 'load' });
      await tracked.page.getByLabel('Enter the e-mail used for this order').waitFor();
      expect(await tracked.page.locator('h1').count()).toBe(1);
      await expectAccessible(tracked.page, 'the e-mail prompt');
    } finally {
      await tracked.close();
    }
  });
});
