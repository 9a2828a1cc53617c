// The storefront's pages read the catalogue as cards (issue #15): the lists fetch GET /api/catalog/cards
// and never the whole catalogue; the shop's detail modal asks for the whole product when it opens,
// showing the card's facts in the detail's places and a polite loading status meanwhile, and a way
// to ask again when the look-up fails; the product page and the cart drawer ask for their products
// alone.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { hasFocus } from '../../helpers/wait';
import { cartButton, cartDrawer, productList, readCatalogue, searchBox, waitForShop } from './shop-helpers';

const catalogue = readCatalogue();
const product = catalogue.filter(canAddToCart)[2]!;

let browser: Browser;
const opened: TrackedPage[] = [];
/** Paths of the API requests each page made. */
const requests = new Map<Page, string[]>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a path at a width, noting the page's API requests. */
async function open(path: string, width = 1440): Promise<TrackedPage> {
  const tracked = await newPage(browser, { width });
  opened.push(tracked);
  const seen: string[] = [];
  requests.set(tracked.page, seen);
  tracked.page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(`${url.pathname}${url.search}`);
  });
  await tracked.page.goto(urlOf(path), { waitUntil: 'load' });
  return tracked;
}

/** The paths (and queries) a page's workers fetched, from their own resource timing. */
async function workerRequests(page: Page): Promise<string[]> {
  const lists = await Promise.all(
    page.workers().map((worker) =>
      worker.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname + new URL(entry.name).search)).catch(() => []),
    ),
  );
  return lists.flat();
}

/** Holds every product look-up until the returned function is called. */
async function holdLookups(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/products?ids=*', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('the catalogue as cards', () => {
  it("lists the shop from the cards, and the modal shows the card's facts, a loading status, then the whole product", async () => {
    const { page, errors } = await open('/shop?view=products');
    await waitForShop(page);
    const release = await holdLookups(page);
    await searchBox(page).fill(product.sku);
    await page.getByText(new RegExp(`^1 result for ${product.sku}$`)).waitFor();
    const link = productList(page).getByRole('link', { name: product.name });
    await link.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: product.name });
    await dialog.waitFor();
    const status = dialog.getByRole('status').filter({ hasText: 'Loading product details…' });
    expect(await status.count()).toBe(1);
    expect(await dialog.locator('article[aria-busy="true"]').count()).toBe(1);
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    const image = dialog.getByRole('img', { name: product.name });
    const before = await image.boundingBox();
    const title = await dialog.getByRole('heading', { name: product.name }).boundingBox();

    release();
    await dialog.getByText(`${product.coverage} | ${product.finish}`).waitFor();
    await dialog.getByText(product.usageInstructions).waitFor();
    expect(await status.count()).toBe(0);
    // The picture and the title stay where the placeholder put them.
    expect(await image.boundingBox()).toEqual(before);
    expect((await dialog.getByRole('heading', { name: product.name }).boundingBox())?.y).toBe(title?.y);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await hasFocus(link)).toBe(true);
    const api = requests.get(page)!;
    // The worker loads the cards once the island has hydrated and the browser is idle again (the
    // server answered the first queries): on a loaded machine that may take a while.
    await page.locator('[data-catalogue="ready"]').waitFor({ state: 'attached', timeout: 30_000 });
    // What it fetched, asked of the worker itself: Chromium does not always tell the page of a
    // worker's requests once the page routes some (CI lost the cards request that way once).
    const fetched = [...api, ...(await workerRequests(page))];
    expect(fetched).toContain('/api/catalog/cards');
    expect(api).toContain(`/api/products?ids=${product.id}`);
    expect(fetched.filter((p) => p === '/api/catalog')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('says so when the whole product cannot be had, and shows it after Try again', async () => {
    const { page } = await open(`/shop?view=products`, 375);
    await waitForShop(page);
    let refuse = true;
    await page.route('**/api/products?ids=*', (route) => (refuse ? route.fulfill({ status: 503, body: '' }) : route.continue()));
    await searchBox(page).fill(product.sku);
    await page.getByText(new RegExp(`^1 result for ${product.sku}$`)).waitFor();
    await productList(page).getByRole('link', { name: product.name }).click();
    const dialog = page.getByRole('dialog', { name: product.name });
    const alert = dialog.getByRole('alert');
    await alert.getByText('The product details could not be loaded').waitFor();
    refuse = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByText(`${product.coverage} | ${product.finish}`).waitFor();
    expect(await alert.count()).toBe(0);
  });

  it('has the product page and the cart drawer ask for their products alone, never the catalogue', async () => {
    const { page, errors } = await open(`/shop/${product.slug}`);
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.locator('xpath=ancestor::astro-island[not(@ssr)]').first().waitFor({ state: 'attached' });
    const lookup = `/api/products?ids=${product.id}`;
    await expect.poll(() => requests.get(page)!.filter((p) => p === lookup).length).toBe(1);
    await add.click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(urlOf('/about'), { waitUntil: 'load' });
    await cartButton(page).click();
    await cartDrawer(page).getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    // Once on the product page (after load, when idle), once by the drawer.
    await expect.poll(() => requests.get(page)!.filter((p) => p === lookup).length).toBe(2);
    expect(requests.get(page)!.filter((p) => p.startsWith('/api/catalog'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
