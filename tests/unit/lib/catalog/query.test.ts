import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  countFacet,
  countToggle,
  formatPriceRange,
  formatPriceStop,
  isSprayingSystemProduct,
  matchesFilters,
  queryCatalog,
  queryWithFacets,
  searchTerms,
  searchedColour,
  sortProducts,
  type CatalogQuery,
  type QueryableProduct,
} from '../../../../src/lib/catalog/query';
import { SPRAYING_SYSTEM_PRODUCT_NAMES } from '../../../../src/lib/catalog/spraying';

function product(over: Partial<QueryableProduct> & { id: string }): QueryableProduct {
  return {
    name: `Product ${over.id}`,
    description: 'A durable coating.',
    category: 'Diamond Collection',
    brand: 'Diamond Collection',
    sku: `SKU-${over.id}`,
    features: [],
    finish: 'Satin',
    price: 50,
    isEcoFriendly: false,
    inStock: true,
    isNew: false,
    isPopular: false,
    rating: 4,
    ...over,
  };
}

const q = (over: Partial<CatalogQuery> = {}): CatalogQuery => ({
  filters: { ...DEFAULT_FILTERS, ...(over.filters ?? {}) },
  sort: over.sort ?? 'popular',
  search: over.search ?? '',
});

const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('filters', () => {
  const a = product({ id: 'a', category: 'Rustoleum', brand: 'Rustoleum', finish: 'Gloss', price: 10 });
  const b = product({ id: 'b', category: 'Zinsser', brand: 'Zinsser', finish: 'Matt', price: 300, isEcoFriendly: true });
  const c = product({ id: 'c', price: 300.01, inStock: false });
  const all = [a, b, c];

  it('keeps everything with the default filters: the slider top means $300 and above', () => {
    expect(ids(queryCatalog(all, q()))).toEqual(['a', 'b', 'c']);
  });
  it('bounds the price above once the maximum is below the slider top', () => {
    const f = { ...DEFAULT_FILTERS, priceRange: { min: 0, max: 295 } };
    expect(ids(queryCatalog(all, q({ filters: f })))).toEqual(['a']);
  });
  it('matches the category exactly', () => {
    expect(ids(queryCatalog(all, q({ filters: { ...DEFAULT_FILTERS, category: 'Zinsser' } })))).toEqual(['b']);
    expect(queryCatalog(all, q({ filters: { ...DEFAULT_FILTERS, category: 'zinsser' } }))).toEqual([]);
  });
  it('matches the brand exactly', () => {
    expect(ids(queryCatalog(all, q({ filters: { ...DEFAULT_FILTERS, brand: 'Rustoleum' } })))).toEqual(['a']);
  });
  it('matches the finish exactly', () => {
    expect(ids(queryCatalog(all, q({ filters: { ...DEFAULT_FILTERS, finish: 'Matt' } })))).toEqual(['b']);
  });
  it('includes both ends of the price range', () => {
    const f = { ...DEFAULT_FILTERS, priceRange: { min: 10, max: 299.99 } };
    expect(ids(queryCatalog([a, product({ id: 'd', price: 299.99 }), b], q({ filters: f })))).toEqual(['a', 'd']);
    const narrow = { ...DEFAULT_FILTERS, priceRange: { min: 10.01, max: 299.99 } };
    expect(queryCatalog(all, q({ filters: narrow }))).toEqual([]);
  });
  it('keeps only eco products when eco is on', () => {
    expect(ids(queryCatalog(all, q({ filters: { ...DEFAULT_FILTERS, ecoFriendly: true } })))).toEqual(['b']);
  });
  it('keeps only products in stock when in stock is on', () => {
    const f = { ...DEFAULT_FILTERS, inStock: true };
    expect(ids(queryCatalog(all, q({ filters: f })))).toEqual(['a', 'b']);
  });
  it('keeps only the 17 named spraying-system products when spraying systems is on', () => {
    const gun = product({ id: 'gun', name: SPRAYING_SYSTEM_PRODUCT_NAMES[0] });
    const lookalike = product({ id: 'x', name: `${SPRAYING_SYSTEM_PRODUCT_NAMES[0]} Kit` });
    const f = { ...DEFAULT_FILTERS, sprayingSystem: true };
    expect(ids(queryCatalog([gun, lookalike, a], q({ filters: f })))).toEqual(['gun']);
    expect(SPRAYING_SYSTEM_PRODUCT_NAMES).toHaveLength(17);
    expect(SPRAYING_SYSTEM_PRODUCT_NAMES.every((name) => isSprayingSystemProduct({ name }))).toBe(true);
  });
  it('combines filters with AND', () => {
    const f = { ...DEFAULT_FILTERS, category: 'Zinsser', finish: 'Gloss' };
    expect(matchesFilters(b, f)).toBe(false);
  });
});

describe('price range label', () => {
  it("reads the slider's top stop as '$300+', since it has no upper bound", () => {
    expect(formatPriceStop(300)).toBe('$300+');
    expect(formatPriceStop(295)).toBe('$295');
    expect(formatPriceStop(0)).toBe('$0');
  });
  it("reads the default range as '$0 – $300+', not '$0 – $300'", () => {
    expect(formatPriceRange(DEFAULT_FILTERS.priceRange)).toBe('$0 – $300+');
  });
  it('reads a bounded range with both ends', () => {
    expect(formatPriceRange({ min: 20, max: 120 })).toBe('$20 – $120');
    expect(formatPriceRange({ min: 150, max: 300 })).toBe('$150 – $300+');
  });
  it("reads a range squeezed onto the top stop as '$300+'", () => {
    expect(formatPriceRange({ min: 300, max: 300 })).toBe('$300+');
  });
});

describe('search', () => {
  const gun = product({
    id: 'gun',
    name: 'Airless Spray Gun',
    sku: 'DC-GUN-3600',
    features: ['Reversible tip', 'Crème finish ready'],
    description: 'Fast coverage.',
  });
  const paint = product({ id: 'paint', name: 'Interior Eggshell', category: 'Decorative Paints', brand: 'Valspar' });
  const all = [gun, paint];
  const find = (search: string) => ids(queryCatalog(all, q({ search })));

  it('matches a substring of the name, ignoring case', () => expect(find('SPRAY')).toEqual(['gun']));
  it('matches the description', () => expect(find('fast cov')).toEqual(['gun']));
  it('matches the category', () => expect(find('decorative')).toEqual(['paint']));
  it('matches the brand', () => expect(find('valspar')).toEqual(['paint']));
  it('matches the SKU', () => expect(find('dc-gun')).toEqual(['gun']));
  it('matches any feature', () => expect(find('reversible')).toEqual(['gun']));
  it('ignores diacritics both ways', () => {
    expect(find('creme')).toEqual(['gun']);
    expect(find('spráy')).toEqual(['gun']);
  });
  it('requires every word to match', () => {
    expect(find('airless tip')).toEqual(['gun']);
    expect(find('airless valspar')).toEqual([]);
  });
  it('treats blank search as no search', () => {
    expect(find('   ')).toEqual(['gun', 'paint']);
    expect(searchTerms('  a   b ')).toEqual(['a', 'b']);
  });
  it('does not match a word across two fields', () => {
    // name ends 'Gun', description starts 'Fast': 'gunfast' must not match.
    expect(find('gunfast')).toEqual([]);
  });
});

describe('search by colour', () => {
  const tintable = product({ id: 'tint', name: 'Interior Matt 1 gal', tintable: true });
  const plain = product({ id: 'plain', name: 'Floor Epoxy', tintable: false });
  const named = product({ id: 'named', name: 'Anthracite Grey Primer' });
  const all = [tintable, plain, named];
  const find = (search: string) => ids(queryCatalog(all, q({ search })));

  it.each(['RAL 7016', 'ral7016', '7016', 'RAL-7016', '  ral   7016 ', 'anthracite GRAY', 'RAL 7016 Anthracite Grey'])(
    "finds every tintable paint for '%s'",
    (search) => expect(find(search)).toEqual(['tint']),
  );
  it('still finds what the text finds', () => expect(find('Anthracite grey')).toEqual(['tint', 'named']));
  it('names the colour searched for, whatever the spelling', () => {
    expect(searchedColour(searchTerms('ral7016'))).toEqual({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: '#293133' });
    expect(searchedColour(searchTerms('Anthracite  gray'))?.code).toBe('RAL 7016');
  });
  it('finds no tintable paint for a partial code, an unknown code, or a code with another colour\'s name', () => {
    expect(find('701')).toEqual([]);
    expect(find('RAL 7099')).toEqual([]);
    expect(find('RAL 7016 Signal Yellow')).toEqual([]);
    expect(searchedColour(searchTerms('anthracite'))).toBeNull();
  });
  it('reports the colour with the results and counts the tintable matches', () => {
    const found = queryWithFacets(all, q({ search: 'RAL 7016' }));
    expect(ids(found.results)).toEqual(['tint']);
    expect(found.colour?.code).toBe('RAL 7016');
    expect(found.counts.category.get('Diamond Collection')).toBe(1);
    expect(queryWithFacets(all, q({ search: 'epoxy' })).colour).toBeNull();
  });
  it("finds the tintable paints once the code is whole, though the code's prefix did not (the remembered searches)", () => {
    expect(ids(queryWithFacets(all, q({ search: 'ral 701' })).results)).toEqual([]);
    expect(ids(queryWithFacets(all, q({ search: 'ral 7016' })).results)).toEqual(['tint']);
    expect(ids(queryWithFacets(all, q({ search: 'ral 7016x' })).results)).toEqual([]);
  });
});

describe('sorting', () => {
  const list = [
    product({ id: '1', price: 30, rating: 4.1 }),
    product({ id: '2', price: 10, isPopular: true, rating: 4.9 }),
    product({ id: '3', price: 20, isNew: true, rating: 3.8 }),
    product({ id: '4', price: 10, isPopular: true, isNew: true, rating: 4.9 }),
  ];
  it('popular puts popular products first, keeping catalogue order', () => {
    expect(ids(sortProducts(list, 'popular'))).toEqual(['2', '4', '1', '3']);
  });
  it('newest puts new products first', () => expect(ids(sortProducts(list, 'newest'))).toEqual(['3', '4', '1', '2']));
  it('price-low sorts ascending, ties stable', () => expect(ids(sortProducts(list, 'price-low'))).toEqual(['2', '4', '3', '1']));
  it('price-high sorts descending', () => expect(ids(sortProducts(list, 'price-high'))).toEqual(['1', '3', '2', '4']));
  it('rating sorts highest first', () => expect(ids(sortProducts(list, 'rating'))).toEqual(['2', '4', '1', '3']));
  it('does not change the input', () => {
    sortProducts(list, 'price-high');
    expect(ids(list)).toEqual(['1', '2', '3', '4']);
  });
});

describe('facet counts', () => {
  const all = [
    product({ id: 'a', category: 'Rustoleum', finish: 'Gloss' }),
    product({ id: 'b', category: 'Rustoleum', finish: 'Matt', isEcoFriendly: true }),
    product({ id: 'c', category: 'Zinsser', finish: 'Gloss', inStock: false }),
  ];
  it('counts each category under the other filters, ignoring the current category', () => {
    const query = q({ filters: { ...DEFAULT_FILTERS, category: 'Zinsser', finish: 'Gloss' } });
    expect(Object.fromEntries(countFacet(all, query, 'category'))).toEqual({ Rustoleum: 1, Zinsser: 1 });
  });
  it('counts finishes within the chosen category', () => {
    const query = q({ filters: { ...DEFAULT_FILTERS, category: 'Rustoleum' } });
    expect(Object.fromEntries(countFacet(all, query, 'finish'))).toEqual({ Gloss: 1, Matt: 1 });
  });
  it('counts what a toggle would leave', () => {
    expect(countToggle(all, q(), 'inStock')).toBe(2);
    expect(countToggle(all, q(), 'ecoFriendly')).toBe(1);
    expect(countToggle(all, q({ search: 'zzz' }), 'inStock')).toBe(0);
  });
});

describe('the list and every count in one pass', () => {
  // A seeded catalogue with every field varied, and queries typed and erased a key at a time.
  let seed = 15;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const words = ['epoxy', 'primer', 'grey', 'Crème', 'satin', 'gun', 'tip', 'floor', 'zinc'];
  const all = Array.from({ length: 400 }, (_, i) =>
    product({
      id: `p${i}`,
      name: i % 50 === 0 ? pick(SPRAYING_SYSTEM_PRODUCT_NAMES) : `${pick(words)} ${pick(words)} ${i}`,
      description: `${pick(words)} coating`,
      category: pick(['Rustoleum', 'Zinsser', 'Diamond Collection']),
      brand: pick(['Rustoleum', 'Zinsser', 'Diamond Collection', 'Graco']),
      finish: pick(['Gloss', 'Matt', 'Satin']),
      features: [pick(words)],
      price: Math.round(random() * 40000) / 100,
      isEcoFriendly: random() < 0.3,
      inStock: random() < 0.8,
      isNew: random() < 0.2,
      isPopular: random() < 0.2,
      rating: Math.round(random() * 50) / 10,
      tintable: random() < 0.2,
    }),
  );
  const expectSame = (query: CatalogQuery) => {
    const { results, counts } = queryWithFacets(all, query);
    expect(ids(results), JSON.stringify(query)).toEqual(ids(queryCatalog(all, query)));
    expect(counts.category).toEqual(countFacet(all, query, 'category'));
    expect(counts.brand).toEqual(countFacet(all, query, 'brand'));
    expect(counts.finish).toEqual(countFacet(all, query, 'finish'));
    expect(counts.eco).toBe(countToggle(all, query, 'ecoFriendly'));
    expect(counts.stock).toBe(countToggle(all, query, 'inStock'));
    expect(counts.spraying).toBe(countToggle(all, query, 'sprayingSystem'));
  };

  it('gives what queryCatalog, countFacet and countToggle give, for any filters and sort', () => {
    for (let i = 0; i < 200; i++) {
      expectSame(
        q({
          sort: pick(['popular', 'newest', 'price-low', 'price-high', 'rating'] as const),
          search: random() < 0.5 ? '' : pick(words).slice(0, 1 + Math.floor(random() * 4)),
          filters: {
            ...DEFAULT_FILTERS,
            category: random() < 0.5 ? '' : pick(['Rustoleum', 'Zinsser']),
            brand: random() < 0.7 ? '' : pick(['Graco', 'Zinsser']),
            finish: random() < 0.6 ? '' : pick(['Gloss', 'Matt']),
            priceRange: random() < 0.5 ? DEFAULT_FILTERS.priceRange : { min: 20, max: 120 },
            ecoFriendly: random() < 0.3,
            inStock: random() < 0.4,
            sprayingSystem: random() < 0.1,
          },
        }),
      );
    }
  });

  it('stays right while a search is typed and erased a key at a time (the remembered searches)', () => {
    for (const text of ['grey epoxy 1', 'crème  sat', 'zinc', 'ral 7016 anthracite grey']) {
      for (let n = 1; n <= text.length; n++) expectSame(q({ search: text.slice(0, n) }));
      for (let n = text.length - 1; n >= 0; n--) expectSame(q({ search: text.slice(0, n), filters: { ...DEFAULT_FILTERS, inStock: true } }));
    }
  });
});
