// Shared steps of the shop journeys: the catalogue as the content files hold it, opening a page
// with console errors tracked, and the controls a shopper reaches for, found by role and label.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Product } from '../../../src/lib/schemas/catalog';
import { PRODUCT_FILES } from '../../../src/server/catalog/content-files';
import { urlOf } from '../../helpers/base-url';
import { newPage, type NewPageOptions, type TrackedPage } from '../../helpers/browser';

/** Every product in catalogue order, read from content/products the way the build does. */
export function readCatalogue(): Product[] {
  return PRODUCT_FILES.flatMap(
    (file) => JSON.parse(readFileSync(join(process.cwd(), 'content', 'products', file), 'utf8')) as Product[],
  );
}

/** Opens a path in a fresh context; `tracked.errors` collects console and page errors. */
export async function openPage(browser: Browser, path: string, options: NewPageOptions): Promise<TrackedPage> {
  const tracked = await newPage(browser, options);
  await tracked.page.goto(urlOf(path), { waitUntil: 'load' });
  return tracked;
}

/** Waits until the shop island has hydrated and read the URL. */
export async function waitForShop(page: Page): Promise<void> {
  await page.locator('[data-shop-ready="true"]').waitFor({ state: 'attached' });
}

/** The shop's search box. */
export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search products' });
}

/** The result line of the products view ('N professional products available' / 'N results for q'). */
export function resultLine(page: Page): Locator {
  return page.getByText(/^\d+ (professional products? available|results? for .+)$/);
}

/** The product list of the products view. */
export function productList(page: Page): Locator {
  return page.getByRole('list', { name: /: products$/ });
}

/** The names of the products listed, in order (once the cards past the first screenful are drawn too). */
export async function listedNames(page: Page): Promise<string[]> {
  await page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
  return productList(page).getByRole('article').getByRole('heading').allTextContents();
}

/** The header's cart button (its name starts with 'Cart' and may carry the count). */
export function cartButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^cart\b/i }).filter({ visible: true }).first();
}

/** The cart drawer. */
export function cartDrawer(page: Page): Locator {
  return page.getByRole('dialog', { name: /Shopping cart/ });
}

/** Parses '$1,234.56' into a number of dollars. */
export function parseDollars(text: string): number {
  return Number(text.replace(/[^0-9.]/g, ''));
}

/** Waits until an input shows the expected value (the drawer re-renders after the store changes). */
export async function waitForValue(input: Locator, expected: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await input.inputValue();
    if (last === expected) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Expected ${input} to read '${expected}', last read '${last}'.`);
}
