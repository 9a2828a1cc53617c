import { describe, expect, it } from 'vitest';
import {
  applyRate,
  formatCentsPlain,
  formatMoney,
  isWholeCents,
  MoneyError,
  multiplyCents,
  roundToCents,
  toCents,
  toDollars,
} from '../../../src/lib/money';

describe('toCents', () => {
  it('converts two-decimal dollar amounts exactly', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(0.29)).toBe(29);
    expect(toCents(1.15)).toBe(115);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(1234.56)).toBe(123456);
    expect(toCents(0)).toBe(0);
    expect(toCents(-2.5)).toBe(-250);
  });

  it('round-trips every cent value from 0 to 100,000.00 exactly', () => {
    const wrong: number[] = [];
    for (let cents = 0; cents <= 10_000_000; cents += 1) {
      if (toCents(toDollars(cents)) !== cents) wrong.push(cents);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses amounts with more than two decimals and non-finite values', () => {
    expect(() => toCents(1.005)).toThrow(MoneyError);
    expect(() => toCents(0.001)).toThrow(MoneyError);
    expect(() => toCents(Number.NaN)).toThrow(MoneyError);
    expect(() => toCents(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });
});

describe('roundToCents', () => {
  it('rounds half away from zero despite binary noise', () => {
    expect(roundToCents(1.005)).toBe(101);
    expect(roundToCents(2.675)).toBe(268);
    expect(roundToCents(-1.005)).toBe(-101);
    expect(roundToCents(0.004)).toBe(0);
  });
});

describe('toDollars', () => {
  it('gives the same double as the two-decimal literal', () => {
    expect(toDollars(1999)).toBe(19.99);
    expect(toDollars(10)).toBe(0.1);
    expect(toDollars(123456)).toBe(1234.56);
  });

  it('refuses fractional cents', () => {
    expect(() => toDollars(1.5)).toThrow(MoneyError);
  });
});

describe('isWholeCents', () => {
  it('tells two-decimal amounts from longer ones', () => {
    expect(isWholeCents(12.34)).toBe(true);
    expect(isWholeCents(12.345)).toBe(false);
  });
});

describe('formatting', () => {
  it('formats cents as US dollars with grouping', () => {
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(10000)).toBe('$100.00');
  });

  it('formats cents as a plain two-decimal number', () => {
    expect(formatCentsPlain(123456)).toBe('1234.56');
    expect(formatCentsPlain(5)).toBe('0.05');
    expect(formatCentsPlain(-999)).toBe('-9.99');
  });
});

describe('arithmetic in cents', () => {
  it('multiplies a unit price by a quantity', () => {
    expect(multiplyCents(1999, 3)).toBe(5997);
    expect(() => multiplyCents(19.99, 3)).toThrow(MoneyError);
  });

  it('applies a rate and rounds to whole cents', () => {
    expect(applyRate(5997, 0.2)).toBe(1199);
    expect(applyRate(1003, 0.2)).toBe(201);
    expect(applyRate(2, 0.25)).toBe(1);
  });
});
