import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SHOP_URL_STATE,
  SEARCH_MAX_LENGTH,
  formatShopQuery,
  parseShopQuery,
  type ShopUrlState,
} from '../../../../src/lib/catalog/url';
import { DEFAULT_FILTERS } from '../../../../src/lib/catalog/query';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '../../../../src/lib/constants';

const everything: ShopUrlState = {
  view: 'products',
  filters: {
    category: 'Diamond Collection',
    brand: 'Diamond Collection',
    finish: 'Semi-Gloss',
    priceRange: { min: 25, max: 150 },
    ecoFriendly: true,
    inStock: true,
    sprayingSystem: true,
  },
  sort: 'price-high',
  search: 'airless tip & guard',
  layout: 'list',
};

describe('formatShopQuery', () => {
  it('writes nothing for a bare /shop', () => {
    expect(formatShopQuery(DEFAULT_SHOP_URL_STATE)).toBe('');
  });

  it('writes the spraying-systems view the home page links to', () => {
    const state: ShopUrlState = {
      ...DEFAULT_SHOP_URL_STATE,
      view: 'products',
      filters: { ...DEFAULT_FILTERS, category: 'Diamond Collection', sprayingSystem: true },
    };
    expect(formatShopQuery(state)).toBe('?view=products&category=Diamond+Collection&spraying=1');
  });

  it('writes only what differs from the defaults, in a fixed order', () => {
    const state: ShopUrlState = {
      ...DEFAULT_SHOP_URL_STATE,
      sort: 'rating',
      filters: { ...DEFAULT_FILTERS, priceRange: { min: PRICE_SLIDER_MIN, max: 100 } },
    };
    expect(formatShopQuery(state)).toBe('?sort=rating&max=100');
  });
});

describe('parseShopQuery', () => {
  it('round-trips every field', () => {
    expect(parseShopQuery(formatShopQuery(everything))).toEqual(everything);
  });

  it("round-trips 'Group sizes' as group=1, and leaves it out when off", () => {
    const grouped: ShopUrlState = { ...DEFAULT_SHOP_URL_STATE, view: 'products', group: true };
    expect(formatShopQuery(grouped)).toBe('?view=products&group=1');
    expect(parseShopQuery('?view=products&group=1')).toEqual(grouped);
    expect(parseShopQuery('?view=products&group=yes')).toEqual({ ...grouped, group: undefined });
    expect(formatShopQuery({ ...grouped, group: false })).toBe('?view=products');
  });

  it('round-trips the default state', () => {
    expect(parseShopQuery(formatShopQuery(DEFAULT_SHOP_URL_STATE))).toEqual(DEFAULT_SHOP_URL_STATE);
  });

  it('reads the URL the home page and /spray-equipment link to', () => {
    const state = parseShopQuery('?view=products&category=Diamond+Collection&spraying=1');
    expect(state.view).toBe('products');
    expect(state.filters.category).toBe('Diamond Collection');
    expect(state.filters.sprayingSystem).toBe(true);
    expect(state.filters.ecoFriendly).toBe(false);
  });

  it('accepts URLSearchParams and a query without the leading ?', () => {
    expect(parseShopQuery(new URLSearchParams('view=products&q=primer')).search).toBe('primer');
    expect(parseShopQuery('view=products').view).toBe('products');
  });

  it('accepts a brand category that is not a filter option (the brand grid sets it)', () => {
    expect(parseShopQuery('?category=Krud+Kutter').filters.category).toBe('Krud Kutter');
  });

  it('ignores an unknown category, finish, sort, view and layout', () => {
    const state = parseShopQuery('?category=Paint+Thinner&finish=Shiny&sort=cheapest&view=table&layout=cards');
    expect(state).toEqual(DEFAULT_SHOP_URL_STATE);
  });

  it('ignores a brand the catalogue does not have when brands are known', () => {
    expect(parseShopQuery('?brand=Acme', { brands: ['Zinsser'] }).filters.brand).toBe('');
    expect(parseShopQuery('?brand=Zinsser', { brands: ['Zinsser'] }).filters.brand).toBe('Zinsser');
  });

  it('ignores both price bounds when min is above max', () => {
    const { priceRange } = parseShopQuery('?min=200&max=50').filters;
    expect(priceRange).toEqual({ min: PRICE_SLIDER_MIN, max: PRICE_SLIDER_MAX });
  });

  it('keeps equal bounds (the range is inclusive)', () => {
    expect(parseShopQuery('?min=40&max=40').filters.priceRange).toEqual({ min: 40, max: 40 });
  });

  it('ignores non-numeric and out-of-range prices but keeps a valid other bound', () => {
    expect(parseShopQuery('?min=abc&max=120').filters.priceRange).toEqual({ min: PRICE_SLIDER_MIN, max: 120 });
    expect(parseShopQuery('?min=30&max=').filters.priceRange).toEqual({ min: 30, max: PRICE_SLIDER_MAX });
    expect(parseShopQuery('?min=-5&max=9999').filters.priceRange).toEqual({
      min: PRICE_SLIDER_MIN,
      max: PRICE_SLIDER_MAX,
    });
    expect(parseShopQuery('?min=Infinity&max=NaN').filters.priceRange).toEqual({
      min: PRICE_SLIDER_MIN,
      max: PRICE_SLIDER_MAX,
    });
  });

  it("switches flags on only with '1' or 'true'", () => {
    expect(parseShopQuery('?eco=1&stock=true&spraying=yes').filters).toMatchObject({
      ecoFriendly: true,
      inStock: true,
      sprayingSystem: false,
    });
  });

  it('cuts an over-long search', () => {
    expect(parseShopQuery(`?q=${'a'.repeat(500)}`).search).toHaveLength(SEARCH_MAX_LENGTH);
  });
});
