// axe (WCAG 2.1 A/AA) on the checkout and its confirmation at phone and desktop widths, in the
// states people meet: the empty cart, a step with every message showing, the payment step, the
// confirmation of a real order, and the e-mail prompt a stranger sees.
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../../helpers/base-url';
import { expectNone, launchBrowser, newPage, VIEWPORT_WIDTHS } from '../../helpers/browser';
import { BUYABLE, continueButton, EXPECTED_STATUS_ERRORS, fillInformation, fillPayment, fillShipping, seedCartScript, uniqueEmail, waitForCheckout } from './checkout-helpers';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function violationsOf(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).options({ resultTypes: ['violations'] }).analyze();
  return results.violations.flatMap((v) => [
    `${v.id} (${v.impact}): ${v.help}`,
    ...v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
  ]);
}

describe.each(VIEWPORT_WIDTHS)('checkout at %i px', (width) => {
  it('the empty cart, step 1 with its messages and the payment step have no violations', async () => {
    const empty = await newPage(browser, { width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
    try {
      await empty.page.goto(urlOf('/checkout'), { waitUntil: 'load' });
      await empty.page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
      expect(await empty.page.locator('h1').count()).toBe(1);
      expectNone(await violationsOf(empty.page), 'axe violations on the empty checkout');
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
      expectNone(await violationsOf(page), 'axe violations on step 1 with errors');
      await fillInformation(page, uniqueEmail('axe'));
      await continueButton(page).click();
      await fillShipping(page);
      await continueButton(page).click();
      await fillPayment(page);
      if (width < 768) await page.getByRole('button', { name: 'Show order summary' }).click();
      expectNone(await violationsOf(page), 'axe violations on the payment step');
      await page.getByRole('button', { name: 'Complete Order' }).click();
      await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
      expect(await page.locator('h1').count()).toBe(1);
      expectNone(await violationsOf(page), 'axe violations on the confirmation');
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
      expectNone(await violationsOf(tracked.page), 'axe violations on the e-mail prompt');
    } finally {
      await tracked.close();
    }
  });
});
