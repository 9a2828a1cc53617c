// The shop's catalogue worker (src/stores/shop-catalogue.ts): a worker that fails shows the
// products view's 'Try again', never a blank list, and asking again starts a new one.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage } from '../../helpers/browser';
import { readCatalogue } from './shop-helpers';

const catalogue = readCatalogue();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it("shows 'Try again' when the catalogue's worker fails, and lists the products with a new one", async () => {
  const tracked = await newPage(browser, { width: 1440 });
  try {
    const { page } = tracked;
    let broken = true;
    await page.route('**/_astro/shop-catalogue.worker*.js', (route) =>
      broken ? route.fulfill({ status: 200, contentType: 'text/javascript', body: "throw new Error('the worker broke');" }) : route.continue(),
    );
    await page.goto(urlOf('/shop?view=products&category=Zinsser'), { waitUntil: 'load' });
    const alert = page.getByRole('alert').filter({ hasText: 'The products could not be loaded' });
    await alert.waitFor();
    expect(await page.getByText('Products unavailable', { exact: true }).count()).toBe(1);
    broken = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    const zinsser = catalogue.filter((p) => p.category === 'Zinsser').length;
    await page.getByText(`${zinsser} professional products available`, { exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    expect(tracked.errors).toEqual([]);
  } finally {
    await tracked.close();
  }
});
