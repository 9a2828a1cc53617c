// A shopper looks at products and buys (spec §2.4, §2.5): opens the detail modal from a card,
// adds two products, changes quantities in the cart drawer, reloads and still has the cart, and
// empties it again. Also the product's own page and the performance overlay.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { canAddToCart } from '../../../src/lib/cart';
import { launchBrowser, type TrackedPage } from '../../helpers/browser';
import { hasFocus, isScrollLocked } from '../../helpers/wait';
import { cartButton, cartDrawer, openPage, parseDollars, productList, readCatalogue, searchBox, waitForShop, waitForValue } from './shop-helpers';

const catalogue = readCatalogue();
const buyable = catalogue.filter(canAddToCart);
const [first, second] = [buyable[0]!, buyable[1]!];
const outOfStock = catalogue.find((p) => !p.inStock && !p.requestQuoteOnly);
const quoteOnly = catalogue.find((p) => p.requestQuoteOnly);

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

/** Opens a shop URL at a width and waits for the island. */
async function shop(path: string, width = 1440): Promise<Page> {
  const tracked = await openPage(browser, path, { width });
  opened.push(tracked);
  await waitForShop(tracked.page);
  return tracked.page;
}

/** Shows one product's card in the products view by searching its SKU. */
async function findBySku(page: Page, sku: string): Promise<void> {
  await searchBox(page).fill(sku);
  await page.getByText(new RegExp(`^1 result for ${sku}$`)).waitFor();
}

describe('product detail modal', () => {
  it('opens from the card link, shows the product, closes on Escape and returns focus to the card', async () => {
    const page = await shop('/shop');
    await findBySku(page, first.sku);
    const link = productList(page).getByRole('link', { name: first.name });
    expect(await link.getAttribute('href')).toBe(`/shop/${first.slug}`);
    await link.click();

    const dialog = page.getByRole('dialog', { name: first.name });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(page.url()).not.toContain(`/shop/${first.slug}`);
    await dialog.getByText(first.sku, { exact: true }).waitFor();
    await dialog.getByText('Coverage | Finish').waitFor();
    await dialog.getByText(`${first.coverage} | ${first.finish}`).waitFor();
    if (first.technicalSpecs[0]) {
      await dialog.getByRole('rowheader', { name: first.technicalSpecs[0].name }).first().waitFor();
    }
    expect(await dialog.getByRole('link', { name: 'Download Specs' }).getAttribute('href')).toBe(`/api/products/${first.id}/spec-sheet.pdf`);
    expect(await isScrollLocked(page)).toBe(true);

    // Focus stays inside while tabbing around.
    for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await hasFocus(link)).toBe(true);
    expect(await isScrollLocked(page)).toBe(false);
  });

  it('disables Add to Cart as Out of Stock, and offers a quote form instead of a price for quote-only products', async () => {
    const page = await shop('/shop');
    if (outOfStock) {
      await findBySku(page, outOfStock.sku);
      await productList(page).getByRole('link', { name: outOfStock.name }).click();
      const dialog = page.getByRole('dialog', { name: outOfStock.name });
      const button = dialog.getByRole('button', { name: 'Out of Stock' });
      expect(await button.isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close product details' }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    if (quoteOnly) {
      await findBySku(page, quoteOnly.sku);
      await productList(page).getByRole('link', { name: quoteOnly.name }).click();
      const dialog = page.getByRole('dialog', { name: quoteOnly.name });
      expect(await dialog.getByRole('button', { name: /Add to Cart/ }).count()).toBe(0);
      const quote = dialog.getByRole('button', { name: 'Request Quote' });
      expect(await quote.getAttribute('aria-expanded')).toBe('false');
      await quote.click();
      await dialog.getByRole('form', { name: `Request a quote for ${quoteOnly.name}` }).waitFor();
    }
  });

  it('toggles the performance overlay with Ctrl+Shift+P', async () => {
    const page = await shop('/shop');
    await page.keyboard.press('Control+Shift+P');
    const overlay = page.getByRole('complementary', { name: 'Performance' });
    await overlay.waitFor();
    await overlay.getByText(String(catalogue.length), { exact: true }).waitFor();
    await findBySku(page, first.sku);
    await productList(page).getByRole('link', { name: first.name }).click();
    await page.getByRole('dialog', { name: first.name }).waitFor();
    expect(await overlay.getByText(/^\d+\.\d{2} ms$/).count()).toBe(2);
    await page.keyboard.press('Control+Shift+P');
    await overlay.waitFor({ state: 'detached' });
  });
});

describe('cart', () => {
  it('adds two products, changes quantities in the drawer, and keeps the cart across a reload', async () => {
    const page = await shop('/shop');
    await findBySku(page, first.sku);
    await productList(page).getByRole('link', { name: first.name }).click();
    const dialog = page.getByRole('dialog', { name: first.name });
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await dialog.getByRole('button', { name: /^Added/ }).waitFor();
    await page.keyboard.press('Escape');

    await findBySku(page, second.sku);
    await productList(page).getByRole('button', { name: /Add to Cart/ }).click();

    await cartButton(page).click();
    const drawer = cartDrawer(page);
    await drawer.waitFor();
    await drawer.getByText(first.name, { exact: true }).waitFor();
    await drawer.getByText(second.name, { exact: true }).waitFor();

    await drawer.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
    await drawer.getByRole('button', { name: `Increase quantity of ${first.name}` }).click();
    await waitForValue(drawer.getByLabel(`Quantity of ${first.name}`, { exact: true }), '3');
    await drawer.getByRole('button', { name: `Decrease quantity of ${first.name}` }).click();
    await waitForValue(drawer.getByLabel(`Quantity of ${first.name}`, { exact: true }), '2');
    const expectedCents = Math.round(first.price * 100) * 2 + Math.round(second.price * 100);
    const total = await drawer.locator('[data-cart-total]').textContent();
    expect(Math.round(parseDollars(total ?? '') * 100)).toBe(expectedCents);

    await drawer.getByRole('button', { name: 'Continue Shopping' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 3 items');

    await page.reload();
    await waitForShop(page);
    await cartButton(page).click();
    await cartDrawer(page).getByText(first.name, { exact: true }).waitFor();
    await waitForValue(cartDrawer(page).getByLabel(`Quantity of ${first.name}`, { exact: true }), '2');
    const checkout = cartDrawer(page).getByRole('link', { name: 'Proceed to Checkout' });
    expect(await checkout.getAttribute('href')).toBe('/checkout');

    // Decreasing to zero removes a line; Remove takes the other; the empty state shows.
    await cartDrawer(page).getByRole('button', { name: `Decrease quantity of ${second.name}` }).click();
    await cartDrawer(page).getByText(second.name, { exact: true }).waitFor({ state: 'detached' });
    await cartDrawer(page).getByRole('button', { name: `Remove ${first.name}` }).click();
    await cartDrawer(page).getByText('Your cart is empty').waitFor();
    await cartDrawer(page).getByText('Add some products to get started').waitFor();

    // Clicking outside the panel closes it and gives focus back to the cart button.
    await page.mouse.click(20, 450);
    await cartDrawer(page).waitFor({ state: 'hidden' });
    expect(await hasFocus(cartButton(page))).toBe(true);
  });

  it('opens the drawer on a page without the shop island', async () => {
    const tracked = await openPage(browser, '/about', { width: 375 });
    opened.push(tracked);
    const page = tracked.page;
    await page.getByRole('banner').getByRole('button', { name: /^cart\b/i }).filter({ visible: true }).first().click();
    const drawer = cartDrawer(page);
    await drawer.waitFor();
    await drawer.getByText('Your cart is empty').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });
});

describe('product page', () => {
  it('is pre-rendered with the detail content, Product JSON-LD and a working Add to Cart', async () => {
    const tracked = await openPage(browser, `/shop/${first.slug}`, { width: 1440 });
    opened.push(tracked);
    const page = tracked.page;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(first.name);
    await page.locator('#specs').waitFor({ state: 'attached' });
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(`/shop/${first.slug}`);
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const product = jsonLd.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d['@type'] === 'Product');
    expect(product).toBeDefined();
    expect(product!.sku).toBe(first.sku);
    expect(product!.offers).toMatchObject({ priceCurrency: 'USD', price: first.price.toFixed(2) });

    await page.getByRole('button', { name: /Add to Cart/ }).click();
    await page.getByRole('button', { name: /^Added/ }).waitFor();
    expect(await cartButton(page).getAttribute('aria-label')).toBe('Cart, 1 item');
  });
});
