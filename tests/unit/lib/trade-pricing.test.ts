import { describe, expect, it } from 'vitest';
import { discountedCents, tradeUnitPrice, withPublicTiers } from '../../../src/lib/trade-pricing';

describe('tradeUnitPrice', () => {
  it('is the list price without terms', () => {
    expect(tradeUnitPrice(2999, 5, undefined)).toEqual({ unitCents: 2999, source: 'list' });
  });

  it('takes the discount off the list, rounded half up to the cent', () => {
    expect(discountedCents(1999, 1250)).toBe(1749);
    expect(tradeUnitPrice(1999, 1, { discountBp: 1250, fixedCents: null, tiers: [] })).toEqual({ unitCents: 1749, source: 'discount' });
  });

  it('uses a tier from its minimum quantity on, and the best tier reached', () => {
    const terms = { discountBp: 0, fixedCents: null, tiers: [{ minQuantity: 50, unitCents: 1500 }, { minQuantity: 10, unitCents: 1800 }] };
    expect(tradeUnitPrice(2000, 9, terms)).toEqual({ unitCents: 2000, source: 'list' });
    expect(tradeUnitPrice(2000, 10, terms)).toEqual({ unitCents: 1800, source: 'tier', minQuantity: 10 });
    expect(tradeUnitPrice(2000, 11, terms)).toEqual({ unitCents: 1800, source: 'tier', minQuantity: 10 });
    expect(tradeUnitPrice(2000, 50, terms)).toEqual({ unitCents: 1500, source: 'tier', minQuantity: 50 });
  });

  it('lets the lowest price win, so no term ever raises what a customer pays', () => {
    const terms = { discountBp: 1000, fixedCents: 2100, tiers: [{ minQuantity: 10, unitCents: 1900 }] };
    expect(tradeUnitPrice(2000, 1, terms)).toEqual({ unitCents: 1800, source: 'discount' });
    expect(tradeUnitPrice(2000, 10, terms)).toEqual({ unitCents: 1800, source: 'discount' });
    expect(tradeUnitPrice(2000, 10, { ...terms, discountBp: 0, fixedCents: 1950 })).toEqual({ unitCents: 1900, source: 'tier', minQuantity: 10 });
    expect(tradeUnitPrice(2000, 1, { discountBp: 0, fixedCents: 1950, tiers: [] })).toEqual({ unitCents: 1950, source: 'fixed' });
  });
});

describe('withPublicTiers', () => {
  const publicTiers = [{ minQuantity: 10, unitCents: 1800 }];

  it('gives a guest the public tier from its quantity on', () => {
    expect(tradeUnitPrice(2000, 9, withPublicTiers(undefined, publicTiers))).toEqual({ unitCents: 2000, source: 'list' });
    expect(tradeUnitPrice(2000, 10, withPublicTiers(undefined, publicTiers))).toEqual({ unitCents: 1800, source: 'tier', minQuantity: 10 });
  });

  it('keeps a trade price lower than the public tier', () => {
    const trade = { discountBp: 0, fixedCents: 1700, tiers: [] };
    expect(tradeUnitPrice(2000, 10, withPublicTiers(trade, publicTiers))).toEqual({ unitCents: 1700, source: 'fixed' });
    expect(tradeUnitPrice(2000, 10, withPublicTiers({ ...trade, fixedCents: 1900 }, publicTiers))).toEqual({ unitCents: 1800, source: 'tier', minQuantity: 10 });
  });

  it('leaves the terms alone when the product has no public tier', () => {
    expect(withPublicTiers(undefined, [])).toBeUndefined();
  });
});
