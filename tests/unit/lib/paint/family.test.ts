import { describe, expect, it } from 'vitest';
import { estimatePaint } from '../../../../src/lib/paint/estimate';
import {
  chooseSamplePot,
  familySamplePots,
  formatPackSize,
  formatSamplePotSize,
  isSamplePot,
  isSizeBuyable,
  SAMPLE_POT_MAX_LITRES,
  sortSizes,
  toPackOptions,
  toSizeCartProduct,
  unitPrice,
  withLiveFacts,
  type FamilySize,
} from '../../../../src/lib/paint/family';
import { LITRES_PER_US_GALLON } from '../../../../src/lib/paint/units';

const size = (id: string, value: number, unit: FamilySize['packSize']['unit'], price: number, stockQuantity = 10): FamilySize => ({
  id, slug: id, name: id, image: '/x.svg', category: 'Diamond Collection', packSize: { value, unit }, price, inStock: stockQuantity > 0, stockQuantity, requestQuoteOnly: false,
});

describe('paint family sizes', () => {
  it('labels sizes and sorts them smallest first across units', () => {
    expect(formatPackSize({ value: 1, unit: 'gal' })).toBe('1 gal');
    expect(formatPackSize({ value: 0.9375, unit: 'qt' })).toBe('0.938 qt');
    expect(formatPackSize({ value: 2500, unit: 'mL' })).toBe('2,500 mL');
    const sorted = sortSizes([size('a5g', 5, 'gal', 200), size('b1q', 1, 'qt', 20), size('c4l', 4, 'L', 50), size('d1g', 1, 'gal', 50)]);
    expect(sorted.map((s) => s.id)).toEqual(['b1q', 'd1g', 'c4l', 'a5g']);
  });

  it('prices per gallon for US sizes, per litre for metric ones and per kg for masses', () => {
    expect(unitPrice(239.99, { value: 5, unit: 'gal' })).toEqual({ dollars: 48, per: 'gal' });
    expect(unitPrice(24.99, { value: 1, unit: 'qt' })).toEqual({ dollars: 99.96, per: 'gal' });
    expect(unitPrice(30, { value: 2.5, unit: 'L' })).toEqual({ dollars: 12, per: 'L' });
    expect(unitPrice(10, { value: 500, unit: 'g' })).toEqual({ dollars: 20, per: 'kg' });
  });

  it('compares only sizes with a volume and a price, marking what cannot be bought now', () => {
    const quote = { ...size('q', 5, 'gal', 0), requestQuoteOnly: true };
    const options = toPackOptions([size('g1', 1, 'gal', 54.99), size('g5', 5, 'gal', 239.99, 0), size('kg', 5, 'kg', 30), quote]);
    expect(options).toEqual([
      { productId: 'g1', litres: LITRES_PER_US_GALLON, priceCents: 5499, inStock: true },
      { productId: 'g5', litres: 5 * LITRES_PER_US_GALLON, priceCents: 23999, inStock: false },
    ]);
    expect(isSizeBuyable({ inStock: true, price: 10, requestQuoteOnly: false })).toBe(true);
    expect(isSizeBuyable({ inStock: true, stockQuantity: 0, price: 10, requestQuoteOnly: false })).toBe(false);
  });

  it('takes live price and stock over the rendered ones, so a size that sold out leaves the mix', () => {
    const sizes = [size('g1', 1, 'gal', 54.99), size('g5', 5, 'gal', 239.99)];
    const plan = (list: FamilySize[]) => estimatePaint({ area: 100, coats: 2, surface: 'smooth', spreadRate: { min: 350, max: 400, unit: 'ft2/gal' }, packs: toPackOptions(list) }).packs;
    expect(plan(sizes)).toEqual([{ productId: 'g5', quantity: 1 }, { productId: 'g1', quantity: 1 }]);
    const live = [sizes[0]!, withLiveFacts(sizes[1]!, { price: 239.99, inStock: false, stockQuantity: 0, requestQuoteOnly: false })];
    expect(plan(live)).toEqual([{ productId: 'g1', quantity: 6 }]);
  });

  it('calls a volume of at most half a litre sample-pot sized, never a mass', () => {
    expect(SAMPLE_POT_MAX_LITRES).toBe(0.5);
    expect(isSamplePot({ value: 0.25, unit: 'qt' })).toBe(true);
    expect(isSamplePot({ value: 250, unit: 'mL' })).toBe(true);
    expect(isSamplePot({ value: 500, unit: 'mL' })).toBe(true);
    expect(isSamplePot({ value: 501, unit: 'mL' })).toBe(false);
    expect(isSamplePot({ value: 1, unit: 'qt' })).toBe(false);
    expect(isSamplePot({ value: 8, unit: 'oz' })).toBe(false);
  });

  it('labels a US sample pot in fluid ounces and a metric one as it is written', () => {
    expect(formatSamplePotSize({ value: 0.25, unit: 'qt' })).toBe('8 fl oz');
    expect(formatSamplePotSize({ value: 0.0625, unit: 'gal' })).toBe('8 fl oz');
    expect(formatSamplePotSize({ value: 250, unit: 'mL' })).toBe('250 mL');
  });

  it('finds sample pots only in a family that also sells a bigger size', () => {
    const pot = size('pot', 0.25, 'qt', 6.99);
    expect(familySamplePots([size('g1', 1, 'gal', 54.99), pot, size('g5', 5, 'gal', 239.99)])).toEqual([pot]);
    // A 16 oz bottle sold alone is how that product is bought, not a tester.
    expect(familySamplePots([size('bottle', 0.5, 'qt', 24.99)])).toEqual([]);
  });

  it('leaves the sample pot out of the calculator\'s mix and marks it among the pack options', () => {
    const sizes = [size('pot', 0.25, 'qt', 6.99), size('g1', 1, 'gal', 54.99)];
    expect(toPackOptions(sizes)[0]).toEqual({ productId: 'pot', litres: 0.25 * LITRES_PER_US_GALLON / 4, priceCents: 699, inStock: true, samplePot: true });
    // Half a litre of paint: the gallon, although the pot costs less and three of them would hold more.
    const plan = estimatePaint({ area: 1, coats: 1, surface: 'smooth', spreadRate: { min: 2, max: 2, unit: 'm2/L' }, packs: toPackOptions(sizes) });
    expect(plan.packs).toEqual([{ productId: 'g1', quantity: 1 }]);
  });

  it('offers the cheapest buyable sample pot on the other sizes\' pages, none on its own page or when sold out', () => {
    const gallon = size('g1', 1, 'gal', 54.99);
    const pot = size('pot', 0.25, 'qt', 6.99);
    const dearPot = size('pot2', 250, 'mL', 7.49);
    expect(chooseSamplePot([gallon, dearPot, pot], 'g1')).toBe(pot);
    expect(chooseSamplePot([gallon, pot], 'pot')).toBeNull();
    expect(chooseSamplePot([gallon, size('pot', 0.25, 'qt', 6.99, 0)], 'g1')).toBeNull();
    expect(chooseSamplePot([gallon], 'g1')).toBeNull();
  });

  it('makes a cart product of a size, tinted when a colour is chosen', () => {
    const colour = { system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: '#293133' };
    const pot = size('pot', 0.25, 'qt', 6.99);
    expect(toSizeCartProduct(pot, colour)).toEqual({ id: 'pot', name: 'pot', price: 6.99, image: '/x.svg', category: 'Diamond Collection', colour });
    expect(toSizeCartProduct(pot, null)).toEqual({ id: 'pot', name: 'pot', price: 6.99, image: '/x.svg', category: 'Diamond Collection' });
  });
});
