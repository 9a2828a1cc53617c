import { describe, expect, it } from 'vitest';
import { formatMoney, formatWhole } from '../../../src/lib/money';

/** Numbers around every grouping boundary, both signs, and a spread of random ones. */
function samples(): number[] {
  const out = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 99999, 100000, 999999, 1000000, 123456789, Number.MAX_SAFE_INTEGER];
  let seed = 7;
  for (let i = 0; i < 2000; i++) {
    seed = (seed * 16807) % 2147483647;
    out.push(seed % 10 ** (1 + (i % 13)));
  }
  // -0 aside: Intl writes '-0', these write '0'.
  return [...out, ...out.filter((n) => n !== 0).map((n) => -n)];
}

describe('formatWhole', () => {
  it('writes whole numbers exactly as en-US Intl does', () => {
    for (const n of samples()) expect(formatWhole(n), String(n)).toBe(n.toLocaleString('en-US'));
  });

  it('leaves other numbers to Intl', () => {
    for (const n of [1.5, 1234.5678, Number.NaN, Infinity, 2 ** 60]) expect(formatWhole(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('formatMoney in US dollars', () => {
  it('writes every amount exactly as Intl does', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of samples().filter((n) => n !== 0 && Math.abs(n) < 2 ** 50)) expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('still refuses what is not whole cents', () => {
    expect(() => formatMoney(1.5)).toThrow(/whole number/);
  });
});
