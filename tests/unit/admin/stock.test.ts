import { describe, expect, it } from 'vitest';
import { stockLevel } from '../../../src/lib/admin/stock';
import { LOW_STOCK_MAX } from '../../../src/lib/constants';

describe('stockLevel', () => {
  it('reads out of stock, low (1..threshold) and in stock the same way everywhere', () => {
    expect(stockLevel({ inStock: false, stockQuantity: 12 })).toBe('out');
    expect(stockLevel({ inStock: true, stockQuantity: 0 })).toBe('out');
    expect(stockLevel({ inStock: true, stockQuantity: 1 })).toBe('low');
    expect(stockLevel({ inStock: true, stockQuantity: LOW_STOCK_MAX })).toBe('low');
    expect(stockLevel({ inStock: true, stockQuantity: LOW_STOCK_MAX + 1 })).toBe('in');
    expect(stockLevel({ inStock: true })).toBe('in');
    expect(stockLevel({ inStock: true, stockQuantity: 8 }, 10)).toBe('low');
  });
});
