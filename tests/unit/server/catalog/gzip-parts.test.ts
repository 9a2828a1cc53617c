import { randomBytes } from 'node:crypto';
import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Combine, deflatePart, deflatePartSync, gzipFromParts } from '../../../../src/server/catalog/gzip-parts';

describe('crc32Combine', () => {
  it('gives the CRC-32 of the two buffers joined, for any lengths', () => {
    for (const [a, b] of [
      [0, 0],
      [0, 5],
      [7, 0],
      [1, 1],
      [13, 4096],
      [65_536, 3],
      [100_003, 250_001],
    ] as const) {
      const left = randomBytes(a);
      const right = randomBytes(b);
      expect(crc32Combine(crc32(left), crc32(right), right.length)).toBe(crc32(Buffer.concat([left, right])));
    }
  });
});

describe('gzipFromParts', () => {
  it('joins parts compressed apart into one gzip stream that gunzip checks and inflates to the parts joined', async () => {
    const texts = ['{"products":[', JSON.stringify({ name: 'Primer', price: 12.5 }).repeat(400), ',', 'é€'.repeat(10_000), ']}'];
    const parts = await Promise.all(texts.map((t, i) => (i % 2 ? Promise.resolve(deflatePartSync(Buffer.from(t))) : deflatePart(Buffer.from(t)))));
    const gz = gzipFromParts(parts);
    expect(gunzipSync(gz).toString()).toBe(texts.join(''));
  });

  it('makes a valid stream of no parts at all', () => {
    expect(gunzipSync(gzipFromParts([])).length).toBe(0);
  });

  it('is refused by gunzip when a part is swapped for another of the same length (the trailer checks the whole)', async () => {
    const [a, b] = await Promise.all([deflatePart(Buffer.from('abc')), deflatePart(Buffer.from('abd'))]);
    const forged = gzipFromParts([{ ...a, deflated: b!.deflated }]);
    expect(() => gunzipSync(forged)).toThrow();
  });
});
