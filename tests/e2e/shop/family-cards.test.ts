// A shopper lists the shop with 'Group sizes' on: each paint family is one card, 'from' its
// cheapest size in stock with its sizes, while the count line still counts products (spec §2.7).
import { describe, expect, it } from 'vitest';
import { groupFamilies } from '../../../src/lib/catalog/families';
import { selectCategoryProducts } from '../../../src/lib/catalog/featured';
import { DEFAULT_FILTERS, queryCatalog } from '../../../src/lib/catalog/query';
import { formatPrice } from '../../../src/lib/format';
import { DEFAULT_SORT, PRODUCT_LIST_PAGE_SIZE } from '../../../src/lib/constants';
import { urlOf } from '../../helpers/base-url';
import { usePagePerTest } from '../../helpers/page-per-test';
import { listedNames, productList, readCatalogue, resultLine, waitForShop } from './shop-helpers';

const catalogue = readCatalogue();
const pages = usePagePerTest();

describe("the shop's 'Group sizes'", () => {
  it.each([1440, 375])('at %i px shows one card per family and keeps counting products', async (width) => {
    const page = await pages.open({ width });
    await page.goto(urlOf('/shop?view=products&category=Diamond+Collection'), { waitUntil: 'load' });
    await waitForShop(page);
    const filters = { ...DEFAULT_FILTERS, category: 'Diamond Collection' };
    const products = queryCatalog(catalogue, { filters, sort: DEFAULT_SORT, search: '' });
    const cards = groupFamilies(products, DEFAULT_SORT);
    expect(cards.length).toBeLessThan(products.length);
    await resultLine(page).filter({ hasText: `${products.length} professional products available` }).waitFor();

    await page.getByRole('checkbox', { name: 'Group sizes' }).check();
    await page.waitForURL((url) => url.searchParams.get('group') === '1');
    await page.waitForFunction((n) => document.querySelectorAll('ul[aria-label$=": products"] > li').length === n, Math.min(cards.length, PRODUCT_LIST_PAGE_SIZE));
    expect(await listedNames(page)).toEqual(cards.slice(0, PRODUCT_LIST_PAGE_SIZE).map((p) => p.name));
    expect(await resultLine(page).textContent()).toBe(`${products.length} professional products available`);

    const family = cards.find((p) => p.familySizes)!;
    const card = productList(page).getByRole('article').filter({ has: page.getByRole('heading', { name: family.name, exact: true }) });
    await card.getByText(family.familySizes!.join(' · ')).waitFor();
    await card.getByText('from', { exact: true }).waitFor();
    await card.getByText(formatPrice(family.price), { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: family.name }).getAttribute('href')).toBe(`/shop/${family.slug}`);

    await page.reload();
    await waitForShop(page);
    expect(await page.getByRole('checkbox', { name: 'Group sizes' }).isChecked()).toBe(true);
    expect(await listedNames(page)).toEqual(cards.slice(0, PRODUCT_LIST_PAGE_SIZE).map((p) => p.name));
  });
});

describe("a vendor page's 'Group sizes'", () => {
  it.each([1440, 375])('at %i px folds the All grid into one card per family and keeps counting products', async (width) => {
    const page = await pages.open({ width });
    await page.goto(urlOf('/vendors/diamond-collection'), { waitUntil: 'load' });
    const all = page.getByRole('list', { name: 'Diamond Collection products', exact: true });
    // The grids hydrate when visible.
    await all.scrollIntoViewIfNeeded();
    await all.locator('xpath=ancestor::astro-island[not(@ssr)]').waitFor({ state: 'attached' });
    const products = selectCategoryProducts(catalogue, 'Diamond Collection');
    const cards = groupFamilies(products, DEFAULT_SORT);
    expect(cards.length).toBeLessThan(products.length);
    const section = page.getByRole('region', { name: 'All Diamond Collection products' });
    await section.getByText(`${products.length} products`, { exact: true }).waitFor();

    await section.getByRole('checkbox', { name: 'Group sizes' }).check();
    await page.waitForFunction((n) => document.querySelectorAll('ul[aria-label="Diamond Collection products"] > li').length === n, Math.min(cards.length, PRODUCT_LIST_PAGE_SIZE));
    expect(await all.getByRole('article').getByRole('heading').allTextContents()).toEqual(cards.slice(0, PRODUCT_LIST_PAGE_SIZE).map((p) => p.name));
    expect(await section.getByText(`${products.length} products`, { exact: true }).count()).toBe(1);
    const family = cards.find((p) => p.familySizes)!;
    await all.getByRole('article').filter({ has: page.getByRole('heading', { name: family.name, exact: true }) }).getByText(family.familySizes!.join(' · ')).waitFor();
  });
});
