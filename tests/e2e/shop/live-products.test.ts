// A product staff add after the build (issue #12 item 4) shows up for a shopper without a rebuild:
// in /shop's product list and on its category page once the live catalogue arrives, linking to its
// own page, which is rendered from the database; once withdrawn its page answers 404 and the cart
// line is flagged. The product is added and withdrawn in the real database of a server this file starts
// on its own scratch file, through the project's repository functions (the admin API's own tests
// cover the API).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../src/lib/schemas/catalog';
import { insertProducts, selectNextPosition } from '../../../src/server/catalog/catalog.repository';
import { productToColumns } from '../../../src/server/catalog/catalog.rows';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connection';
import { expectNoBrowserErrors, launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { startBuiltServer, type RunningServer } from '../../helpers/server';
import { cartButton, cartDrawer, readCatalogue } from './shop-helpers';

const template = readCatalogue().find((p) => p.category === 'Decorative Paints' && !p.requestQuoteOnly && p.inStock)!;
const added: Product = {
  ...template,
  id: 'live-e2e-harbour-grey',
  slug: 'live-e2e-harbour-grey-1g',
  sku: 'LIVE-E2E-HG-1G',
  name: 'Harbour Grey Live Enamel 1 gal',
  price: 33.75,
  originalPrice: undefined,
  isPopular: false,
};

let scratch: string;
let server: RunningServer;
let handle: DatabaseHandle;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'graphene-live-products-'));
  server = await startBuiltServer({
    env: { DATABASE_URL: `file:${join(scratch, 'shop.db')}`, MEDIA_DIR: join(scratch, 'media'), MAIL_DIR: join(scratch, 'mail') },
  });
  handle = openDatabase({ kind: 'sqlite', file: join(scratch, 'shop.db') });
  browser = await launchBrowser();
  tracked = await newPage(browser, {
    width: 1440,
    // The withdrawn product's page answers 404 on purpose; Chromium logs the document's status.
    allowErrors: [/^Failed to load resource: the server responded with a status of 404 .*\/shop\/live-e2e-harbour-grey-1g$/],
  });
  page = tracked.page;
});

afterAll(async () => {
  await tracked?.close();
  await browser?.close();
  await handle?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The card of a product in a list, found by its name. */
function cardIn(list: Locator, name: string): Locator {
  return list.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
}

describe('a product added after the build', () => {
  it('appears in /shop and on its category page, linking to its own page', async () => {
    const stamp = new Date().toISOString();
    await insertProducts(handle.db, [
      { ...productToColumns(added), source_file: 'decorative-eco.json', position: await selectNextPosition(handle.db, 'decorative-eco.json'), version: 1, created_at: stamp, updated_at: stamp },
    ]);

    await page.goto(`${server.url}/shop?view=products`, { waitUntil: 'load' });
    const shopLink = cardIn(page.getByRole('list', { name: /: products$/ }), added.name).getByRole('link', { name: added.name, exact: true });
    await page.getByText(/^\d+ professional products available$/).waitFor();
    // The list draws a page of cards at a time: a shopper asks for more until the product shows.
    const more = page.getByRole('button', { name: /^Show \d+ more products$/ });
    // Each click once the list has drawn what it holds (it draws a few cards per frame, aria-busy till
    // then): under load the button moved down under the pointer click after click.
    const drawn = page.locator('ul[aria-label$=": products"]:not([aria-busy])');
    while ((await drawn.waitFor(), await shopLink.count()) === 0 && (await more.count()) > 0) await more.click();
    await shopLink.waitFor();
    expect(await shopLink.getAttribute('href')).toBe(`/shop/${added.slug}`);

    await page.goto(`${server.url}/products/decorative-paints`, { waitUntil: 'load' });
    const all = page.getByRole('list', { name: 'All Decorative Paints products' });
    const link = cardIn(all, added.name).getByRole('link', { name: added.name, exact: true });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toBe(`/shop/${added.slug}`);

    const response = await page.goto(`${server.url}${href}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: added.name }).waitFor();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.locator('xpath=ancestor::astro-island[not(@ssr)]').first().waitFor({ state: 'attached' });
    await add.click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
  });

  it('once withdrawn, its page answers 404 and the cart drawer flags its line', async () => {
    await handle.db.updateTable('products').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', added.id).execute();

    const response = await page.goto(`${server.url}/shop/${added.slug}`, { waitUntil: 'load' });
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: /Under Construction/i }).first().waitFor();

    await page.goto(`${server.url}/about`, { waitUntil: 'load' });
    await cartButton(page).click();
    const line = cartDrawer(page).getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').filter({ hasText: added.name });
    await line.getByText('No longer available. Remove it to continue to checkout.').waitFor();
    expectNoBrowserErrors(tracked.errors, 'the live products journey');
  });
});
