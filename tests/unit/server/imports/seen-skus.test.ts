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
    for (let i = 0; i < 200_000; i++) expect(seen.add(`SKU-${i}`)).toBe(false);
    expect(seen.size).toBe(200_000);
    for (let i = 0; i < 200_000; i += 997) expect(seen.add(`SKU-${i}`)).toBe(true);
    expect(seen.add('SKU-200000')).toBe(false);
    expect(seen.add('')).toBe(false);
    expect(seen.add('')).toBe(true);
  });

  it('fingerprints with two different halves, the second never 0', () => {
    const [a, b] = fingerprint('HG-FLOOR-5L');
    expect(a).not.toBe(b);
    expect(fingerprint('HG-FLOOR-5L')).toEqual([a, b]);
    expect(fingerprint('HG-FLOOR-5l')).not.toEqual([a, b]);
    for (let i = 0; i < 10_000; i++) expect(fingerprint(String(i))[1]).not.toBe(0);
  });
});
