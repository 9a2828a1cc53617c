// axe (WCAG 2.1 A/AA) on the account pages at phone and desktop widths, with field errors and the
// red alert showing, since those are the states people meet when something is wrong.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../helpers/axe';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, VIEWPORT_WIDTHS } from '../../helpers/browser';

const ACCOUNT_ROUTES = ['/login', '/signup', '/forgot-password', '/reset-password?token=abc', '/account/orders'] as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORT_WIDTHS)('account pages at %i px', (width) => {
  it.each(ACCOUNT_ROUTES)('%s has no WCAG 2.1 A/AA violations and exactly one h1', async (route) => {
    const tracked = await newPage(browser, { width, reducedMotion: 'reduce' });
    try {
      const { page } = tracked;
      const response = await page.goto(urlOf(route), { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
      expect(await page.locator('h1').count()).toBe(1);
      await expectAccessible(page, `${route} at ${width} px`);
    } finally {
      await tracked.close();
    }
  });

  it('the sign-in and sign-up forms with errors showing have no violations', async () => {
    const tracked = await newPage(browser, { width, reducedMotion: 'reduce' });
    try {
      const { page } = tracked;
      await page.goto(urlOf('/login'), { waitUntil: 'load' });
      await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
      await page.getByLabel('Email address').fill(`nobody.${Date.now()}@example.com`);
      await page.getByLabel('Password', { exact: true }).fill('whatever-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toContain('User not found. Please check your email address.');
      await expectAccessible(page, `/login with an error at ${width} px`);

      await page.goto(urlOf('/signup'), { waitUntil: 'load' });
      await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
      await page.getByLabel('Full name').fill('A');
      await page.getByLabel('Email address').fill('ada@');
      await page.getByLabel('Phone number').fill('0123');
      await page.getByLabel('Password', { exact: true }).fill('abc');
      await page.getByLabel('Confirm password').fill('abd');
      await page.getByLabel('Full name').focus();
      await page.getByText('Full name must be at least 2 characters.').waitFor();
      await expectAccessible(page, `/signup with errors at ${width} px`);
    } finally {
      await tracked.close();
    }
  });
});
