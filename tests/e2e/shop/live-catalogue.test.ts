// Staff change the catalogue after the pages were built (issue #4 item 3): a price drops, a product
// sells out, another is withdrawn. A shopper who already has them in the cart sees the pre-rendered
// pages switch to the live values in place, without a jump, and the withdrawn line flagged.
// The changes are made in the real database of a server this file starts on its own scratch file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { formatPrice } from '../../../src/lib/format';
import { expectNoBrowserErrors, launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { startBuiltServer, type RunningServer } from '../../helpers/server';
import { cartButton, cartDrawer, readCatalogue, searchBox } from './shop-helpers';

const catalogue = readCatalogue();
const decorative = catalogue.filter((p) => p.category === 'Decorative Paints' && canAddToCart(p));
/** Repriced: the first card of the page's grids. */
const repriced = decorative[0]!;
/** Sold out: later in the same page, not featured (so nothing above the repriced card changes height). */
const soldOut = decorative.find((p) => !p.isPopular && p.id !== repriced.id)!;
/** Withdrawn: a product of another page, already in the cart. */
const withdrawn = catalogue.find((p) => p.category === 'Rustoleum' && canAddToCart(p))!;
const NEW_PRICE_CENTS = Math.round(repriced.price * 100) - 1234;
const newPrice = formatPrice(NEW_PRICE_CENTS / 100);

let scratch: string;
let server: RunningServer;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'graphene-live-'));
  server = await startBuiltServer({
    env: {
      DATABASE_URL: `file:${join(scratch, 'shop.db')}`,
      MEDIA_DIR: join(scratch, 'media'),
      MAIL_DIR: join(scratch, 'mail'),
    },
  });
  browser = await launchBrowser();
  tracked = await newPage(browser, { width: 1440 });
  page = tracked.page;
});

afterAll(async () => {
  await tracked?.close();
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Changes the catalogue in the server's database, as a back-office edit would. */
function editCatalogue(): void {
  const db = new Database(join(scratch, 'shop.db'));
  try {
    db.prepare('UPDATE products SET price_cents = ? WHERE id = ?').run(NEW_PRICE_CENTS, repriced.id);
    db.prepare('UPDATE products SET in_stock = 0, stock_quantity = 0 WHERE id = ?').run(soldOut.id);
    db.prepare('DELETE FROM products WHERE id = ?').run(withdrawn.id);
  } finally {
    db.close();
  }
}

/**
 * The live catalogue: GET /api/catalog/cards, whole (the shop's worker) or one category's
 * (?category=<slug>: a category page), and GET /api/catalog/results (the shop's first pages).
 */
const LIVE_CARDS = (url: URL) => url.pathname === '/api/catalog/cards' || url.pathname === '/api/catalog/results';

/**
 * Holds GET /api/catalog/cards back until the returned function is called, so a test can measure the page
 * as built before the live catalogue lands. The answer itself still comes from the server.
 */
async function holdLiveCatalogue(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: () => void;
  const requested = new Promise<void>((resolve) => (seen = resolve));
  await page.route(LIVE_CARDS, async (route) => {
    seen();
    await released;
    await route.continue();
  });
  return async () => {
    await requested;
    release();
  };
}

/** Waits until the island holding an element has hydrated (Astro drops the island's `ssr` mark). */
async function waitForIsland(inside: Locator): Promise<void> {
  await inside.locator('xpath=ancestor::astro-island[not(@ssr)]').first().waitFor({ state: 'attached' });
}

/** The card of a product in a list, found by its name. */
function cardIn(list: Locator, name: string): Locator {
  return list.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** The card's box relative to the document (not the viewport), so scrolling does not count as moving. */
async function documentBox(card: Locator): Promise<{ x: number; y: number; width: number }> {
  return card.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width };
  });
}

describe('live catalogue', () => {
  it('puts two products in the cart before the catalogue changes', async () => {
    await page.goto(`${server.url}/shop/${withdrawn.slug}`, { waitUntil: 'load' });
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await waitForIsland(add);
    await add.click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await page.goto(`${server.url}/products/decorative-paints`, { waitUntil: 'load' });
    const all = page.getByRole('list', { name: 'All Decorative Paints products' });
    await waitForIsland(all);
    await cardIn(all, repriced.name).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' }).waitFor();
    editCatalogue();
  });

  it('updates a category page card in place when the live catalogue arrives', async () => {
    const release = await holdLiveCatalogue();
    await page.goto(`${server.url}/products/decorative-paints`, { waitUntil: 'load' });
    const all = page.getByRole('list', { name: 'All Decorative Paints products' });
    const card = cardIn(all, repriced.name);
    await card.getByText(formatPrice(repriced.price), { exact: true }).waitFor();
    const before = await documentBox(card);
    await release();
    await card.getByText(newPrice, { exact: true }).waitFor();
    await cardIn(all, soldOut.name).getByText('Out of Stock').waitFor();
    expect(await cardIn(all, soldOut.name).getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    expect(await documentBox(card)).toEqual(before);
    await page.unroute(LIVE_CARDS);
  });

  it('lists the shop from the live catalogue alone: a busy placeholder of the same place until it arrives, then the live price, never the stale one', async () => {
    const release = await holdLiveCatalogue();
    // The list layout: the page comes without its first answer (the server draws the grid's first
    // cards into the page, live too: tests/api/shop-page.test.ts), which the page asks for.
    await page.goto(`${server.url}/shop?view=products&layout=list`, { waitUntil: 'load' });
    await page.getByText('Loading products…', { exact: true }).waitFor();
    const placeholder = page.locator('[aria-busy="true"]');
    await placeholder.waitFor();
    const before = await documentBox(placeholder);
    const list = page.getByRole('list', { name: /: products$/ });
    expect(await list.count()).toBe(0);
    // A shopper may type while the products load; the search applies once they arrive.
    await searchBox(page).fill(repriced.sku);
    await release();
    await page.locator('[data-shop-ready="true"]').waitFor({ state: 'attached' });
    const card = cardIn(list, repriced.name);
    await card.getByText(newPrice, { exact: true }).waitFor();
    expect(await card.getByText(formatPrice(repriced.price), { exact: true }).count()).toBe(0);
    // The placeholder goes with the answer that replaces it (the list can draw a moment before it).
    await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
    const after = await documentBox(list);
    expect({ x: after.x, y: after.y, width: after.width }).toEqual(before);
    await page.unroute(LIVE_CARDS);

    await page.goto(`${server.url}/shop/${soldOut.slug}`, { waitUntil: 'load' });
    await page.getByRole('button', { name: 'Out of Stock' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await page.goto(`${server.url}/shop/${repriced.slug}`, { waitUntil: 'load' });
    await page.getByRole('main').getByText(newPrice, { exact: true }).waitFor();
  });

  it('flags the withdrawn line in the cart drawer, keeps it, and holds back checkout until it is removed', async () => {
    await page.goto(`${server.url}/about`, { waitUntil: 'load' });
    await cartButton(page).click();
    const drawer = cartDrawer(page);
    const lines = drawer.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
    const gone = lines.filter({ hasText: withdrawn.name });
    await gone.getByText('No longer available. Remove it to continue to checkout.').waitFor();
    expect(await lines.count()).toBe(2);
    await lines.filter({ hasText: repriced.name }).getByText(`${newPrice} each`).waitFor();
    expect(await drawer.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled()).toBe(true);
    expect(await drawer.getByRole('link', { name: 'Proceed to Checkout' }).count()).toBe(0);

    await gone.getByRole('button', { name: `Remove ${withdrawn.name}` }).click();
    await drawer.getByRole('link', { name: 'Proceed to Checkout' }).waitFor();
    expect(await drawer.locator('[data-cart-total]').textContent()).toBe(newPrice);
    // The deleted product's drawing is gone with its row (404): the drawer shows the line's image
    // before it learns the product is gone, unless the browser kept the image from before.
    const deletedArt = `/images/generated/products/${withdrawn.slug}`;
    expectNoBrowserErrors(tracked.errors.filter((e) => !(e.includes('status of 404') && e.includes(deletedArt))), 'the live catalogue journey');
  });

  it('says so when the catalogue cannot be loaded, and lists the products after Try again', async () => {
    const other = await newPage(browser, { width: 1440 });
    try {
      let refuse = true;
      await other.page.route(LIVE_CARDS, (route) => (refuse ? route.fulfill({ status: 503, body: '' }) : route.continue()));
      // The list layout: the server sends the static page, with no first answer in it to show.
      await other.page.goto(`${server.url}/shop?view=products&category=Zinsser&layout=list`, { waitUntil: 'load' });
      const alert = other.page.getByRole('alert').filter({ hasText: 'The products could not be loaded' });
      await alert.waitFor();
      expect(await other.page.getByText('Products unavailable', { exact: true }).count()).toBe(1);
      refuse = false;
      await alert.getByRole('button', { name: 'Try again' }).click();
      const zinsser = catalogue.filter((p) => p.category === 'Zinsser' && p.id !== withdrawn.id).length;
      await other.page.getByText(`${zinsser} professional products available`, { exact: true }).waitFor();
      // Cards past the first screenful are drawn in a deferred render (the list is busy until then).
      await other.page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
      expect(await other.page.getByRole('list', { name: /: products$/ }).getByRole('article').count()).toBe(zinsser);
      expect(await alert.count()).toBe(0);
      // The one refused request is the only error the page logged.
      expect(other.errors.filter((e) => !/status of 503/.test(e))).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
