// Category and vendor pages use the shop's cards (issue #3 item 6): a plain click on a card opens
// the product modal, Add to Cart works from the card and from the modal, and the card still links
// to /shop/<slug> for middle-clicks and crawlers.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { selectCategoryProducts, selectFeatured } from '../../../src/lib/catalog/featured';
import { launchBrowser, type TrackedPage } from '../../helpers/browser';
import { openPage, readCatalogue } from './shop-helpers';

const catalogue = readCatalogue();

let browser: Browser;
const opened: TrackedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  const errors = opened.flatMap((t) => t.errors);
  await Promise.all(opened.splice(0).map((t) => t.close()));
  expect(errors.join('\n'), 'console errors').toBe('');
});
afterAll(async () => {
  await browser?.close();
});

/** Opens a page at a width and waits for its product grids to hydrate. */
async function open(path: string, width: number): Promise<Page> {
  const tracked = await openPage(browser, path, { width });
  opened.push(tracked);
  // Astro drops the island's `ssr` mark once it has hydrated.
  await tracked.page.getByRole('list', { name: /products$/ }).first().locator('xpath=ancestor::astro-island[not(@ssr)]').waitFor({ state: 'attached' });
  return tracked.page;
}

/** A card of a list, found by the product's name. */
function cardIn(page: Page, list: Locator, name: string): Locator {
  return list.getByRole('article').filter({ has: page.getByRole('link', { name, exact: true }) });
}

describe.each([
  { path: '/products/decorative-paints', category: 'Decorative Paints', width: 1440 },
  { path: '/vendors/rustoleum', category: 'Rustoleum', width: 375 },
])('$path at $width px', ({ path, category, width }) => {
  const products = selectCategoryProducts(catalogue, category);
  const product = products.find(canAddToCart)!;

  it('keeps the Featured and All grids with every product of the page', async () => {
    const page = await open(path, width);
    const featured = selectFeatured(products);
    if (featured.length > 0) {
      const names = await page.getByRole('list', { name: /^Featured / }).getByRole('article').getByRole('heading').allTextContents();
      expect(names).toEqual(featured.map((p) => p.name));
    }
    const all = await page.getByRole('list', { name: /^All / }).getByRole('article').getByRole('heading').allTextContents();
    expect(all).toEqual(products.map((p) => p.name));
  });

  it('opens the product modal on a plain click, links to the product page, and adds to the cart', async () => {
    const page = await open(path, width);
    const all = page.getByRole('list', { name: /^All / });
    const link = cardIn(page, all, product.name).getByRole('link', { name: product.name, exact: true });
    expect(await link.getAttribute('href')).toBe(`/shop/${product.slug}`);

    await link.click();
    const dialog = page.getByRole('dialog', { name: product.name });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
    await dialog.getByText(product.sku, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    await dialog.getByRole('button', { name: 'Close product details' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await cardIn(page, all, product.name).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Cart, 2 items' }).waitFor();
  });
});
