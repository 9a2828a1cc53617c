// The API reference for staff integrators (/admin/api) read as a person would, at a phone and a
// desktop width: one heading, the groups' menu leads to its section, an operation's body fields open
// with their limits, nothing overflows sideways, no browser error, and axe finds no WCAG 2.1 A/AA
// violation.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../helpers/axe';
import { urlOf } from '../helpers/base-url';
import { expectNoBrowserErrors, launchBrowser, newPage, VIEWPORT_WIDTHS } from '../helpers/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('/admin/api', () => {
  for (const width of VIEWPORT_WIDTHS) {
    it(`reads as a reference at ${width} px: menu, body fields with their limits, accessible`, async () => {
      const tracked = await newPage(browser, { width });
      try {
        const { page } = tracked;
        const response = await page.goto(urlOf('/admin/api'));
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 }).count()).resolves.toBe(1);
        await page.getByRole('navigation', { name: 'API groups' }).getByRole('link', { name: /^Orders/ }).click();
        await expect.poll(() => page.evaluate(() => location.hash)).toBe('#orders');
        const order = page.locator('#postApiOrders');
        await order.getByText('Request body').click();
        const quantity = order.getByRole('row', { name: /items\[\]\.quantity/ });
        await expect(quantity.textContent()).resolves.toMatch(/integer.*1–999 \(value\)/);
        await expect(page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).resolves.toBeLessThanOrEqual(0);
        await expectAccessible(page, `/admin/api at ${width} px`);
        expectNoBrowserErrors(tracked.errors, '/admin/api');
      } finally {
        await tracked.close();
      }
    }, 60_000);
  }
});
