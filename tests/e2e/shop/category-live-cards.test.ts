// Category and vendor pages never download the whole catalogue (issue #15): at load, after
// scrolling and through every 'Show more' they ask for their own category's cards alone
// (GET /api/catalog/cards?category=<slug>), and from that answer follow the server: products staff
// added after the build join the All grid a page at a time, in catalogue order, after the page's
// own. The products are added in the real database of a server this file starts on its own
// scratch file, through the project's repository functions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectCategoryProducts } from '../../../src/lib/catalog/featured';
import { PRODUCT_LIST_PAGE_SIZE } from '../../../src/lib/constants';
import type { Product } from '../../../src/lib/schemas/catalog';
import { insertProducts, selectNextPosition } from '../../../src/server/catalog/catalog.repository';
import { productToColumns } from '../../../src/server/catalog/catalog.rows';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/connection';
import { expectNoBrowserErrors, launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { startBuiltServer, type RunningServer } from '../../helpers/server';
import { readCatalogue } from './shop-helpers';

const catalogue = readCatalogue();
const decorative = selectCategoryProducts(catalogue, 'Decorative Paints');
/** Enough products added after the build that the All grid needs two 'Show more'. */
const ADDED = PRODUCT_LIST_PAGE_SIZE * 2 + 5 - decorative.length;
const added: Product[] = Array.from({ length: ADDED }, (_, i) => ({
  ...decorative.find((p) => !p.isPopular)!,
  id: `live-cat-e2e-${i}`,
  slug: `live-cat-e2e-${i}`,
  sku: `LIVE-CAT-E2E-${i}`,
  name: `Live Category Test Paint ${String(i).padStart(3, '0')}`,
  isPopular: false,
}));

let scratch: string;
let server: RunningServer;
let handle: DatabaseHandle;
let browser: Browser;
const opened: TrackedPage[] = [];

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'graphene-category-cards-'));
  server = await startBuiltServer({
    env: { DATABASE_URL: `file:${join(scratch, 'shop.db')}`, MEDIA_DIR: join(scratch, 'media'), MAIL_DIR: join(scratch, 'mail') },
  });
  handle = openDatabase({ kind: 'sqlite', file: join(scratch, 'shop.db') });
  const stamp = new Date().toISOString();
  let position = await selectNextPosition(handle.db, 'decorative-eco.json');
  await insertProducts(
    handle.db,
    added.map((p) => ({ ...productToColumns(p), source_file: 'decorative-eco.json', position: position++, version: 1, created_at: stamp, updated_at: stamp })),
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(opened.map((t) => t.close()));
  await browser?.close();
  await handle?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens a path, noting the catalogue requests the page makes (path and query). */
async function open(path: string, width: number): Promise<{ tracked: TrackedPage; page: Page; api: string[] }> {
  const tracked = await newPage(browser, { width });
  opened.push(tracked);
  const api: string[] = [];
  tracked.page.on('request', (r) => {
    const url = new URL(r.url());
    // The catalogue's requests (other API calls, a session check say, are not this test's business).
    if (url.pathname.startsWith('/api/catalog') || url.pathname.startsWith('/api/products')) api.push(`${url.pathname}${url.search}`);
  });
  await tracked.page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  return { tracked, page: tracked.page, api };
}

describe('category pages read their own category', () => {
  it("/products/decorative-paints asks for its category's cards alone, at load and through every 'Show more', and lists the products added after the build", async () => {
    const { tracked, page, api } = await open('/products/decorative-paints', 1440);
    const all = page.getByRole('list', { name: 'All Decorative Paints products' });
    const total = decorative.length + ADDED;
    // The count follows the live cards, then the button that draws the rest.
    await page.getByText(`${total} products`, { exact: true }).waitFor();
    expect(api).toEqual(['/api/catalog/cards?category=decorative-paints']);
    const more = page.getByRole('button', { name: /^Show \d+ more products$/ });
    // The button loads with its own code once the category holds more than a page.
    await more.waitFor();
    for (let clicks = 0; (await more.count()) > 0; clicks += 1) {
      expect(clicks).toBeLessThan(3);
      await more.scrollIntoViewIfNeeded();
      await more.click();
    }
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => all.getByRole('article').count()).toBe(total);
    const names = await all.getByRole('article').getByRole('heading').allTextContents();
    expect(names).toEqual([...decorative, ...added].map((p) => p.name));
    expect(api).toEqual(['/api/catalog/cards?category=decorative-paints']);
    expectNoBrowserErrors(tracked.errors, 'the decorative paints page');
  });

  it('/vendors/rustoleum at 375 px asks for its own cards alone, never the whole catalogue', async () => {
    const { tracked, page, api } = await open('/vendors/rustoleum', 375);
    const all = page.getByRole('list', { name: 'All Rust-Oleum products' });
    await all.locator('xpath=ancestor::astro-island[not(@ssr)]').waitFor({ state: 'attached' });
    await expect.poll(() => api.length).toBe(1);
    await page.mouse.wheel(0, 20_000);
    await all.getByRole('article').last().scrollIntoViewIfNeeded();
    expect(await all.getByRole('article').count()).toBe(selectCategoryProducts(catalogue, 'Rustoleum').length);
    expect(api).toEqual(['/api/catalog/cards?category=rustoleum']);
    expectNoBrowserErrors(tracked.errors, 'the Rust-Oleum page');
  });
});
