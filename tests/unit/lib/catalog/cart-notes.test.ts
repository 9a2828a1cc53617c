import { describe, expect, it } from 'vitest';
import { canProceedToCheckout, describeCartLineProblem } from '../../../../src/lib/catalog/cart-notes';

describe('describeCartLineProblem', () => {
  it('tells a shopper a removed product must be removed before checkout', () => {
    expect(describeCartLineProblem({ productId: 'a', reason: 'removed' })).toBe(
      'No longer available. Remove it to continue to checkout.',
    );
  });

  it('says Out of Stock for a product that sold out', () => {
    expect(describeCartLineProblem({ productId: 'a', reason: 'out-of-stock' })).toMatch(/^Out of Stock\./);
  });

  it('points a quote-only product to a quote request', () => {
    expect(describeCartLineProblem({ productId: 'a', reason: 'quote-only' })).toBe(
      'Now sold by quote only. Remove it and request a quote instead.',
    );
  });

  it('names how many are left when the line asks for more than the stock', () => {
    expect(describeCartLineProblem({ productId: 'a', reason: 'short', available: 3 })).toBe(
      'Only 3 left. Lower the quantity to continue to checkout.',
    );
    expect(describeCartLineProblem({ productId: 'a', reason: 'short', available: 1 })).toMatch(/^Only 1 left\./);
  });
});

describe('canProceedToCheckout', () => {
  it('lets a cart with lines and no problem proceed', () => {
    expect(canProceedToCheckout(2, [])).toBe(true);
  });

  it('holds a cart back while any line is flagged', () => {
    expect(canProceedToCheckout(2, [{ productId: 'a', reason: 'removed' }])).toBe(false);
  });

  it('holds an empty cart back', () => {
    expect(canProceedToCheckout(0, [])).toBe(false);
  });
});
