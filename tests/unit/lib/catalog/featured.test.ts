import { describe, expect, it } from 'vitest';
import { selectCategoryProducts, selectFeatured, selectShopFeatured, sortByCatalogueOrder } from '../../../../src/lib/catalog/featured';
import { CATEGORY_FEATURED_MAX } from '../../../../src/lib/constants';

/** A minimal product: what the selectors read, plus an id to compare. */
function product(id: string, isPopular: boolean, category = 'Rustoleum') {
  return { id, isPopular, category };
}

const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('selectFeatured', () => {
  it('keeps only popular products, in catalogue order', () => {
    const list = [product('a', false), product('b', true), product('c', false), product('d', true)];
    expect(ids(selectFeatured(list))).toEqual(['b', 'd']);
  });

  it('stops at CATEGORY_FEATURED_MAX (6) by default, keeping the first ones', () => {
    expect(CATEGORY_FEATURED_MAX).toBe(6);
    const list = Array.from({ length: 9 }, (_, i) => product(`p${i}`, true));
    expect(ids(selectFeatured(list))).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5']);
  });

  it('honours a smaller maximum and returns fewer when fewer are popular', () => {
    const list = [product('a', true), product('b', true), product('c', true)];
    expect(ids(selectFeatured(list, 2))).toEqual(['a', 'b']);
    expect(ids(selectFeatured([product('x', true)], 6))).toEqual(['x']);
  });

  it('returns nothing for an empty category or when nothing is popular', () => {
    expect(selectFeatured([])).toEqual([]);
    expect(selectFeatured([product('a', false)])).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const list = [product('a', true), product('b', false)];
    const copy = structuredClone(list);
    selectFeatured(list, 1);
    expect(list).toEqual(copy);
  });

  it('refuses a negative or fractional maximum', () => {
    expect(() => selectFeatured([], -1)).toThrow(RangeError);
    expect(() => selectFeatured([], 1.5)).toThrow(RangeError);
  });
});

describe('selectCategoryProducts', () => {
  it('keeps the products whose category equals the page category exactly, in order', () => {
    const list = [
      product('a', false, 'Zinsser'),
      product('b', true, 'Rustoleum'),
      product('c', false, 'Zinsser'),
      product('d', false, 'zinsser'),
    ];
    expect(ids(selectCategoryProducts(list, 'Zinsser'))).toEqual(['a', 'c']);
  });

  it('returns an empty list for a category without products', () => {
    expect(selectCategoryProducts([product('a', true, 'Zinsser')], 'Devoe Coatings')).toEqual([]);
  });
});

describe('sortByCatalogueOrder', () => {
  it('restores the order of the product lists, whatever order the store returned', () => {
    const fromStore = [product('p1', false), product('p10', true), product('p2', false)];
    expect(ids(sortByCatalogueOrder(fromStore, ['p2', 'p1', 'p10']))).toEqual(['p2', 'p1', 'p10']);
  });

  it('puts products missing from the order last, keeping their relative order', () => {
    const list = [product('x', false), product('b', false), product('y', false), product('a', false)];
    expect(ids(sortByCatalogueOrder(list, ['a', 'b']))).toEqual(['a', 'b', 'x', 'y']);
  });
});

describe('selectShopFeatured', () => {
  const withPrice = (id: string, price: number) => ({ id, price });

  it('keeps the build-time selection in place, each product in its live version', () => {
    const buildTime = [withPrice('a', 1), withPrice('b', 2), withPrice('c', 3)];
    const live = [withPrice('c', 3), withPrice('a', 9), withPrice('b', 2), withPrice('d', 4)];
    const featured = selectShopFeatured(buildTime, live, 3);
    expect(featured).toEqual([withPrice('a', 9), withPrice('b', 2), withPrice('c', 3)]);
  });

  it('leaves out removed products and fills the gap from the live list in its order', () => {
    const buildTime = [withPrice('a', 1), withPrice('b', 2), withPrice('c', 3)];
    const live = [withPrice('a', 1), withPrice('c', 3), withPrice('x', 5), withPrice('y', 6)];
    expect(ids(selectShopFeatured(buildTime, live, 3))).toEqual(['a', 'c', 'x']);
  });

  it('never shows more than the count, nor a product twice', () => {
    const buildTime = [withPrice('a', 1), withPrice('b', 2)];
    const live = [withPrice('b', 2), withPrice('a', 1), withPrice('z', 3)];
    expect(ids(selectShopFeatured(buildTime, live, 1))).toEqual(['a']);
    expect(ids(selectShopFeatured(buildTime, live, 5))).toEqual(['a', 'b', 'z']);
  });
});
