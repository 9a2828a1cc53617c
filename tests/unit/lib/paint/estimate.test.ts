import { describe, expect, it } from 'vitest';
import {
  chooseCheapestPacks,
  estimatePaint,
  NO_PACKS_MESSAGES,
  type PackOption,
} from '../../../../src/lib/paint/estimate';
import { LITRES_PER_US_GALLON, LITRES_PER_US_QUART } from '../../../../src/lib/paint/units';
import { createRandom } from '../../../../src/lib/product-art/lib.mjs';

const rate = { min: 10, max: 12, unit: 'm2/L' as const };
const metric: PackOption[] = [
  { productId: 'p1', litres: 1, priceCents: 1999, inStock: true },
  { productId: 'p25', litres: 2.5, priceCents: 3999, inStock: true },
  { productId: 'p5', litres: 5, priceCents: 6999, inStock: true },
  { productId: 'p10', litres: 10, priceCents: 12999, inStock: true },
];

describe('estimatePaint: area and litres', () => {
  it('subtracts doors and windows from walls and plans by surface', () => {
    const walls = [
      { length: 4, height: 2.5 },
      { length: 3, height: 2.5 },
    ];
    const smooth = estimatePaint({ walls, doors: 1, windows: 1, coats: 2, surface: 'smooth', spreadRate: rate, packs: metric });
    expect(smooth.grossArea).toBeCloseTo(17.5, 12);
    expect(smooth.area).toBeCloseTo(17.5 - 1.9 - 1.2, 12);
    // 14.4 m² × 2 coats = 28.8 m²: 2.4 L at 12 m²/L, 2.88 L at 10 m²/L.
    expect(smooth.litres).toEqual({ min: 2.4, max: 2.88 });
    expect(smooth.plannedLitres).toBe(2.4);
    expect(smooth.packs).toEqual([{ productId: 'p25', quantity: 1 }]);
    expect(smooth.totalCents).toBe(3999);
    expect(smooth.leftoverLitres).toBeCloseTo(0.1, 9);

    const porous = estimatePaint({ walls, doors: 1, windows: 1, coats: 2, surface: 'porous', spreadRate: rate, packs: metric });
    expect(porous.plannedLitres).toBe(2.88);
    // 2.88 L: three 1 L tins (5,997) are a cent cheaper than 2.5 L + 1 L (5,998).
    expect(porous.packs).toEqual([{ productId: 'p1', quantity: 3 }]);
    const textured = estimatePaint({ walls, doors: 1, windows: 1, coats: 2, surface: 'textured', spreadRate: rate, packs: metric });
    expect(textured.plannedLitres).toBeCloseTo(28.8 / 11, 2);
    expect(textured.plannedLitres).toBeGreaterThan(smooth.plannedLitres);
    expect(textured.plannedLitres).toBeLessThan(porous.plannedLitres);
  });

  it('takes a total area and editable opening sizes, and never goes below 0', () => {
    const e = estimatePaint({ area: 20, doors: 2, doorArea: 2, windows: 3, windowArea: 1, coats: 1, surface: 'smooth', spreadRate: rate, packs: metric });
    expect(e.area).toBe(13);
    const none = estimatePaint({ area: 2, doors: 2, coats: 2, surface: 'smooth', spreadRate: rate, packs: metric });
    expect(none.area).toBe(0);
    expect(none).toMatchObject({ plannedLitres: 0, packs: [], totalCents: 0, leftoverLitres: 0 });
    expect(none.reason).toBeUndefined();
  });

  it('reads spread rates in ft²/gal', () => {
    const e = estimatePaint({ area: 100, coats: 1, surface: 'porous', spreadRate: { min: 350, max: 400, unit: 'ft2/gal' }, packs: metric });
    // 100 m² ≈ 1,076 ft² at 350 ft²/gal ≈ 3.075 gal ≈ 11.64 L.
    expect(e.plannedLitres).toBeCloseTo(11.64, 2);
  });

  it('refuses invalid input', () => {
    const ok = { coats: 2, surface: 'smooth' as const, spreadRate: rate, packs: metric };
    expect(() => estimatePaint({ ...ok })).toThrow('Give either walls or a total area.');
    expect(() => estimatePaint({ ...ok, area: 1, walls: [] })).toThrow('Give either walls or a total area.');
    expect(() => estimatePaint({ ...ok, area: -1 })).toThrow(RangeError);
    expect(() => estimatePaint({ ...ok, walls: [{ length: Number.NaN, height: 2 }] })).toThrow(RangeError);
    expect(() => estimatePaint({ ...ok, area: 10, coats: 0 })).toThrow('Coats must be a whole number of at least 1.');
    expect(() => estimatePaint({ ...ok, area: 10, doors: 1.5 })).toThrow(RangeError);
    expect(() => estimatePaint({ ...ok, area: 10, spreadRate: { min: 12, max: 10, unit: 'm2/L' } })).toThrow(RangeError);
    expect(() => estimatePaint({ ...ok, area: 10, surface: 'glossy' as never })).toThrow(RangeError);
  });
});

describe('chooseCheapestPacks', () => {
  it('prefers a cheaper mix over whole cans of one size', () => {
    // 7 L: 5 + 2.5 (10,998) beats 10 L (12,999) and 5 + 1 + 1 (10,997)? No: 5+1+1 is cheaper and holds 7 L.
    const c = chooseCheapestPacks(7, metric);
    expect(c.totalCents).toBe(6999 + 1999 * 2);
    expect(c.packs).toEqual([{ productId: 'p5', quantity: 1 }, { productId: 'p1', quantity: 2 }]);
    expect(c.packLitres).toBe(7);
  });

  it('never chooses an out-of-stock size', () => {
    const packs = metric.map((p) => (p.productId === 'p5' ? { ...p, inStock: false } : p));
    const c = chooseCheapestPacks(5, packs);
    expect(c.packs.some((l) => l.productId === 'p5')).toBe(false);
    expect(c.totalCents).toBe(3999 * 2);
  });

  it('says why when no mix is possible', () => {
    const out = chooseCheapestPacks(3, metric.map((p) => ({ ...p, inStock: false })));
    expect(out).toEqual({ packs: [], totalCents: 0, packLitres: 0, reason: 'none-in-stock' });
    expect(NO_PACKS_MESSAGES[out.reason!]).toBe('No size of this paint is in stock at the moment.');
    expect(chooseCheapestPacks(3, []).reason).toBe('none-in-stock');
    expect(chooseCheapestPacks(6000, metric).reason).toBe('too-much');
    // US and metric sizes with no common grid, a huge need and dear paint: too many prices to compare.
    const dear: PackOption[] = [
      { productId: 'L', litres: 1, priceCents: 9001, inStock: true },
      { productId: 'gal', litres: LITRES_PER_US_GALLON, priceCents: 30007, inStock: true },
    ];
    expect(chooseCheapestPacks(4999, dear)).toEqual({ packs: [], totalCents: 0, packLitres: 0, reason: 'too-much' });
  });

  it('breaks price ties by fewer packs, then less left over', () => {
    const tie: PackOption[] = [
      { productId: 'half', litres: 0.5, priceCents: 500, inStock: true },
      { productId: 'one', litres: 1, priceCents: 1000, inStock: true },
      { productId: 'big', litres: 2.5, priceCents: 1000, inStock: true },
    ];
    // 1 L: 'one' (1 pack) beats 2 × 'half' (2 packs) at the same price; 'big' costs the same but leaves 1.5 L.
    expect(chooseCheapestPacks(1, tie).packs).toEqual([{ productId: 'one', quantity: 1 }]);
    expect(chooseCheapestPacks(0.4, tie).packs).toEqual([{ productId: 'half', quantity: 1 }]);
  });

  it('never chooses a sample pot, even where it would be the cheapest cover', () => {
    const family: PackOption[] = [
      { productId: 'pot', litres: 0.25, priceCents: 699, inStock: true, samplePot: true },
      { productId: 'gal', litres: LITRES_PER_US_GALLON, priceCents: 5499, inStock: true },
    ];
    expect(chooseCheapestPacks(0.2, family).packs).toEqual([{ productId: 'gal', quantity: 1 }]);
    expect(chooseCheapestPacks(4, family).packs).toEqual([{ productId: 'gal', quantity: 2 }]);
    const onlyPots = [family[0]!, { ...family[1]!, inStock: false }];
    expect(chooseCheapestPacks(0.2, onlyPots)).toEqual({ packs: [], totalCents: 0, packLitres: 0, reason: 'none-in-stock' });
  });

  it('handles US gallons and quarts on their own grid', () => {
    const us: PackOption[] = [
      { productId: 'qt', litres: LITRES_PER_US_QUART, priceCents: 1899, inStock: true },
      { productId: 'gal', litres: LITRES_PER_US_GALLON, priceCents: 5499, inStock: true },
      { productId: '5gal', litres: 5 * LITRES_PER_US_GALLON, priceCents: 24999, inStock: true },
    ];
    // 4.5 L: 1 gal + 1 qt (7,398) beats 2 gal (10,998) and 5 qt (9,495).
    const c = chooseCheapestPacks(4.5, us);
    expect(c.packs).toEqual([{ productId: 'gal', quantity: 1 }, { productId: 'qt', quantity: 1 }]);
    expect(c.packLitres).toBeGreaterThanOrEqual(4.5);
  });

  it('handles metric and US sizes in one family (price search) exactly', () => {
    const mixed: PackOption[] = [
      { productId: 'L', litres: 1, priceCents: 1500, inStock: true },
      { productId: 'gal', litres: LITRES_PER_US_GALLON, priceCents: 5000, inStock: true },
    ];
    const c = chooseCheapestPacks(4.7, mixed);
    // 1 gal + 1 L = 4.785 L for 6,500 beats 5 L for 7,500 and 2 gal for 10,000.
    expect(c.totalCents).toBe(6500);
    expect(c.packLitres).toBeGreaterThanOrEqual(4.7);
  });

  it('is fast for 8 sizes and 2,000 L', () => {
    const eight: PackOption[] = [0.25, 0.5, 0.75, 1, 2.5, 5, 10, 20].map((l, i) => ({
      productId: `s${i}`,
      litres: l,
      priceCents: Math.round(2000 * l ** 0.85) + i,
      inStock: true,
    }));
    const started = performance.now();
    const c = chooseCheapestPacks(2000, eight);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(c.packLitres).toBeGreaterThanOrEqual(2000);
    const us = [1, 4, 20].map((q, i) => ({ productId: `u${i}`, litres: q * LITRES_PER_US_QUART, priceCents: 1500 * q - i * 100, inStock: true }));
    const t2 = performance.now();
    expect(chooseCheapestPacks(1999.9, us).packLitres).toBeGreaterThanOrEqual(1999.9);
    expect(performance.now() - t2).toBeLessThan(1000);
  });
});

/** Every combination of at most enough of each size to cover the need alone; the best by (cost, packs, volume). Sample pots are not for rooms. */
function bruteForce(needLitres: number, packs: PackOption[]) {
  const inStock = packs.filter((p) => p.inStock && !p.samplePot);
  const needNl = Math.ceil(needLitres * 1e9 - 1e-3);
  const nl = inStock.map((p) => Math.round(p.litres * 1e9));
  const limits = nl.map((v) => Math.ceil(needNl / v));
  let best: { cost: number; count: number; volume: number } | null = null;
  const counts = inStock.map(() => 0);
  const visit = (i: number, volumeSoFar: number) => {
    // Prices are positive, so adding a pack to a mix that already covers only makes it dearer.
    if (i === inStock.length || volumeSoFar >= needNl) {
      let volume = 0;
      let cost = 0;
      let count = 0;
      counts.forEach((n, j) => {
        volume += n * nl[j]!;
        cost += n * inStock[j]!.priceCents;
        count += n;
      });
      if (volume < needNl) return;
      if (!best || cost < best.cost || (cost === best.cost && (count < best.count || (count === best.count && volume < best.volume)))) {
        best = { cost, count, volume };
      }
      return;
    }
    for (let n = 0; n <= limits[i]!; n++) {
      counts[i] = n;
      visit(i + 1, volumeSoFar + n * nl[i]!);
    }
    counts[i] = 0;
  };
  visit(0, 0);
  return best as { cost: number; count: number; volume: number } | null;
}

// Thousands of cases against brute force: seconds on an idle core, more on a shared one.
describe('chooseCheapestPacks: properties over random cases', { timeout: 60_000 }, () => {
  const SIZES = [0.25, 0.5, 0.75, 1, 2, 2.5, 4, 5, 10, 20];

  it('never less paint than needed, never dearer than brute force, ties as specified, out-of-stock never chosen (3,000 cases)', () => {
    const random = createRandom(20261129) as () => number;
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    for (let k = 0; k < 3000; k++) {
      const sizeCount = 1 + Math.floor(random() * 4);
      const packs: PackOption[] = [];
      for (let i = 0; i < sizeCount; i++) {
        const litres = pick(SIZES);
        // Prices sometimes on round figures so that ties happen.
        const perLitre = random() < 0.3 ? 1000 : 800 + Math.floor(random() * 1600);
        // Small sizes are sometimes a family's sample pots, which the search must pass over.
        const samplePot = litres <= 0.5 && random() < 0.5;
        packs.push({ productId: `p${i}`, litres, priceCents: Math.max(1, Math.round(litres * perLitre)), inStock: random() < 0.8, ...(samplePot ? { samplePot } : {}) });
      }
      const need = Math.round(random() * 12 * 1000) / 1000;
      const got = chooseCheapestPacks(need, packs);
      const expected = bruteForce(need, packs);
      const byId = new Map(packs.map((p) => [p.productId, p]));
      if (need === 0) {
        expect(got.packs).toEqual([]);
        continue;
      }
      if (!expected) {
        expect(got.packs).toEqual([]);
        expect(got.reason).toBe('none-in-stock');
        continue;
      }
      let litres = 0;
      let cost = 0;
      let count = 0;
      for (const line of got.packs) {
        const p = byId.get(line.productId)!;
        expect(p.inStock).toBe(true);
        expect(p.samplePot).toBeUndefined();
        expect(Number.isInteger(line.quantity) && line.quantity > 0).toBe(true);
        litres += p.litres * line.quantity;
        cost += p.priceCents * line.quantity;
        count += line.quantity;
      }
      expect(litres).toBeGreaterThanOrEqual(need - 1e-9);
      expect(got.totalCents).toBe(cost);
      expect(got.packLitres).toBeCloseTo(litres, 9);
      expect({ cost, count, volume: Math.round(litres * 1e9) }).toEqual(expected);
    }
  });

  it('stays exact in price when US and metric sizes share a family (1,000 cases)', () => {
    const random = createRandom(4242) as () => number;
    const SIZES_MIXED = [1, 2.5, 5, LITRES_PER_US_QUART, LITRES_PER_US_GALLON];
    for (let k = 0; k < 1000; k++) {
      const packs: PackOption[] = SIZES_MIXED.filter(() => random() < 0.6).map((litres, i) => ({
        productId: `m${i}`,
        litres,
        priceCents: Math.round(litres * (900 + random() * 900)),
        inStock: random() < 0.9,
      }));
      const need = Math.round(random() * 12 * 1000) / 1000;
      const got = chooseCheapestPacks(need, packs);
      const expected = bruteForce(need, packs);
      if (need === 0 || !expected) {
        expect(got.packs).toEqual([]);
        continue;
      }
      const litres = got.packs.reduce((s, l) => s + packs.find((p) => p.productId === l.productId)!.litres * l.quantity, 0);
      expect(litres).toBeGreaterThanOrEqual(need - 1e-9);
      expect(got.totalCents).toBe(expected.cost);
    }
  });

  it('estimatePaint plans within the range and covers its plan (2,000 cases)', () => {
    const random = createRandom('estimate') as () => number;
    for (let k = 0; k < 2000; k++) {
      const min = 1 + random() * 15;
      const max = min + random() * 10;
      const walls = Array.from({ length: 1 + Math.floor(random() * 4) }, () => ({ length: random() * 8, height: 2 + random() }));
      const surface = (['smooth', 'textured', 'porous'] as const)[k % 3]!;
      const e = estimatePaint({
        walls,
        doors: Math.floor(random() * 3),
        windows: Math.floor(random() * 3),
        coats: 1 + Math.floor(random() * 3),
        surface,
        spreadRate: { min, max, unit: 'm2/L' },
        packs: metric,
      });
      expect(e.area).toBeGreaterThanOrEqual(0);
      expect(e.area).toBeLessThanOrEqual(e.grossArea);
      expect(e.litres.min).toBeLessThanOrEqual(e.plannedLitres);
      expect(e.plannedLitres).toBeLessThanOrEqual(e.litres.max);
      if (surface === 'smooth') expect(e.plannedLitres).toBe(e.litres.min);
      if (surface === 'porous') expect(e.plannedLitres).toBe(e.litres.max);
      expect(e.packLitres).toBeGreaterThanOrEqual(e.plannedLitres - 1e-9);
      expect(e.leftoverLitres).toBeCloseTo(e.packs.length ? e.packLitres - e.plannedLitres : 0, 6);
    }
  });
});
