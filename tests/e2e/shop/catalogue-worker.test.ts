// The shop's catalogue worker (src/stores/shop-catalogue.ts): while the server answers the products
// view's queries a failed worker changes nothing a shopper sees; when neither can answer, the view
// shows 'Try again', never a blank list, and asking again starts a new worker.
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

it("shows 'Try again' when the worker and the server both fail, and lists the products with a new one", async () => {
  const tracked = await newPage(browser, { width: 1440 });
  try {
    const { page } = tracked;
    let broken = true;
    await page.route('**/_astro/shop-catalogue.worker*.js', (route) =>
      broken ? route.fulfill({ status: 200, contentType: 'text/javascript', body: "throw new Error('the worker broke');" }) : route.continue(),
    );
    await page.route((url) => url.pathname === '/api/catalog/results', (route) => (broken ? route.fulfill({ status: 503, body: '' }) : route.continue()));
    await page.goto(urlOf('/shop?view=products&category=Zinsser'), { waitUntil: 'load' });
    const alert = page.getByRole('alert').filter({ hasText: 'The products could not be loaded' });
    await alert.waitFor();
    expect(await page.getByText('Products unavailable', { exact: true }).count()).toBe(1);
    broken = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    const zinsser = catalogue.filter((p) => p.category === 'Zinsser').length;
    await page.getByText(`${zinsser} professional products available`, { exact: true }).waitFor();
    expect(await alert.count()).toBe(0);
    // Chromium logs each refused answer; nothing else went wrong.
    expect(tracked.errors.filter((e) => !/status of 503 .*\/api\/catalog\/results\?/.test(e))).toEqual([]);
  } finally {
    await tracked.close();
  }
});

it('lists and filters the products from the server when the worker fails', async () => {
  const tracked = await newPage(browser, { width: 375 });
  try {
    const { page } = tracked;
    await page.route('**/_astro/shop-catalogue.worker*.js', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: "throw new Error('the worker broke');" }),
    );
    await page.goto(urlOf('/shop?view=products&category=Zinsser'), { waitUntil: 'load' });
    const zinsser = catalogue.filter((p) => p.category === 'Zinsser');
    await page.getByText(`${zinsser.length} professional products available`, { exact: true }).waitFor();
    const product = zinsser[1]!;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.sku);
    await page.getByText(new RegExp(`^1 result for ${product.sku}$`)).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'The products could not be loaded' }).count()).toBe(0);
    // The worker's failure is told to the console as information, not as an error.
    expect(tracked.errors).toEqual([]);
  } finally {
    await tracked.close();
  }
});
