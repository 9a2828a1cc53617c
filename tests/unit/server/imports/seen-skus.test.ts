import { describe, expect, it } from 'vitest';
import { fingerprint, SeenSkus } from '../../../../src/server/imports/seen-skus';

describe('SeenSkus', () => {
  it('answers false the first time a SKU is added and true every time after', () => {
    const seen = new SeenSkus();
    expect(seen.add('bench-1')).toBe(false);
    expect(seen.add('bench-2')).toBe(false);
    expect(seen.add('bench-1')).toBe(true);
    expect(seen.add('bench-1')).toBe(true);
    expect(seen.size).toBe(2);
  });

  it('keeps every SKU through its growth, and tells apart SKUs that differ by one character', () => {
    const seen = new SeenSkus(4);
    let repeatedFirstTime = 0;
    for (let i = 0; i < 100_000; i++) if (seen.add(`SKU-${i}`)) repeatedFirstTime++;
    expect(repeatedFirstTime).toBe(0);
    expect(seen.size).toBe(100_000);
    let missedSecondTime = 0;
    for (let i = 0; i < 100_000; i += 7) if (!seen.add(`SKU-${i}`)) missedSecondTime++;
    expect(missedSecondTime).toBe(0);
    expect(seen.add('SKU-100000')).toBe(false);
    expect(seen.add('')).toBe(false);
    expect(seen.add('')).toBe(true);
  });

  it('fingerprints with two different halves, the second never 0', () => {
    const [a, b] = fingerprint('HG-FLOOR-5L');
    expect(a).not.toBe(b);
    expect(fingerprint('HG-FLOOR-5L')).toEqual([a, b]);
    expect(fingerprint('HG-FLOOR-5l')).not.toEqual([a, b]);
    let zero = 0;
    for (let i = 0; i < 10_000; i++) if (fingerprint(String(i))[1] === 0) zero++;
    expect(zero).toBe(0);
  });
});
