import { describe, expect, it } from 'vitest';
import {
  coverageSchema,
  FT2_PER_M2,
  feetToMetres,
  litresToGallons,
  metresToFeet,
  packSizeSchema,
  packSizeToKilograms,
  packSizeToLitres,
  spreadRateToFt2PerGal,
  spreadRateToM2PerL,
  squareFeetToSquareMetres,
  squareMetresToSquareFeet,
} from '../../../../src/lib/paint/units';

describe('packSizeToLitres', () => {
  it('converts volumes, with US gallons and quarts (not imperial)', () => {
    expect(packSizeToLitres({ value: 2.5, unit: 'L' })).toBe(2.5);
    expect(packSizeToLitres({ value: 750, unit: 'mL' })).toBeCloseTo(0.75, 12);
    expect(packSizeToLitres({ value: 1, unit: 'gal' })).toBe(3.785411784);
    expect(packSizeToLitres({ value: 5, unit: 'gal' })).toBeCloseTo(18.92705892, 9);
    expect(packSizeToLitres({ value: 1, unit: 'qt' })).toBeCloseTo(0.946352946, 12);
    expect(packSizeToLitres({ value: 4, unit: 'qt' })).toBeCloseTo(packSizeToLitres({ value: 1, unit: 'gal' })!, 12);
    expect(packSizeToLitres({ value: 1, unit: 'gal' })).not.toBeCloseTo(4.54609, 2);
  });

  it('needs a density for a mass, and answers null without one', () => {
    expect(packSizeToLitres({ value: 5, unit: 'kg' })).toBeNull();
    expect(packSizeToLitres({ value: 5, unit: 'kg' }, 0)).toBeNull();
    expect(packSizeToLitres({ value: 5, unit: 'kg' }, 1.25)).toBeCloseTo(4, 12);
    expect(packSizeToLitres({ value: 500, unit: 'g' }, 1)).toBeCloseTo(0.5, 12);
    expect(packSizeToLitres({ value: 12, unit: 'oz' }, 0.8)).toBeCloseTo((12 * 0.028349523125) / 0.8, 12);
  });

  it('gives kilograms for masses only', () => {
    expect(packSizeToKilograms({ value: 16, unit: 'oz' })).toBeCloseTo(0.45359237, 12);
    expect(packSizeToKilograms({ value: 250, unit: 'g' })).toBeCloseTo(0.25, 12);
    expect(packSizeToKilograms({ value: 1, unit: 'L' })).toBeNull();
  });
});

describe('areas and spread rates', () => {
  it('converts m² and ft² both ways', () => {
    expect(FT2_PER_M2).toBeCloseTo(10.7639104, 6);
    expect(squareMetresToSquareFeet(1.9)).toBeCloseTo(20.45, 2);
    expect(squareFeetToSquareMetres(squareMetresToSquareFeet(37.5))).toBeCloseTo(37.5, 12);
    expect(metresToFeet(0.3048)).toBeCloseTo(1, 12);
    expect(feetToMetres(10)).toBeCloseTo(3.048, 12);
    expect(litresToGallons(3.785411784)).toBeCloseTo(1, 12);
  });

  it('converts spread rates: 10 m²/L is about 407 ft²/gal, and back', () => {
    expect(spreadRateToFt2PerGal(10)).toBeCloseTo(407.458, 2);
    expect(spreadRateToM2PerL(400)).toBeCloseTo(9.8169, 3);
    for (const r of [1, 7.5, 12, 30]) expect(spreadRateToM2PerL(spreadRateToFt2PerGal(r))).toBeCloseTo(r, 12);
  });
});

describe('packSizeSchema', () => {
  it('accepts every unit with a positive value', () => {
    for (const unit of ['L', 'mL', 'gal', 'qt', 'kg', 'g', 'oz'] as const) {
      expect(packSizeSchema.safeParse({ value: 1, unit }).success).toBe(true);
    }
  });

  it('refuses zero, negative, unknown units and absurd sizes with clear messages', () => {
    const msg = (v: unknown) => {
      const r = packSizeSchema.safeParse(v);
      return r.success ? '' : r.error.issues.map((i) => i.message).join(' | ');
    };
    expect(msg({ value: 0, unit: 'L' })).toBe('A pack size must be more than 0.');
    expect(msg({ value: -1, unit: 'gal' })).toBe('A pack size must be more than 0.');
    expect(msg({ value: 1, unit: 'pint' })).toBe("A pack size's unit must be one of L, mL, gal, qt, kg, g, oz.");
    expect(msg({ value: 300, unit: 'gal' })).toBe('A pack size must be at most 1000 L or 1000 kg.');
    expect(msg({ value: 1000, unit: 'L' })).toBe('');
  });
});

describe('coverageSchema', () => {
  const base = { spreadRate: { min: 10, max: 12, unit: 'm2/L' }, coats: 2, primerAdvised: false };
  const messages = (v: unknown) => {
    const r = coverageSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a plausible coverage in m²/L and in ft²/gal', () => {
    expect(messages(base)).toEqual([]);
    expect(messages({ ...base, spreadRate: { min: 350, max: 400, unit: 'ft2/gal' } })).toEqual([]);
    expect(messages({ ...base, spreadRate: { min: 1, max: 30, unit: 'm2/L' } })).toEqual([]);
  });

  it('refuses min above max', () => {
    expect(messages({ ...base, spreadRate: { min: 14, max: 12, unit: 'm2/L' } })).toEqual([
      "spreadRate.min: The spread rate's minimum (14) must not be more than its maximum (12).",
    ]);
  });

  it('refuses rates outside 1–30 m²/L, naming the bounds in the unit used', () => {
    expect(messages({ ...base, spreadRate: { min: 0.5, max: 12, unit: 'm2/L' } })).toEqual([
      'spreadRate.min: A spread rate of 0.5 m2/L is not plausible: paints cover 1 m²/L to 30 m²/L.',
    ]);
    expect(messages({ ...base, spreadRate: { min: 350, max: 4000, unit: 'ft2/gal' } })).toEqual([
      'spreadRate.max: A spread rate of 4000 ft2/gal is not plausible: paints cover 41 ft²/gal to 1222 ft²/gal.',
    ]);
  });

  it('refuses non-positive rates, fractional or out-of-range coats and a missing primer flag', () => {
    expect(messages({ ...base, spreadRate: { min: 0, max: 12, unit: 'm2/L' } })).toContain(
      'spreadRate.min: The spread rate must be more than 0.',
    );
    expect(messages({ ...base, coats: 1.5 })).toEqual(['coats: Coats must be a whole number.']);
    expect(messages({ ...base, coats: 0 })).toEqual(['coats: At least 1 coat.']);
    expect(messages({ ...base, coats: 6 })).toEqual(['coats: At most 5 coats.']);
    expect(coverageSchema.safeParse({ ...base, primerAdvised: undefined }).success).toBe(false);
    expect(messages({ ...base, spreadRate: { min: 10, max: 12, unit: 'm2/gal' } })).toEqual([
      "spreadRate.unit: The spread rate's unit must be m2/L or ft2/gal.",
    ]);
  });
});
