import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkVoc, formatVocLabel, VOC_LIMITS, VOC_SUBCATEGORIES, vocLimit } from '../../../../src/lib/paint/voc';

describe('Annex II A limits', () => {
  it('equal the fixture row for row (2007 and 2010, water- and solvent-borne)', () => {
    const [header, ...rows] = readFileSync(new URL('../../../../src/lib/paint/voc-2004-42-annex-ii-a.csv', import.meta.url), 'utf8')
      .trim()
      .split('\n');
    expect(header).toBe('subcategory,description,type,limit_2007_gpl,limit_2010_gpl');
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      const [sub, description, type, l2007, l2010] = row.split(',') as [keyof typeof VOC_LIMITS, string, string, string, string];
      const entry = VOC_LIMITS[sub][type === 'WB' ? 'water' : 'solvent'];
      expect(entry, row).toEqual({ description, limit2007: Number(l2007), limit2010: Number(l2010) });
    }
    expect(VOC_SUBCATEGORIES).toHaveLength(12);
  });

  it('gives the 2010 limit of each subcategory', () => {
    expect(vocLimit('a', 'water')).toBe(30);
    expect(vocLimit('d', 'solvent')).toBe(300);
    expect(vocLimit('f', 'solvent')).toBe(700);
    expect(vocLimit('j', 'water')).toBe(140);
    expect(vocLimit('l', 'solvent')).toBe(200);
  });
});

describe('the label line and the check', () => {
  it('writes the Annex III line exactly', () => {
    expect(formatVocLabel('a', 'water', 10)).toBe(
      'EU limit value for this product (cat. A/a): 30 g/l (2010). This product contains max 10 g/l VOC.',
    );
    expect(formatVocLabel('d', 'solvent', 299.5)).toBe(
      'EU limit value for this product (cat. A/d): 300 g/l (2010). This product contains max 299.5 g/l VOC.',
    );
  });

  it('accepts content up to and at the limit', () => {
    expect(checkVoc({ subcategory: 'a', base: 'water', maxGramsPerLitre: 30 })).toEqual({
      ok: true,
      limitGramsPerLitre: 30,
      label: 'EU limit value for this product (cat. A/a): 30 g/l (2010). This product contains max 30 g/l VOC.',
    });
    expect(checkVoc({ subcategory: 'i', base: 'solvent', maxGramsPerLitre: 0 }).ok).toBe(true);
  });

  it('refuses content above the limit with a message naming both figures', () => {
    const r = checkVoc({ subcategory: 'a', base: 'water', maxGramsPerLitre: 45 });
    expect(r).toEqual({
      ok: false,
      limitGramsPerLitre: 30,
      message: 'This product contains max 45 g/l VOC, above the EU limit value of 30 g/l for cat. A/a (water-borne, 2010): it cannot be sold in the EU.',
    });
    const sb = checkVoc({ subcategory: 'e', base: 'solvent', maxGramsPerLitre: 400.1 });
    expect(sb.ok).toBe(false);
    if (!sb.ok) expect(sb.message).toContain('400.1 g/l');
    if (!sb.ok) expect(sb.message).toContain('400 g/l');
  });

  it('refuses nonsense input', () => {
    expect(() => checkVoc({ subcategory: 'z' as never, base: 'water', maxGramsPerLitre: 1 })).toThrow('Unknown VOC subcategory: z.');
    expect(() => checkVoc({ subcategory: 'a', base: 'water', maxGramsPerLitre: -1 })).toThrow(RangeError);
  });
});
