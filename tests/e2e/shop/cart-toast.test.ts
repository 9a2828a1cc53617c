// A shopper adds paint and the shop says so (issue 24, item 5): from a card, the product's page and
// the detail modal, a notice names what was added and how many, offers the cart, is announced to
// screen readers, and follows the spec's §9 notification settings (3 visible, 4,000 ms, 356 px).
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { launchBrowser, type TrackedPage } from '../../helpers/browser';
import { cartDrawer, openPage, productList, readCatalogue, searchBox, waitForShop } from './shop-helpers';

// Spec §9, notification-library toasts (sonner's defaults, which the toaster keeps).
const CART_TOAST_VISIBLE = 3;
const CART_TOAST_WIDTH_PX = 356;

const buyable = readCatalogue().filter(canAddToCart);
const [first, second] = [buyable[0]!, buyable[1]!];

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

async function visit(path: string, width: number): Promise<Page> {
  const tracked = await openPage(browser, path, { width });
  opened.push(tracked);
  return tracked.page;
}

/** The notices' live region. */
function notices(page: Page) {
  return page.getByRole('region', { name: /Cart notifications/ });
}

describe('adding to the cart says so', () => {
  it('from a card: names the product and quantity, is a polite live region, and opens the cart', async () => {
    const page = await visit('/shop', 1440);
    await waitForShop(page);
    await searchBox(page).fill(first.sku);
    await page.getByText(new RegExp(`^1 result for ${first.sku}$`)).waitFor();
    await productList(page).getByRole('button', { name: /Add to Cart/ }).click();

    const region = notices(page);
    await region.getByText('Added to your cart').waitFor();
    await region.getByText(`1 × ${first.name}`, { exact: true }).waitFor();
    expect(await region.getAttribute('aria-live')).toBe('polite');
    const box = await region.getByRole('listitem').first().boundingBox();
    expect(box?.width).toBeCloseTo(CART_TOAST_WIDTH_PX, 0);
    await page.screenshot({ path: '/tmp/paint-toast-1440.png' });

    await region.getByRole('button', { name: 'View cart' }).click();
    await cartDrawer(page).getByText(first.name, { exact: true }).waitFor();
    // The drawer now says what the notice said: it goes.
    await region.getByText('Added to your cart').waitFor({ state: 'detached' });
  });

  it('from the product page: counts what is already in the cart, and leaves after about 4 s', async () => {
    const page = await visit(`/shop/${first.slug}`, 375);
    const add = page.getByRole('button', { name: /Add to Cart/ });
    await add.click();
    await notices(page).getByText(`1 × ${first.name}`, { exact: true }).waitFor();
    await page.getByRole('button', { name: /^Add to Cart/ }).waitFor();
    await add.click();
    await notices(page).getByText(`1 × ${first.name} (2 in your cart)`, { exact: true }).waitFor();
    // Both notices in place (sonner marks each once its entry animation has started) before the picture.
    await expect.poll(() => page.locator('[data-sonner-toast][data-mounted="true"]').count()).toBe(2);
    await page.screenshot({ path: '/tmp/paint-toast-375.png', animations: 'disabled' });
    // The floating cart button stays clickable under the notices.
    const floating = page.getByRole('button', { name: /^Cart/ }).filter({ visible: true }).last();
    expect(await floating.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('button') === el;
    })).toBe(true);
    const started = Date.now();
    await notices(page).getByText('Added to your cart').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThan(2_000);
  });

  it('from the detail modal, and never more than 3 notices at once', async () => {
    const page = await visit('/shop', 1440);
    await waitForShop(page);
    await searchBox(page).fill(second.sku);
    await page.getByText(new RegExp(`^1 result for ${second.sku}$`)).waitFor();
    await productList(page).getByRole('link', { name: second.name }).click();
    const dialog = page.getByRole('dialog', { name: second.name });
    const add = dialog.getByRole('button', { name: /Add to Cart/ });
    for (let i = 1; i <= 5; i++) {
      await add.click();
      await notices(page).getByText(i === 1 ? `1 × ${second.name}` : `1 × ${second.name} (${i} in your cart)`, { exact: true }).waitFor({ state: 'attached' });
      await dialog.getByRole('button', { name: /^Add to Cart/ }).waitFor();
    }
    const visible = await page.locator('[data-sonner-toast][data-visible="true"]').count();
    expect(visible).toBeLessThanOrEqual(CART_TOAST_VISIBLE);
    expect(visible).toBeGreaterThan(0);
  });
});
