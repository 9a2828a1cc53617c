import { describe, expect, it } from 'vitest';
import type { CatalogCard } from '../../../../src/lib/catalog/card';
import { DEFAULT_FILTERS, queryWithFacets, type CatalogQuery } from '../../../../src/lib/catalog/query';
import { catalogResultsKey, countsFromJson, countsToJson } from '../../../../src/lib/catalog/results';
import { parseShopQuery } from '../../../../src/lib/catalog/url';

/** A card with what the query reads. */
function card(id: string, overrides: Partial<CatalogCard> = {}): CatalogCard {
  return {
    id,
    slug: id,
    name: `Product ${id}`,
    sku: id.toUpperCase(),
    price: 20,
    description: 'A coating.',
    category: 'Diamond Collection',
    brand: 'Diamond Collection',
    image: `/media/${id}.webp`,
    inStock: true,
    isEcoFriendly: false,
    isNew: false,
    isPopular: false,
    requestQuoteOnly: false,
    rating: 4,
    reviews: 1,
    features: [],
    certifications: [],
    finish: 'Matt',
    ...overrides,
  } as CatalogCard;
}

const cards = [
  card('a'),
  card('b', { brand: 'Rustoleum', category: 'Rustoleum', isEcoFriendly: true }),
  card('c', { finish: 'Gloss', inStock: false }),
  card('d', { brand: '3M', category: 'Decorative Paints', isEcoFriendly: true }),
];

describe('countsToJson / countsFromJson', () => {
  it('give back the counts queryWithFacets found, through JSON', () => {
    for (const search of ['', 'product', 'nothing matches']) {
      const query: CatalogQuery = { filters: { ...DEFAULT_FILTERS, ecoFriendly: true }, sort: 'price-low', search };
      const { counts } = queryWithFacets(cards, query);
      const json = JSON.parse(JSON.stringify(countsToJson(counts)));
      expect(countsFromJson(json)).toEqual(counts);
    }
  });

  it('write each Map as a plain object of value to count', () => {
    const { counts } = queryWithFacets(cards, { filters: DEFAULT_FILTERS, sort: 'popular', search: '' });
    expect(countsToJson(counts)).toEqual({
      category: { 'Diamond Collection': 2, Rustoleum: 1, 'Decorative Paints': 1 },
      brand: { 'Diamond Collection': 2, Rustoleum: 1, '3M': 1 },
      finish: { Matt: 3, Gloss: 1 },
      eco: 2,
      stock: 3,
      spraying: 0,
    });
  });
});

describe('catalogResultsKey', () => {
  it('writes the query as the shop URL does, without view, layout or the leading ?', () => {
    const state = parseShopQuery('?q=epoxy&view=products&layout=list&category=Decorative%20Paints&sort=rating');
    expect(catalogResultsKey(state)).toBe('category=Decorative+Paints&q=epoxy&sort=rating');
    expect(catalogResultsKey(parseShopQuery('?view=products&layout=list'))).toBe('');
  });
});
