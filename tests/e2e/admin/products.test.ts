// Staff manage products in the back office (issue #12): the Products view and its add/edit dialog,
// at a phone and a desktop width. A product manager adds a product with an uploaded image after the
// dialog refused the empty form with the exact required-fields alert, finds it by searching its SKU,
// changes its price, and deletes it through the confirmation; axe checks the view, the dialog and the
// confirmation. At 1440 px a shopper in another browser finds the new product in /shop, on its brand
// page and at /shop/<slug>, adds it to the cart, sees the new price in the drawer, and meets a 404
// once it is deleted. Keyboard: Escape closes the dialog and focus returns to 'Add product'. With
// ADMIN_SHOTS_DIR set, PNGs of the grid and the dialog are saved for a person to look at.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES } from '../../../src/lib/schemas/admin-catalog';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { hasFocus } from '../../helpers/wait';
import { cartButton, cartDrawer } from '../shop/shop-helpers';
import { JOURNEY_TIMEOUT_MS, shoot, signInStaff, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** A small real PNG (a swatch of paint), as a file chosen in the picker. */
let swatch: { name: string; mimeType: string; buffer: Buffer };
beforeAll(async () => {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#3b5e7a' } }).png().toBuffer();
  swatch = { name: 'harbour-grey.png', mimeType: 'image/png', buffer };
});

/** The products grid. */
function grid(page: Page): Locator {
  return page.getByRole('list', { name: 'Products', exact: true });
}

/** A product's card in the grid, by its name. */
function card(page: Page, name: string): Locator {
  return grid(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Opens the Products view in a signed-in page and waits for its first page of products. */
async function openProducts(page: Page, search = ''): Promise<void> {
  await page.goto(server.at(`/admin/dashboard/products${search}`), { waitUntil: 'domcontentloaded' });
  await waitForIsland(page.getByRole('main'));
  await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
}

/** Fills the add/edit dialog's required text fields and lists, as staff type them. */
async function fillProduct(dialog: Locator, product: { name: string; sku: string; price: string }): Promise<void> {
  await dialog.getByLabel(/^Name/).fill(product.name);
  await dialog.getByLabel(/^SKU/).fill(product.sku);
  await dialog.getByLabel(/^Description/).fill('A hard-wearing enamel for garage and workshop floors, tinted Harbour Grey.');
  await dialog.getByLabel(/^Brand/).selectOption('Rustoleum');
  await dialog.getByLabel(/^Category/).selectOption('Rustoleum');
  await dialog.getByLabel(/^Finish/).selectOption('Gloss');
  await dialog.getByLabel(/^Price/).fill(product.price);
  await dialog.getByLabel(/^Stock quantity/).fill('24');
  await dialog.getByLabel(/^Coverage/).fill('350-400 sq ft per gallon');
  await dialog.getByLabel(/^Usage instructions/).fill('Stir well. Two coats, four hours apart.');
  await dialog.getByLabel(/^Rating/).fill('4.6');
  await dialog.getByLabel(/^Reviews/).fill('12');
  const feature = dialog.getByRole('textbox', { name: 'New feature' });
  await feature.fill('  Low odour  ');
  await feature.press('Enter');
  await feature.fill('   ');
  await feature.press('Enter');
  await dialog.getByRole('list', { name: 'Features' }).getByText('Low odour', { exact: true }).waitFor();
  await dialog.getByRole('textbox', { name: 'Spec name' }).fill('Dry to touch');
  await dialog.getByRole('button', { name: 'Add spec' }).click();
  await dialog.getByText(ADMIN_CATALOG_MESSAGES.technicalSpec).waitFor();
  await dialog.getByRole('textbox', { name: 'Spec value' }).fill('30');
  await dialog.getByRole('textbox', { name: 'Spec unit (optional)' }).fill('min');
  await dialog.getByRole('button', { name: 'Add spec' }).click();
  await dialog.getByRole('cell', { name: 'Dry to touch', exact: true }).waitFor();
  await dialog.getByRole('checkbox', { name: 'New' }).check();
}

describe.each(VIEWPORT_WIDTHS)('staff manage products at %i px', (width) => {
  const name = `Harbour Grey Floor Enamel ${width}`;
  const sku = `HGF-${width}-${randomUUID().slice(0, 6).toUpperCase()}`;
  let page: Page;

  it(
    'see the grid with stat cards, then add a product with an uploaded image after the empty form is refused',
    async () => {
      page = await pages.keep({ width, reducedMotion: 'reduce' });
      await signInStaff(page, server, SUPER_ADMIN);
      await openProducts(page);
      await grid(page).getByRole('listitem').first().waitFor();
      await expect.poll(() => page.getByRole('term').filter({ hasText: 'Total products' }).locator('xpath=following-sibling::dd').textContent()).toMatch(/^\d[\d,]*$/);
      await shoot(page, `products-grid-${width}`);
      await expectAccessible(page, `the products grid at ${width} px`);

      const add = page.getByRole('button', { name: 'Add product' });
      await add.click();
      const dialog = page.getByRole('dialog', { name: 'Add product' });
      await dialog.waitFor();
      await expect.poll(() => hasFocus(dialog.getByLabel(/^Name/))).toBe(true);
      // Escape closes it and gives focus back to the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => hasFocus(add)).toBe(true);

      await add.click();
      await dialog.getByRole('button', { name: 'Add product' }).click();
      await dialog.getByRole('alert').getByText(ADMIN_CATALOG_MESSAGES.requiredFields, { exact: true }).waitFor();
      await expect.poll(() => dialog.getByLabel(/^SKU/).getAttribute('aria-invalid')).toBe('true');
      await shoot(page, `product-dialog-${width}`);
      await expectAccessible(page, `the add product dialog refusing an empty form at ${width} px`);

      await fillProduct(dialog, { name, sku, price: '49.99' });
      await expect.poll(() => dialog.getByLabel(/^Web address/).inputValue()).toBe(`harbour-grey-floor-enamel-${width}`);
      await dialog.getByLabel('Upload image').setInputFiles(swatch);
      const preview = dialog.getByRole('img', { name: 'Main image preview' });
      await preview.waitFor();
      expect(await preview.getAttribute('src')).toMatch(/^\/media\//);
      await shoot(page, `product-dialog-filled-${width}`);
      await dialog.getByRole('button', { name: 'Add product' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(ADMIN_CATALOG_MESSAGES.created).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  // A shopper, in a browser of their own, meets what staff did without a rebuild (at one width: the
  // storefront's own suites cover both).
  let shopper: Page;
  const slug = `harbour-grey-floor-enamel-${width}`;

  it.runIf(width === 1440)(
    'a shopper finds it in /shop and on its brand page, opens its own page and adds it to the cart',
    async () => {
      shopper = await pages.keep({ width, reducedMotion: 'reduce', allowErrors: [new RegExp(`status of 404 .*/shop/${slug}$`)] });
      await shopper.goto(server.at('/shop?view=products'), { waitUntil: 'load' });
      // The list draws 48 cards at a time; a shopper looking for one product searches for it, once
      // the list is there (typing before the island is live would be wiped by its hydration).
      await shopper.getByText(/^\d+ professional products available$/).waitFor();
      await shopper.getByRole('searchbox', { name: 'Search products' }).fill(name);
      const inShop = shopper.getByRole('list', { name: /: products$/ }).getByRole('link', { name, exact: true });
      await inShop.waitFor();
      expect(await inShop.getAttribute('href')).toBe(`/shop/${slug}`);

      await shopper.goto(server.at('/vendors/rustoleum'), { waitUntil: 'load' });
      const onBrandPage = shopper.getByRole('list', { name: 'All Rust-Oleum products' }).getByRole('link', { name, exact: true });
      await onBrandPage.waitFor();

      const response = await shopper.goto(server.at(`/shop/${slug}`), { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      await shopper.getByRole('heading', { level: 1, name }).waitFor();
      // The uploaded image, served from the media store in its sizes.
      const image = shopper.getByRole('main').locator('img[src^="/media/"]').first();
      expect(await image.getAttribute('srcset')).toMatch(/\/media\/\S+ \d+w/);
      const add = shopper.getByRole('button', { name: 'Add to Cart' });
      await add.locator('xpath=ancestor::astro-island[not(@ssr)]').first().waitFor({ state: 'attached' });
      await add.click();
      await shopper.getByRole('banner').getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'find it by searching its SKU (the search follows into the URL) and change its price',
    async () => {
      await page.getByRole('searchbox', { name: 'Search products' }).fill(sku.toLowerCase());
      await page.waitForURL((url) => url.searchParams.get('q') === sku.toLowerCase());
      const found = card(page, name);
      await found.waitFor();
      await expect.poll(() => grid(page).getByRole('heading', { level: 3 }).count()).toBe(1);
      await found.getByText('$49.99').waitFor();

      await found.getByRole('button', { name: `Edit ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
      await dialog.waitFor();
      expect(await dialog.getByLabel(/^Price/).inputValue()).toBe('49.99');
      await dialog.getByLabel(/^Price/).fill('39.5');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText(ADMIN_CATALOG_MESSAGES.updated).waitFor();
      await card(page, name).getByText('$39.50').waitFor();

      // The search survives a reload: it is the URL's.
      await openProducts(page, `?q=${encodeURIComponent(sku.toLowerCase())}`);
      await card(page, name).getByText('$39.50').waitFor();
      expect(await page.getByRole('searchbox', { name: 'Search products' }).inputValue()).toBe(sku.toLowerCase());
    },
    JOURNEY_TIMEOUT_MS,
  );

  it.runIf(width === 1440)(
    "the shopper's cart drawer shows the new price at the next page",
    async () => {
      await shopper.goto(server.at('/about'), { waitUntil: 'load' });
      await cartButton(shopper).click();
      const line = cartDrawer(shopper).getByRole('list', { name: 'Items in your cart' }).getByRole('listitem').filter({ hasText: name });
      await line.getByText('$39.50').first().waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'delete it after confirming, and the search then finds nothing',
    async () => {
      await card(page, name).getByRole('button', { name: `Delete ${name}` }).click();
      const confirm = page.getByRole('alertdialog', { name: ADMIN_CATALOG_MESSAGES.confirmDelete });
      await confirm.waitFor();
      await expect.poll(() => hasFocus(confirm.getByRole('button', { name: 'Cancel' }))).toBe(true);
      await shoot(page, `product-delete-${width}`);
      await expectAccessible(page, `the delete confirmation at ${width} px`);
      await confirm.getByRole('button', { name: 'Delete product' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByText(ADMIN_CATALOG_MESSAGES.deleted).waitFor();
      await page.getByText('No products found').waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it.runIf(width === 1440)(
    'its page then answers 404 for the shopper, with the not-found page',
    async () => {
      const response = await shopper.goto(server.at(`/shop/${slug}`), { waitUntil: 'load' });
      expect(response?.status()).toBe(404);
      await shopper.getByRole('heading', { level: 1 }).first().waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('staff manage brands and categories', () => {
  /** The categories list, in order. */
  const list = (page: Page) => page.getByRole('list', { name: 'Categories and brands, in order' });
  /** The names in the list, top to bottom. */
  const names = async (page: Page) => (await list(page).getByRole('listitem').locator('p.font-semibold').allTextContents()).map((t) => t.trim());

  it(
    'see them by order, move one down with the keyboard, toggle featured, and are told why a used one cannot be deleted',
    async () => {
      const page = await pages.open({ width: 1440, reducedMotion: 'reduce', allowErrors: [/status of 409 \(Conflict\) @ .*\/api\/admin\/categories\//] });
      await signInStaff(page, server, SUPER_ADMIN);
      await openProducts(page, '?section=brands');
      await list(page).getByRole('listitem').first().waitFor();
      const before = await names(page);
      expect(before.slice(0, 4)).toEqual(['Diamond Collection', 'Kretus', 'GEMINI', 'Rustoleum']);
      await shoot(page, 'categories-1440');
      await expectAccessible(page, 'the brands and categories list');

      // Move the first one down with the keyboard alone: focus stays on its 'down' button.
      const down = list(page).getByRole('button', { name: `Move ${before[0]} down` });
      await down.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => names(page)).toEqual([before[1], before[0], ...before.slice(2)]);
      await page.getByRole('status').filter({ hasText: `${before[0]} moved to position 2` }).waitFor();
      await expect.poll(() => hasFocus(list(page).getByRole('button', { name: `Move ${before[0]} down` }))).toBe(true);

      const star = list(page).getByRole('button', { name: `Featured: ${before[4]}` });
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');

      await list(page).getByRole('button', { name: 'Delete Rustoleum' }).click();
      const confirm = page.getByRole('alertdialog', { name: ADMIN_CATALOG_MESSAGES.confirmDeleteCategory });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alert').filter({ hasText: ADMIN_CATALOG_MESSAGES.categoryInUse }).waitFor();
      expect(await names(page)).toContain('Rustoleum');
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe('two staff save the same product', () => {
  it(
    'the second is told someone else saved first, brings in their version keeping what they typed, and saves',
    async () => {
      const page = await pages.open({ width: 1440, reducedMotion: 'reduce', allowErrors: [/status of 4(09|22) \(.*\) @ .*\/api\/admin\/products\//] });
      await signInStaff(page, server, SUPER_ADMIN);

      // The other member of staff, over HTTP.
      const origin = server.at('');
      const login = await fetch(server.at('/api/admin/auth/login'), {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: SUPER_ADMIN.email, password: SUPER_ADMIN.password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
      const listed = await fetch(server.at('/api/admin/products?q=zinsser&page=1'), { headers: { cookie } });
      const product = ((await listed.json()) as { products: (Record<string, unknown> & { id: string; name: string; sku: string; price: number; version: number })[] }).products[0]!;

      await openProducts(page, `?q=${encodeURIComponent(product.sku)}`);
      await card(page, product.name).getByRole('button', { name: `Edit ${product.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Edit ${product.name}` });
      await dialog.waitFor();
      const myPrice = (Math.round(product.price * 100) - 101) / 100;
      await dialog.getByLabel(/^Price/).fill(String(myPrice));

      // Meanwhile the other saves a stock take.
      const { id: _id, slug: _slug, brandLogo: _logo, inStock: _in, visual: _visual, createdAt: _c, updatedAt: _u, ...fields } = product;
      const saved = await fetch(server.at(`/api/admin/products/${encodeURIComponent(product.id)}`), {
        method: 'PUT',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ ...fields, originalPrice: fields.originalPrice ?? null, stockQuantity: 7 }),
      });
      expect(saved.status, await saved.clone().text()).toBe(200);

      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByRole('alert').getByText(ADMIN_CATALOG_MESSAGES.stale).waitFor();
      expect(await dialog.getByLabel(/^Price/).inputValue()).toBe(String(myPrice));
      await shoot(page, 'product-conflict-1440');
      await dialog.getByRole('button', { name: 'Load latest version, keep my changes' }).click();
      await dialog.getByRole('status').getByText(/Loaded the latest version/).waitFor();
      expect(await dialog.getByLabel(/^Stock quantity/).inputValue()).toBe('7');
      expect(await dialog.getByLabel(/^Price/).inputValue()).toBe(String(myPrice));
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.waitFor({ state: 'detached' });
      const mine = card(page, product.name);
      await mine.getByText(`$${myPrice.toFixed(2)}`).waitFor();
      await mine.getByText('In stock · 7').waitFor();

      // The server's 422 lands on its field: another product's SKU.
      await mine.getByRole('button', { name: `Edit ${product.name}` }).click();
      await dialog.waitFor();
      await dialog.getByLabel(/^SKU/).fill('DC-HER-MAT-1G');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => dialog.getByLabel(/^SKU/).getAttribute('aria-invalid')).toBe('true');
      const described = await dialog.getByLabel(/^SKU/).getAttribute('aria-describedby');
      expect(await page.locator(`[id="${described}"]`).textContent()).toBe(ADMIN_CATALOG_MESSAGES.skuTaken);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
    },
    JOURNEY_TIMEOUT_MS,
  );
});
