// The products view's first screenful comes from the server (issue #15): a products-view URL is
// answered with the shop page holding the query's first cards in the view's frame (never the
// categories' tiles) and its first page of results, which the list draws without waiting for the
// worker's whole catalogue (or, in the list layout, the inline script asks GET
// /api/catalog/results before any module loads); until the worker has the catalogue, each query
// goes to the server; once it has, the worker answers.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, queryCatalog } from '../../../src/lib/catalog/query';
import { PRODUCT_LIST_PAGE_SIZE } from '../../../src/lib/constants';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { FIRST_CARDS } from '../../../src/components/shop/product-list';
import { productList, readCatalogue, resultLine, searchBox, waitForShop } from './shop-helpers';

const catalogue = readCatalogue();
const RESULTS = (url: URL) => url.pathname === '/api/catalog/results';
const CARDS = (url: URL) => url.pathname === '/api/catalog/cards';

let browser: Browser;
const opened: TrackedPage[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});
afterAll(async () => {
  await browser?.close();
});

/** A fresh page at a width, noting the query string of each results request it makes. */
async function open(width: number): Promise<{ tracked: TrackedPage; asked: string[] }> {
  const tracked = await newPage(browser, { width });
  opened.push(tracked);
  const asked: string[] = [];
  tracked.page.on('request', (r) => {
    const url = new URL(r.url());
    if (RESULTS(url)) asked.push(url.search);
  });
  return { tracked, asked };
}

/** Holds the worker's catalogue (GET /api/catalog/cards) until the returned function is called. */
async function holdCards(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(CARDS, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

describe("the products view's first results", () => {
  it("lists a products-view URL's first page from the page itself while the worker's catalogue is held back", async () => {
    const { tracked, asked } = await open(1440);
    const { page } = tracked;
    const release = await holdCards(page);
    await page.goto(urlOf('/shop?view=products&category=Decorative+Paints&sort=price-low'), { waitUntil: 'load' });
    await waitForShop(page);
    const expected = queryCatalog(catalogue, { filters: { ...DEFAULT_FILTERS, category: 'Decorative Paints' }, sort: 'price-low', search: '' });
    await page.getByText(`${expected.length} professional products available`, { exact: true }).waitFor();
    const names = await productList(page).getByRole('article').getByRole('heading').allTextContents();
    expect(names).toEqual(expected.slice(0, PRODUCT_LIST_PAGE_SIZE).map((p) => p.name));
    // The page came with its first answer (src/server/catalog/shop-page.ts): nothing asked.
    expect(asked).toEqual([]);

    // The worker still has nothing: a search goes to the server too.
    const product = expected[3]!;
    await searchBox(page).fill(product.sku);
    await page.getByText(new RegExp(`^1 result for ${product.sku}$`)).waitFor();
    expect(await productList(page).getByRole('article').getByRole('heading').allTextContents()).toEqual([product.name]);
    expect(asked.length).toBeGreaterThanOrEqual(1);
    release();
    expect(tracked.errors).toEqual([]);
  });

  it('answers from the worker once it has the catalogue, without asking the server again', async () => {
    const { tracked, asked } = await open(1440);
    const { page } = tracked;
    const cardsLoaded = page.waitForResponse((r) => CARDS(new URL(r.url())) && r.status() === 200);
    await page.goto(urlOf('/shop?view=products'), { waitUntil: 'load' });
    await waitForShop(page);
    await resultLine(page).waitFor();
    await cardsLoaded;
    // Once the worker has parsed the catalogue, a search is answered without a request.
    let round = 0;
    await expect
      .poll(async () => {
        const product = catalogue[round++ % 20]!;
        const before = asked.length;
        await searchBox(page).fill(product.sku);
        await page.getByText(new RegExp(`^\\d+ results? for ${product.sku}$`)).waitFor();
        return asked.length === before;
      })
      .toBe(true);
    expect(tracked.errors).toEqual([]);
  });

  for (const width of [375, 1440]) {
    it(`shows the products view's frame with the server's first cards before hydration at ${width} px, and the categories for a bare /shop`, async () => {
      const { tracked } = await open(width);
      const { page } = tracked;
      // No module ever runs: what shows is the HTML and the page's inline scripts alone.
      await page.route('**/_astro/*.js', (route) => route.abort());
      await page.goto(urlOf('/shop?view=products&category=Zinsser&sort=rating'), { waitUntil: 'load' });
      await page.getByText('Loading products…', { exact: true }).waitFor();
      expect(await page.getByRole('region', { name: 'Promotions' }).isVisible()).toBe(false);
      const expected = queryCatalog(catalogue, { filters: { ...DEFAULT_FILTERS, category: 'Zinsser' }, sort: 'rating', search: '' });
      const cards = page.getByRole('article');
      await cards.first().waitFor();
      expect(await cards.getByRole('heading').allTextContents()).toEqual(expected.slice(0, FIRST_CARDS).map((p) => p.name));
      // The cards are the island's own markup: a link to the product page, an image with its name.
      await cards.first().getByRole('link', { name: expected[0]!.name }).waitFor();
      expect(await cards.first().getByRole('img', { name: expected[0]!.name }).isVisible()).toBe(true);

      // The list layout has no server cards (they are drawn for the grid): placeholders until hydration.
      const answered = page.waitForResponse((r) => RESULTS(new URL(r.url())));
      await page.goto(urlOf('/shop?view=products&layout=list'), { waitUntil: 'load' });
      await answered;
      await page.getByText('Loading products…', { exact: true }).waitFor();
      expect(await page.getByRole('article').count()).toBe(0);

      await page.goto(urlOf('/shop'), { waitUntil: 'load' });
      await page.getByRole('region', { name: 'Promotions' }).waitFor();
      expect(await page.getByText('Loading products…', { exact: true }).isVisible()).toBe(false);
    });
  }

  it('shows the first cards and links to their pages without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      await page.goto(urlOf('/shop?view=products&category=Zinsser'), { waitUntil: 'load' });
      const expected = queryCatalog(catalogue, { filters: { ...DEFAULT_FILTERS, category: 'Zinsser' }, sort: 'popular', search: '' });
      const link = page.getByRole('link', { name: expected[0]!.name, exact: true });
      expect(await link.isVisible()).toBe(true);
      expect(await link.getAttribute('href')).toBe(`/shop/${expected[0]!.slug}`);
      expect(await page.getByRole('region', { name: 'Promotions' }).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("keeps the server's first cards in place when the island takes over: the same images, nothing moved", async () => {
    const { tracked } = await open(1440);
    const { page } = tracked;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The island's modules wait until the server's cards are on screen.
    await page.route('**/_astro/*.js', async (route) => {
      await released;
      await route.continue().catch(() => undefined);
    });
    await page.goto(urlOf('/shop?view=products'), { waitUntil: 'commit' });
    const first = page.getByRole('article').first();
    await first.waitFor();
    const name = (await first.getByRole('heading').textContent())!;
    const before = await first.boundingBox();
    release();
    await waitForShop(page);
    await resultLine(page).waitFor();
    const after = page.getByRole('article').first();
    expect(await after.getByRole('heading').textContent()).toBe(name);
    expect(await after.boundingBox()).toEqual(before);
    expect(await page.locator('[data-shop-first-cards]').count()).toBe(0);
    expect(tracked.errors).toEqual([]);
  });
});
