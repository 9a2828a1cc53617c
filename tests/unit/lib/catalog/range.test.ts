import { describe, expect, it } from 'vitest';
import {
  isInRange,
  rateRangeFit,
  selectRangeProducts,
  type RangeCandidate,
} from '../../../../src/lib/catalog/range';

/** A product as the range pages read it; everything not given is neutral. */
function product(slug: string, over: Partial<RangeCandidate> = {}): RangeCandidate {
  return {
    slug,
    name: slug,
    brand: 'Diamond Collection',
    category: 'Diamond Collection',
    features: [],
    price: 10,
    requestQuoteOnly: false,
    isPopular: false,
    inStock: true,
    ...over,
  };
}

const slugs = (list: readonly RangeCandidate[]) => list.map((p) => p.slug);

describe('rateRangeFit', () => {
  it('organic: Eco-Friendly Paints only', () => {
    expect(rateRangeFit(product('a', { category: 'Eco-Friendly Paints' }), 'organic')).toBe(2);
    expect(rateRangeFit(product('b', { name: 'Organic Wall Paint', features: ['Zero VOC'] }), 'organic')).toBe(0);
  });

  it('traditional: Decorative Paints only', () => {
    expect(rateRangeFit(product('a', { category: 'Decorative Paints' }), 'traditional')).toBe(2);
    expect(rateRangeFit(product('b', { category: 'Eco-Friendly Paints' }), 'traditional')).toBe(0);
  });

  it('industrial: the industrial categories, or a Devoe or International brand', () => {
    for (const category of ['Industrial Solutions', 'Devoe Coatings', 'International Paints'] as const) {
      expect(rateRangeFit(product(category, { category }), 'industrial')).toBe(2);
    }
    expect(rateRangeFit(product('a', { brand: 'Devoe High Performance' }), 'industrial')).toBe(2);
    expect(rateRangeFit(product('b', { brand: 'International Protective' }), 'industrial')).toBe(2);
    expect(rateRangeFit(product('c', { brand: 'Interstate' }), 'industrial')).toBe(0);
    expect(rateRangeFit(product('d', { category: 'Rustoleum', brand: 'Rust-Oleum' }), 'industrial')).toBe(0);
  });

  it('wood: GEMINI by category or brand', () => {
    expect(rateRangeFit(product('a', { category: 'GEMINI', brand: 'Other' }), 'wood')).toBe(2);
    expect(rateRangeFit(product('b', { brand: 'Gemini Coatings' }), 'wood')).toBe(2);
  });

  it('wood: a name with a whole wood word, unless it is a primer', () => {
    expect(rateRangeFit(product('a', { name: 'Exterior Wood Stain' }), 'wood')).toBe(2);
    expect(rateRangeFit(product('b', { name: 'Deck Oil' }), 'wood')).toBe(2);
    expect(rateRangeFit(product('c', { name: 'Clear Varnishes Set' }), 'wood')).toBe(2);
    expect(rateRangeFit(product('d', { name: 'Cover Stain Primer' }), 'wood')).toBe(0);
  });

  it("wood: not for words that only contain one ('stainless', 'woodland') or for 'stain-blocking'", () => {
    expect(rateRangeFit(product('a', { name: 'Stainless Steel Enamel' }), 'wood')).toBe(0);
    expect(rateRangeFit(product('b', { name: 'Woodland Green Wall Paint' }), 'wood')).toBe(0);
    expect(rateRangeFit(product('c', { name: 'Stain-blocking Sealer' }), 'wood')).toBe(0);
  });

  it('wood: 1 when only a feature line mentions wood', () => {
    expect(rateRangeFit(product('a', { name: 'Bonding Primer', features: ['Bonds to wood, metal and tile'] }), 'wood')).toBe(1);
    expect(rateRangeFit(product('b', { name: 'Wall Paint', features: ['Washable', 'Low odour'] }), 'wood')).toBe(0);
  });
});

describe('isInRange', () => {
  it('is true for a close or a loose fit and false otherwise', () => {
    expect(isInRange(product('a', { name: 'Teak Wood Oil' }), 'wood')).toBe(true);
    expect(isInRange(product('b', { features: ['Sands smooth on wood'] }), 'wood')).toBe(true);
    expect(isInRange(product('c'), 'wood')).toBe(false);
  });
});

describe('selectRangeProducts', () => {
  const eco = (slug: string, over: Partial<RangeCandidate> = {}) =>
    product(slug, { category: 'Eco-Friendly Paints', brand: 'AFM Safecoat', ...over });

  it('keeps only the products of the range', () => {
    const list = [eco('a'), product('b'), eco('c'), product('d', { category: 'Decorative Paints' })];
    expect(slugs(selectRangeProducts(list, 'organic'))).toEqual(['a', 'c']);
  });

  it('puts popular before the rest, then in stock before out of stock, then catalogue order', () => {
    const list = [
      eco('plain-out', { inStock: false }),
      eco('plain-in'),
      eco('popular-out', { isPopular: true, inStock: false }),
      eco('popular-in', { isPopular: true }),
    ];
    expect(slugs(selectRangeProducts(list, 'organic'))).toEqual(['popular-in', 'popular-out', 'plain-in', 'plain-out']);
  });

  it('takes brands in turn so one maker does not fill the strip', () => {
    const list = [
      eco('afm-1'),
      eco('afm-2'),
      eco('afm-3'),
      eco('eco-1', { brand: 'ECOS' }),
      eco('eco-2', { brand: 'ECOS' }),
      eco('ben-1', { brand: 'Benjamin Moore' }),
    ];
    expect(slugs(selectRangeProducts(list, 'organic'))).toEqual(['afm-1', 'eco-1', 'ben-1', 'afm-2', 'eco-2', 'afm-3']);
  });

  it('lists close fits before products that only mention the range in a feature', () => {
    const list = [
      product('primer', { name: 'Bonding Primer', features: ['Bonds to wood'], isPopular: true }),
      product('oil', { name: 'Teak Wood Oil' }),
      product('gemini', { category: 'GEMINI', brand: 'GEMINI' }),
    ];
    expect(slugs(selectRangeProducts(list, 'wood'))).toEqual(['oil', 'gemini', 'primer']);
  });

  it('stops at 8 by default and at a given limit', () => {
    const list = Array.from({ length: 12 }, (_, i) => eco(`p${i}`));
    expect(slugs(selectRangeProducts(list, 'organic'))).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(slugs(selectRangeProducts(list, 'organic', 3))).toEqual(['p0', 'p1', 'p2']);
    expect(selectRangeProducts(list, 'organic', 0)).toEqual([]);
  });

  it('stops mid-round when the limit falls between brands', () => {
    const list = [eco('afm-1'), eco('afm-2'), eco('eco-1', { brand: 'ECOS' }), eco('eco-2', { brand: 'ECOS' })];
    expect(slugs(selectRangeProducts(list, 'organic', 3))).toEqual(['afm-1', 'eco-1', 'afm-2']);
  });

  it('returns the given product objects and leaves the list unchanged', () => {
    const list = [eco('b'), eco('a', { isPopular: true })];
    const copy = structuredClone(list);
    const picked = selectRangeProducts(list, 'organic');
    expect(picked[0]).toBe(list[1]);
    expect(list).toEqual(copy);
  });

  it('gives nothing when no product belongs to the range', () => {
    expect(selectRangeProducts([product('a'), product('b')], 'traditional')).toEqual([]);
  });
});
