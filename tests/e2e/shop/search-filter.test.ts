// A shopper finds products on /shop (spec §2.7, §5): searches, narrows by category and price,
// switches between list and grid, shares the filtered URL, and goes back through the history.
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryCatalog, DEFAULT_FILTERS } from '../../../src/lib/catalog/query';
import { DEFAULT_SORT, MOBILE_DEBOUNCE_MS, SHOP_FEATURED_COUNT } from '../../../src/lib/constants';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, type TrackedPage } from '../../helpers/browser';
import { listedNames, openPage, productList, readCatalogue, resultLine, searchBox, waitForShop } from './shop-helpers';

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

/** Opens a shop URL and waits for the island. */
async function shop(path: string, width = 1440) {
  const tracked = await openPage(browser, path, { width });
  opened.push(tracked);
  await waitForShop(tracked.page);
  return tracked.page;
}

describe('the shop at 1440 px', () => {
  it('starts on the categories view with the brands, their counts and the first 10 products as featured', async () => {
    const page = await shop('/shop');
    await page.getByRole('heading', { name: 'Shop by brand' }).waitFor();
    const diamondCount = catalogue.filter((p) => p.category === 'Diamond Collection').length;
    const tile = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Diamond Collection', exact: true }) });
    await tile.getByText(`${diamondCount} products`, { exact: true }).waitFor();
    const featured = page.getByRole('region', { name: 'Featured Products' });
    const names = await featured.getByRole('article').getByRole('heading').allTextContents();
    expect(names).toEqual(catalogue.slice(0, SHOP_FEATURED_COUNT).map((p) => p.name));
    expect(await page.getByText(String(catalogue.length), { exact: true }).count()).toBeGreaterThan(0);

    // Choosing a brand lists its products.
    await page.getByRole('button', { name: 'Zinsser', exact: true }).click();
    await page.getByRole('heading', { name: 'Zinsser', level: 2 }).waitFor();
    const zinsser = catalogue.filter((p) => p.category === 'Zinsser').length;
    expect(await resultLine(page).textContent()).toBe(`${zinsser} professional products available`);
  });

  it('finds a product by search, then narrows by category and price', async () => {
    const page = await shop('/shop');
    await searchBox(page).fill('respirator');
    const expected = queryCatalog(catalogue, { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, search: 'respirator' });
    expect(expected.length).toBeGreaterThan(0);
    await resultLine(page).filter({ hasText: `${expected.length} result` }).waitFor();
    expect(await resultLine(page).textContent()).toBe(
      `${expected.length} ${expected.length === 1 ? 'result' : 'results'} for respirator`,
    );
    expect(await listedNames(page)).toEqual(expected.map((p) => p.name));

    await searchBox(page).fill('');
    await page.getByLabel('Category').selectOption('Diamond Collection');
    await page.getByLabel('Maximum price').fill('100');
    const narrowed = queryCatalog(catalogue, {
      filters: { ...DEFAULT_FILTERS, category: 'Diamond Collection', priceRange: { min: 0, max: 100 } },
      sort: DEFAULT_SORT,
      search: '',
    });
    await resultLine(page).filter({ hasText: `${narrowed.length} professional` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Diamond Collection', level: 2 }).count()).toBe(1);
    expect(await listedNames(page)).toEqual(narrowed.map((p) => p.name));
    expect(narrowed.every((p) => p.price <= 100 && p.category === 'Diamond Collection')).toBe(true);
    expect(new URL(page.url()).search).toBe('?view=products&category=Diamond+Collection&max=100');
  });

  it('shows each category option with how many products it would leave', async () => {
    const page = await shop('/shop?view=products');
    const options = await page.getByLabel('Category').locator('option').allTextContents();
    expect(options).toHaveLength(12);
    expect(options[0]).toBe('All Categories');
    const zinsser = catalogue.filter((p) => p.category === 'Zinsser').length;
    expect(options).toContain(`Zinsser (${zinsser})`);
  });

  it('switches between list and grid, and forces the grid on a narrow screen', async () => {
    const page = await shop('/shop?view=products&category=Zinsser');
    const list = page.getByRole('button', { name: 'List view' });
    await list.click();
    expect(await list.getAttribute('aria-pressed')).toBe('true');
    expect(new URL(page.url()).searchParams.get('layout')).toBe('list');
    const first = catalogue.find((p) => p.category === 'Zinsser')!;
    const card = productList(page).getByRole('article').first();
    // List cards show the first three features; grid cards two plus '+N more'.
    for (const feature of first.features.slice(0, 3)) await card.getByText(feature, { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Grid view' }).click();
    expect(new URL(page.url()).searchParams.get('layout')).toBeNull();
    if (first.features.length > 2) {
      await card.getByText(`+${first.features.length - 2} more`).waitFor();
      expect(await card.getByText(first.features[2]!, { exact: true }).count()).toBe(0);
    }

    await list.click();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('layout'), undefined, {
      timeout: MOBILE_DEBOUNCE_MS + 3000,
    });
    expect(await list.isVisible()).toBe(false);
  });

  it('opens the spraying-systems view from the URL the home page links to', async () => {
    const page = await shop('/shop?view=products&category=Diamond+Collection&spraying=1');
    await page.getByRole('heading', { name: 'Spraying Systems', level: 2 }).waitFor();
    const spraying = queryCatalog(catalogue, {
      filters: { ...DEFAULT_FILTERS, category: 'Diamond Collection', sprayingSystem: true },
      sort: DEFAULT_SORT,
      search: '',
    });
    expect(spraying).toHaveLength(17);
    expect(await resultLine(page).textContent()).toBe('17 professional products available');
    await page.getByText('Ready to Ship').waitFor();

    await page.getByRole('button', { name: 'Back to Categories' }).click();
    await page.getByRole('heading', { name: 'Shop by brand' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('says so when nothing matches', async () => {
    const page = await shop('/shop');
    await searchBox(page).fill('zzqx unobtainium');
    await page.getByRole('heading', { name: 'No products found' }).waitFor();
    await page.getByText('Try adjusting your filters or search terms to find the perfect paint for your project.').waitFor();
    expect(await page.getByText('Ready to Ship').count()).toBe(0);
    await page.getByRole('button', { name: 'Reset filters and search' }).click();
    await resultLine(page).filter({ hasText: `${catalogue.length} professional products available` }).waitFor();
  });

  it('shares a filtered URL: a new visitor sees the same results, and Back restores the earlier view', async () => {
    const page = await shop('/shop');
    await page.getByRole('button', { name: 'View All Products' }).click();
    await page.getByLabel('Sort by').selectOption('price-low');
    await page.getByLabel('Finish').selectOption('Gloss');
    await page.getByLabel('In stock only').check();
    await searchBox(page).fill('enamel');
    await resultLine(page).filter({ hasText: 'for enamel' }).waitFor();
    const shared = page.url();
    const names = await listedNames(page);
    expect(names.length).toBeGreaterThan(0);

    const other = await openPage(browser, new URL(shared).pathname + new URL(shared).search, { width: 1440 });
    opened.push(other);
    await waitForShop(other.page);
    await resultLine(other.page).filter({ hasText: 'for enamel' }).waitFor();
    expect(await listedNames(other.page)).toEqual(names);
    expect(await other.page.getByLabel('Sort by').inputValue()).toBe('price-low');

    // The search was typed into the last entry; each earlier choice has its own.
    await page.goBack();
    await page.getByLabel('In stock only').waitFor();
    expect(await page.getByLabel('In stock only').isChecked()).toBe(false);
    expect(await page.getByLabel('Finish').inputValue()).toBe('Gloss');
    expect(await searchBox(page).inputValue()).toBe('');
    await page.goBack();
    expect(await page.getByLabel('Finish').inputValue()).toBe('');
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-low');
    // Reloading keeps whatever the address bar says.
    await page.reload();
    await waitForShop(page);
    expect(await page.getByLabel('Sort by').inputValue()).toBe('price-low');
    expect(page.url()).toBe(urlOf('/shop?view=products&sort=price-low'));
  });

  it('ignores nonsense in the URL', async () => {
    const page = await shop('/shop?view=products&category=Nope&min=200&max=10&sort=cheapest');
    await resultLine(page).filter({ hasText: `${catalogue.length} professional` }).waitFor();
    expect(new URL(page.url()).search).toBe('?view=products');
  });
});
