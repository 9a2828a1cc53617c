import { describe, expect, it } from 'vitest';
import { describeAddition } from '../../../src/components/cart/added-toast';

describe('describeAddition', () => {
  it('names what was added and how many', () => {
    expect(describeAddition({ name: 'Diamond Heritage Interior Matt 1 gal', quantity: 1, lineQuantity: 1 })).toEqual({
      title: 'Added to your cart',
      description: '1 × Diamond Heritage Interior Matt 1 gal',
    });
  });

  it('adds the line total when the cart already held some, and a colour when given', () => {
    expect(describeAddition({ name: 'Alkyd Gloss 2.5 L', quantity: 2, lineQuantity: 5, detail: 'RAL 7016 Anthracite Grey' }).description).toBe(
      '2 × Alkyd Gloss 2.5 L, RAL 7016 Anthracite Grey (5 in your cart)',
    );
  });
});
