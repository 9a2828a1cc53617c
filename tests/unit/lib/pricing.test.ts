import { describe, expect, it } from 'vitest';
import {
  computeFreeShippingRemainingCents,
  computeShippingCents,
  computeSubtotalCents,
  computeTotals,
  computeVatCents,
  toPricedLines,
} from '../../../src/lib/pricing';

describe('shipping', () => {
  it('charges $9.99 at $99.99 and at exactly $100.00', () => {
    expect(computeShippingCents(9_999)).toBe(999);
    expect(computeShippingCents(10_000)).toBe(999);
  });
  it('is free from $100.01 up', () => {
    expect(computeShippingCents(10_001)).toBe(0);
    expect(computeShippingCents(1_000_000)).toBe(0);
  });
  it('costs nothing when nothing is bought', () => {
    expect(computeShippingCents(0)).toBe(0);
  });
  it('charges a one-cent order', () => {
    expect(computeShippingCents(1)).toBe(999);
  });
});

describe('free-shipping hint', () => {
  it('asks for $0.02 more at $99.99 and $0.01 more at $100.00', () => {
    expect(computeFreeShippingRemainingCents(9_999)).toBe(2);
    expect(computeFreeShippingRemainingCents(10_000)).toBe(1);
  });
  it('asks for nothing once shipping is free or the cart is empty', () => {
    expect(computeFreeShippingRemainingCents(10_001)).toBe(0);
    expect(computeFreeShippingRemainingCents(0)).toBe(0);
  });
  it('asks for the rest of the way from a small subtotal', () => {
    expect(computeFreeShippingRemainingCents(2_550)).toBe(7_451);
  });
});

describe('VAT at 20 % of the subtotal', () => {
  it('is exact on whole amounts', () => {
    expect(computeVatCents(10_000)).toBe(2_000);
    expect(computeVatCents(5)).toBe(1);
  });
  it('rounds to the nearest cent', () => {
    expect(computeVatCents(9_999)).toBe(2_000); // 1999.8
    expect(computeVatCents(10_001)).toBe(2_000); // 2000.2
    expect(computeVatCents(12_999)).toBe(2_600); // 2599.8
    expect(computeVatCents(2)).toBe(0); // 0.4
    expect(computeVatCents(3)).toBe(1); // 0.6
  });
  it('is nothing on nothing', () => {
    expect(computeVatCents(0)).toBe(0);
  });
});

describe('order totals', () => {
  it('adds subtotal, shipping and VAT at $99.99', () => {
    expect(computeTotals([{ unitPriceCents: 9_999, quantity: 1 }])).toEqual({
      subtotalCents: 9_999,
      shippingCents: 999,
      taxCents: 2_000,
      totalCents: 12_998,
      freeShippingRemainingCents: 2,
    });
  });
  it('adds subtotal, shipping and VAT at $100.00', () => {
    expect(computeTotals([{ unitPriceCents: 5_000, quantity: 2 }])).toEqual({
      subtotalCents: 10_000,
      shippingCents: 999,
      taxCents: 2_000,
      totalCents: 12_999,
      freeShippingRemainingCents: 1,
    });
  });
  it('ships $100.01 for free', () => {
    expect(computeTotals([{ unitPriceCents: 10_001, quantity: 1 }])).toEqual({
      subtotalCents: 10_001,
      shippingCents: 0,
      taxCents: 2_000,
      totalCents: 12_001,
      freeShippingRemainingCents: 0,
    });
  });
  it('multiplies unit prices by quantities over several lines', () => {
    expect(computeSubtotalCents([
      { unitPriceCents: 1_999, quantity: 3 },
      { unitPriceCents: 4_550, quantity: 2 },
    ])).toBe(15_097);
  });
  it('totals an empty order at zero', () => {
    expect(computeTotals([]).totalCents).toBe(0);
  });
  it('takes dollar prices of cart lines to exact cents', () => {
    expect(toPricedLines([{ product: { price: 19.99 }, quantity: 3 }, { product: { price: 0.1 }, quantity: 1 }])).toEqual([
      { unitPriceCents: 1_999, quantity: 3 },
      { unitPriceCents: 10, quantity: 1 },
    ]);
  });
  it('refuses a fractional quantity', () => {
    expect(() => computeSubtotalCents([{ unitPriceCents: 100, quantity: 1.5 }])).toThrow();
  });
});
