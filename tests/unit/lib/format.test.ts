import { describe, expect, it } from 'vitest';
import { LOW_STOCK_MAX } from '../../../src/lib/constants';
import {
  computeSavingsCents,
  formatFileSize,
  formatLowStock,
  formatPageCount,
  formatPrice,
  formatProductPrice,
  formatRating,
  formatReviewCount,
  formatSavings,
} from '../../../src/lib/format';

describe('formatPrice', () => {
  it('shows dollars with two decimals and thousands separators', () => {
    expect(formatPrice(1299)).toBe('$1,299.00');
    expect(formatPrice(49.5)).toBe('$49.50');
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(12345.67)).toBe('$12,345.67');
  });

  it('rounds to whole cents', () => {
    expect(formatPrice(19.999)).toBe('$20.00');
    expect(formatPrice(0.1 + 0.2)).toBe('$0.30');
  });
});

describe('savings', () => {
  it('is the original price minus the price', () => {
    expect(computeSavingsCents(89.99, 109.99)).toBe(2000);
    expect(formatSavings(89.99, 109.99)).toBe('Save $20.00');
    expect(formatSavings(1199, 1349.5)).toBe('Save $150.50');
  });

  it('avoids float drift', () => {
    // 0.3 - 0.1 is 0.19999999999999998 in floating point.
    expect(formatSavings(0.1, 0.3)).toBe('Save $0.20');
  });

  it('is absent without a higher original price', () => {
    expect(formatSavings(50, undefined)).toBeNull();
    expect(formatSavings(50, 50)).toBeNull();
    expect(formatSavings(50, 40)).toBeNull();
    expect(computeSavingsCents(50, 40)).toBe(0);
  });
});

describe('formatRating', () => {
  it('shows one decimal', () => {
    expect(formatRating(4.7)).toBe('4.7');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.66)).toBe('4.7');
  });

  it('clamps to 0-5', () => {
    expect(formatRating(7)).toBe('5.0');
    expect(formatRating(-1)).toBe('0.0');
    expect(formatRating(Number.NaN)).toBe('0.0');
  });
});

describe('formatReviewCount', () => {
  it('pairs the count with the right noun', () => {
    expect(formatReviewCount(1)).toBe('1 review');
    expect(formatReviewCount(0)).toBe('0 reviews');
    expect(formatReviewCount(1234)).toBe('1,234 reviews');
  });
});

describe('formatLowStock', () => {
  it(`warns for 1 to ${LOW_STOCK_MAX} units`, () => {
    expect(formatLowStock(1)).toBe('Only 1 left');
    expect(formatLowStock(LOW_STOCK_MAX)).toBe(`Only ${LOW_STOCK_MAX} left`);
  });

  it('stays silent when stock is ample, zero or not counted', () => {
    expect(formatLowStock(LOW_STOCK_MAX + 1)).toBeNull();
    expect(formatLowStock(0)).toBeNull();
    expect(formatLowStock(undefined)).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('shows megabytes with one decimal', () => {
    expect(formatFileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
    expect(formatFileSize(1_887_437)).toBe('1.8 MB');
  });

  it('uses bytes and kilobytes for small files', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
  });

  it('moves to the next unit instead of showing 1024.0', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1.0 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('refuses negative or non-numeric sizes', () => {
    expect(() => formatFileSize(-1)).toThrow(RangeError);
    expect(() => formatFileSize(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatPageCount', () => {
  it('pairs the count with the right noun', () => {
    expect(formatPageCount(24)).toBe('24 pages');
    expect(formatPageCount(1)).toBe('1 page');
  });
});

describe('formatProductPrice', () => {
  it('shows the price of a product that can be bought', () => {
    expect(formatProductPrice({ price: 49, requestQuoteOnly: false })).toBe('$49.00');
    expect(formatProductPrice({ price: 1299.5, requestQuoteOnly: false })).toBe('$1,299.50');
  });

  it("shows 'Request Quote' instead of a price for quote-only products", () => {
    expect(formatProductPrice({ price: 49, requestQuoteOnly: true })).toBe('Request Quote');
  });
});
