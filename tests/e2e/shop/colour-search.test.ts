// A shopper searches the shop for a colour by its RAL code or name, sees every paint that can be
// tinted to it (each card says so), and follows one to its page with that colour already chosen.
import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, queryCatalog } from '../../../src/lib/catalog/query';
import { DEFAULT_SORT, PRODUCT_LIST_PAGE_SIZE } from '../../../src/lib/constants';
import { urlOf } from '../../helpers/base-url';
import { usePagePerTest } from '../../helpers/page-per-test';
import { listedNames, productList, readCatalogue, resultLine, searchBox, waitForShop } from './shop-helpers';

const catalogue = readCatalogue();
const pages = usePagePerTest();

describe('searching the shop for a colour', () => {
  it.each([1440, 375])('at %i px finds the tintable paints for RAL 7016 and opens one in that colour', async (width) => {
    const page = await pages.open({ width });
    await page.goto(urlOf('/shop'), { waitUntil: 'load' });
    await waitForShop(page);
    await searchBox(page).fill('ral 7016');
    const expected = queryCatalog(catalogue, { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, search: 'RAL 7016' });
    const tintable = catalogue.filter((p) => p.tintable);
    expect(tintable.length).toBeGreaterThan(0);
    expect(expected.filter((p) => p.tintable)).toHaveLength(tintable.length);
    await resultLine(page).filter({ hasText: `${expected.length} results for ral 7016` }).waitFor();
    expect(await listedNames(page)).toEqual(expected.slice(0, PRODUCT_LIST_PAGE_SIZE).map((p) => p.name));

    const lines = productList(page).getByRole('link', { name: 'Tintable to RAL 7016 Anthracite Grey' });
    expect(await lines.count()).toBe(expected.slice(0, PRODUCT_LIST_PAGE_SIZE).filter((p) => p.tintable).length);
    const first = expected.find((p) => p.tintable)!;
    await lines.first().click();
    await page.waitForURL((url) => url.pathname === `/shop/${first.slug}` && url.searchParams.get('colour') === 'RAL 7016');
    await page.getByRole('region', { name: 'Colour' }).getByText('Anthracite Grey').waitFor();
  });
});
