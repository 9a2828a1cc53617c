import { describe, expect, it } from 'vitest';
import { productInputSchema } from '../../../../src/lib/schemas/admin-catalog';
import { productSchema } from '../../../../src/lib/schemas/catalog';
import { convertSpreadRate, spreadRateSchema } from '../../../../src/lib/paint/units';
import { readProductFiles } from '../../../../src/server/catalog/content-files';

const base = readProductFiles(process.cwd()).find((p) => p.product.id === 'dc-ultra-interior-eggshell-1g')!.product;
const issues = (value: unknown) => {
  const r = productSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the product schema’s paint fields', () => {
  it('accepts a family, a pack size, a spread rate in either unit, coats and the primer flag, and null for each', () => {
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, spreadRate: { min: 9, max: 10, unit: 'm2/L' } })).toEqual([]);
    expect(issues({ ...base, family: null, packSize: null, spreadRate: null, recommendedCoats: null, primerAdvised: false })).toEqual([]);
  });

  it('refuses a bad family slug, a pack size of 0, an unknown unit, min above max, implausible rates and coats out of range', () => {
    expect(issues({ ...base, family: 'Not A Slug' })).toEqual(['family: Must be lower-case letters, digits and single hyphens.']);
    expect(issues({ ...base, packSize: { value: 0, unit: 'gal' } })).toEqual(['packSize.value: A pack size must be more than 0.']);
    expect(issues({ ...base, packSize: { value: 1, unit: 'pint' } })[0]).toMatch(/^packSize.unit: A pack size's unit must be one of L, mL, gal, qt/);
    expect(issues({ ...base, spreadRate: { min: 400, max: 350, unit: 'ft2/gal' } })).toEqual([
      "spreadRate.min: The spread rate's minimum (400) must not be more than its maximum (350).",
    ]);
    expect(issues({ ...base, spreadRate: { min: 10, max: 2000, unit: 'ft2/gal' } })).toEqual([
      'spreadRate.min: A spread rate of 10 ft2/gal is not plausible: paints cover 41 ft²/gal to 1222 ft²/gal.',
      'spreadRate.max: A spread rate of 2000 ft2/gal is not plausible: paints cover 41 ft²/gal to 1222 ft²/gal.',
    ]);
    expect(issues({ ...base, spreadRate: { min: -1, max: 10, unit: 'm2/L' } })).toEqual(['spreadRate.min: The spread rate must be more than 0.']);
    expect(issues({ ...base, recommendedCoats: 0 })).toEqual(['recommendedCoats: At least 1 coat.']);
    expect(issues({ ...base, recommendedCoats: 2.5 })).toEqual(['recommendedCoats: Coats must be a whole number.']);
    expect(issues({ ...base, recommendedCoats: 6 })).toEqual(['recommendedCoats: At most 5 coats.']);
  });

  it('converts a spread rate both ways: 350-400 ft²/gal is 8.59-9.82 m²/L, and back', () => {
    const metric = convertSpreadRate({ min: 350, max: 400, unit: 'ft2/gal' }, 'm2/L');
    expect(metric).toEqual({ min: 8.59, max: 9.82, unit: 'm2/L' });
    expect(convertSpreadRate(metric, 'ft2/gal')).toEqual({ min: 350, max: 400, unit: 'ft2/gal' });
    expect(convertSpreadRate({ min: 10, max: 12, unit: 'm2/L' }, 'm2/L')).toEqual({ min: 10, max: 12, unit: 'm2/L' });
    expect(spreadRateSchema.safeParse(metric).success).toBe(true);
  });
});

describe('the product dialog’s paint fields', () => {
  const dialog = {
    name: 'Test Matt 1 gal', sku: 'TST-1', description: 'A test paint for the dialog.', brand: 'Diamond Collection',
    image: '/media/x.webp', category: 'Diamond Collection', price: 10, stockQuantity: 3, usageInstructions: 'Apply.',
    coverage: '350 sq ft per gallon', finish: 'Matt',
  };
  it('leaves them out when not sent (kept on save), takes null to clear and an empty family as none', () => {
    const absent = productInputSchema.parse(dialog);
    expect([absent.family, absent.packSize, absent.spreadRate, absent.recommendedCoats, absent.primerAdvised]).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(productInputSchema.parse({ ...dialog, family: '' }).family).toBeNull();
    expect(productInputSchema.parse({ ...dialog, family: null, packSize: null }).packSize).toBeNull();
  });
  it('refuses a bad family and an implausible rate with clear messages', () => {
    const r = productInputSchema.safeParse({ ...dialog, family: 'Bad Family', spreadRate: { min: 5, max: 4, unit: 'm2/L' } });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`)).toEqual([
      'family: The family must be lower-case letters, digits and single hyphens (at most 80 characters).',
      "spreadRate.min: The spread rate's minimum (5) must not be more than its maximum (4).",
    ]);
  });
});
