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
    // The list layout: the server sends the static page, with no first answer in it to show.
    await page.goto(urlOf('/shop?view=products&category=Zinsser&layout=list'), { waitUntil: 'load' });
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

it('keeps the first cards the page came with when neither can answer, and says so for a query it cannot answer', async () => {
  const tracked = await newPage(browser, { width: 1440 });
  try {
    const { page } = tracked;
    let broken = true;
    let workerFailed!: () => void;
    const failed = new Promise<void>((resolve) => (workerFailed = resolve));
    page.on('console', (message) => {
      if (message.text().startsWith('Live catalogue unavailable')) workerFailed();
    });
    await page.route('**/_astro/shop-catalogue.worker*.js', (route) =>
      broken ? route.fulfill({ status: 200, contentType: 'text/javascript', body: "throw new Error('the worker broke');" }) : route.continue(),
    );
    let asked = 0;
    await page.route(
      (url) => url.pathname === '/api/catalog/results',
      (route) => {
        asked += 1;
        return broken ? route.fulfill({ status: 503, body: '' }) : route.continue();
      },
    );
    // The grid: the server put the query's first page of results into the page itself.
    await page.goto(urlOf('/shop?view=products&category=Zinsser'), { waitUntil: 'load' });
    const zinsser = catalogue.filter((p) => p.category === 'Zinsser');
    const count = page.getByText(`${zinsser.length} professional products available`, { exact: true });
    await count.waitFor();
    await page.locator('[data-shop-ready="true"]').waitFor({ state: 'attached' });
    await failed;
    // The worker failing behind a drawn answer (whichever came first) changes nothing on the page,
    // and asks the server nothing: the page held the answer.
    const list = page.getByRole('list', { name: /: products$/ });
    await page.waitForTimeout(300);
    expect(asked).toBe(0);
    expect(await count.count()).toBe(1);
    expect(await list.getByRole('article').count()).toBe(zinsser.length);
    const alert = page.getByRole('alert').filter({ hasText: 'The products could not be loaded' });
    expect(await alert.count()).toBe(0);
    // A new query neither can answer shows the failure rather than the older query's list.
    const product = zinsser[1]!;
    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.sku);
    await alert.waitFor();
    expect(await list.count()).toBe(0);
    broken = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText(new RegExp(`^1 result for ${product.sku}$`)).waitFor();
    expect(await alert.count()).toBe(0);
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
