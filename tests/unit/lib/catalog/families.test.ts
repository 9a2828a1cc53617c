import { describe, expect, it } from 'vitest';
import { groupFamilies, type GroupableCard } from '../../../../src/lib/catalog/families';
import { DEFAULT_FILTERS, queryCatalog, type QueryableProduct } from '../../../../src/lib/catalog/query';

type Card = GroupableCard & { name: string };
const card = (id: string, over: Partial<Card> = {}): Card => ({ id, name: id, price: 10, inStock: true, ...over });
const gal = (value: number) => ({ value, unit: 'gal' as const });

describe('groupFamilies', () => {
  const a1 = card('a1', { family: 'a', packSize: gal(1), price: 30 });
  const a5 = card('a5', { family: 'a', packSize: gal(5), price: 120 });
  const plain = card('plain', { price: 50 });
  const b1 = card('b1', { family: 'b', packSize: { value: 1, unit: 'L' }, price: 20 });

  it('folds a family into one card where its first member was, with its sizes cheapest first; other products stay as they are', () => {
    const listed = groupFamilies([a5, plain, a1, b1], 'popular');
    expect(listed.map((c) => c.id)).toEqual(['a1', 'plain', 'b1']);
    expect(listed[0]).toEqual({ ...a1, familySizes: ['1 gal', '5 gal'] });
    expect(listed[1]).toBe(plain);
    expect(listed[2]).toBe(b1);
  });

  it('shows the cheapest member in stock, else the cheapest', () => {
    const cheapGone = { ...a1, inStock: false };
    expect(groupFamilies([cheapGone, a5], 'popular')[0]).toMatchObject({ id: 'a5', price: 120, familySizes: ['1 gal', '5 gal'] });
    expect(groupFamilies([{ ...a5, inStock: false }, cheapGone], 'popular')[0]).toMatchObject({ id: 'a1', price: 30 });
  });

  it("never shows, links or prices a sample pot: the card is a real size 'from' its price, the pot named last", () => {
    const pot = card('a-pot', { family: 'a', packSize: { value: 0.25, unit: 'qt' }, price: 6.99 });
    expect(groupFamilies([pot, a1, a5], 'price-low')[0]).toMatchObject({ id: 'a1', price: 30, familySizes: ['1 gal', '5 gal', 'sample pot'] });
    // Only the pot and one size matching (a price filter): still the size.
    expect(groupFamilies([pot, { ...a1, inStock: false }], 'popular')[0]).toMatchObject({ id: 'a1', familySizes: ['1 gal', 'sample pot'] });
  });

  it("sorts by the shown ('from') price when sorted by price, ties keeping list order", () => {
    const list = [plain, a1, a5, b1];
    expect(groupFamilies(list, 'price-low').map((c) => [c.id, c.price])).toEqual([['b1', 20], ['a1', 30], ['plain', 50]]);
    expect(groupFamilies(list, 'price-high').map((c) => c.id)).toEqual(['plain', 'a1', 'b1']);
    expect(groupFamilies([card('x', { price: 30 }), a1, a5], 'price-low').map((c) => c.id)).toEqual(['x', 'a1']);
  });

  it('leaves a family with one matching member as its plain card, and an empty list empty', () => {
    expect(groupFamilies([a5, plain], 'popular')).toEqual([a5, plain]);
    expect(groupFamilies([], 'popular')).toEqual([]);
  });

  it('groups only what the filters left: a family shows when any member matches, from its cheapest matching member', () => {
    const product = (over: Partial<QueryableProduct> & GroupableCard): QueryableProduct & GroupableCard => ({
      name: over.id, description: '', category: 'Diamond Collection', brand: 'Diamond Collection', sku: over.id, features: [], finish: 'Matt',
      isEcoFriendly: false, isNew: false, isPopular: false, rating: 4, ...over,
    });
    const catalogue = [
      product({ id: 'q', family: 'f', packSize: { value: 1, unit: 'qt' }, price: 15, inStock: true }),
      product({ id: 'g', family: 'f', packSize: gal(1), price: 45, inStock: true }),
      product({ id: 'g5', family: 'f', packSize: gal(5), price: 200, inStock: false }),
    ];
    const over = (min: number, inStock = false) =>
      groupFamilies(queryCatalog(catalogue, { filters: { ...DEFAULT_FILTERS, priceRange: { min, max: 300 }, inStock }, sort: 'price-low', search: '' }), 'price-low');
    expect(over(0)).toEqual([{ ...catalogue[0], familySizes: ['1 qt', '1 gal', '5 gal'] }]);
    expect(over(20)).toEqual([{ ...catalogue[1], familySizes: ['1 gal', '5 gal'] }]);
    expect(over(100)).toEqual([catalogue[2]]);
    expect(over(0, true)).toEqual([{ ...catalogue[0], familySizes: ['1 qt', '1 gal'] }]);
  });
});
