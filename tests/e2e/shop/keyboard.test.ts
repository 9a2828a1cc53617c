// The same path with the keyboard only: the hero carousel on the arrow keys, search, a filter,
// the detail modal, Add to Cart, and the cart drawer, with focus kept and returned at each step.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { launchBrowser, type TrackedPage } from '../../helpers/browser';
import { hasFocus, waitForCondition } from '../../helpers/wait';
import { cartButton, cartDrawer, openPage, productList, readCatalogue, searchBox, waitForShop, waitForValue } from './shop-helpers';

const MAX_TABS = 80;
const respirator = readCatalogue().find((p) => canAddToCart(p) && /respirator/i.test(p.name));

let browser: Browser;
let tracked: TrackedPage | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  const errors = tracked?.errors ?? [];
  await tracked?.close();
  expect(errors.join('\n'), 'console errors').toBe('');
});
afterAll(async () => {
  await browser?.close();
});

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after MAX_TABS presses. */
async function tabTo(page: Page, target: Locator, backwards = false): Promise<void> {
  for (let i = 0; i < MAX_TABS; i += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await hasFocus(target)) return;
  }
  throw new Error(`Could not reach ${target} with the keyboard in ${MAX_TABS} presses.`);
}

it('shops from search to cart with the keyboard alone', async () => {
  expect(respirator, 'a respirator that can be added to the cart').toBeDefined();
  const product = respirator!;
  tracked = await openPage(browser, '/shop', { width: 1440 });
  const page = tracked.page;
  await waitForShop(page);

  // The arrow keys move the hero carousel while nothing else has focus.
  await page.keyboard.press('ArrowRight');
  await waitForCondition(page, 'the carousel to show image 2', () =>
    document.querySelector('[aria-label^="Show image 2"]')?.getAttribute('aria-current') === 'true',
  );

  await tabTo(page, searchBox(page));
  await page.keyboard.type('respirator');
  await page.getByText(/results? for respirator$/).waitFor();

  await tabTo(page, page.getByLabel('In stock only'));
  await page.keyboard.press('Space');
  await waitForCondition(page, 'the stock filter in the URL', () => new URL(location.href).searchParams.get('stock') === '1');

  const link = productList(page).getByRole('link', { name: product.name });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: product.name });
  await dialog.waitFor();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await tabTo(page, dialog.getByRole('button', { name: /Add to Cart/ }));
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: /^Added/ }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  expect(await hasFocus(link)).toBe(true);

  await tabTo(page, cartButton(page), true);
  await page.keyboard.press('Enter');
  const drawer = cartDrawer(page);
  await drawer.waitFor();
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await tabTo(page, drawer.getByRole('button', { name: `Increase quantity of ${product.name}` }));
  await page.keyboard.press('Enter');
  await waitForValue(drawer.getByLabel(`Quantity of ${product.name}`, { exact: true }), '2');
  // Tabbing on from the last control wraps inside the drawer.
  for (let i = 0; i < 12; i += 1) await page.keyboard.press('Tab');
  expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  expect(await hasFocus(cartButton(page))).toBe(true);
});
