import { describe, expect, it } from 'vitest';
import { computeTotals, withShippingCents } from '../../../src/lib/pricing';
import { describeShippingMethod, formatOrderDelivery, toShippingMethodId } from '../../../src/lib/shipping-methods';
import { computeMethodShippingCents } from '../../../src/server/orders/shipping.service';

describe('shipping methods', () => {
  it('names each method with its delivery time', () => {
    expect(describeShippingMethod('standard')).toBe('Standard delivery (3–5 business days)');
    expect(describeShippingMethod('express')).toBe('Express delivery (1–2 business days)');
  });

  it('says how an order ships, with its parcels when it is split', () => {
    expect(formatOrderDelivery({ shippingMethod: 'express', parcels: [{}] })).toBe('Express delivery (1–2 business days)');
    expect(formatOrderDelivery({ parcels: [{}, {}, {}] })).toBe('Standard delivery (3–5 business days), in 3 parcels');
  });

  it('reads a stored method, standard for rows from before the choice', () => {
    expect(toShippingMethodId('express')).toBe('express');
    expect(toShippingMethodId(undefined)).toBe('standard');
    expect(toShippingMethodId('drone')).toBe('standard');
  });

  it('prices standard as the spec (free strictly over $100, else $9.99) and express at its setting whatever the subtotal', () => {
    expect(computeMethodShippingCents('standard', 10_000, 1999)).toBe(999);
    expect(computeMethodShippingCents('standard', 10_001, 1999)).toBe(0);
    expect(computeMethodShippingCents('express', 10_001, 1999)).toBe(1999);
    expect(computeMethodShippingCents('express', 0, 1999)).toBe(0);
  });

  it('puts the chosen method’s charge in the totals and drops the free-shipping hint', () => {
    const totals = computeTotals([{ unitPriceCents: 5000, quantity: 1 }]);
    expect(withShippingCents(totals, undefined)).toBe(totals);
    expect(withShippingCents(totals, 1999)).toEqual({ subtotalCents: 5000, shippingCents: 1999, taxCents: 1000, totalCents: 7999, freeShippingRemainingCents: 0 });
  });
});
