/**
 * VOC limits of Directive 2004/42/EC, Annex II A (decorative paints and varnishes): per subcategory
 * a–l and water-borne (WB) or solvent-borne (SB) product, the maximum VOC content in g/l of the
 * ready-to-use product, phase I (2007) and phase II (2010, the one in force). Source: the Directive's
 * Annex II A, as in the shared fixture regulations/voc-2004-42-annex-ii-a.csv (copied beside this
 * file; a unit test keeps the two equal). The label line follows Annex III.
 */

/** The subcategories of Annex II A. */
export const VOC_SUBCATEGORIES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'] as const;
/** One subcategory letter. */
export type VocSubcategory = (typeof VOC_SUBCATEGORIES)[number];
/** Water-borne or solvent-borne. */
export type VocBase = 'water' | 'solvent';

/** One row of Annex II A: the subcategory's description and its limits in g/l. */
export interface VocLimitRow {
  description: string;
  limit2007: number;
  limit2010: number;
}

/** Annex II A by subcategory and base. */
export const VOC_LIMITS: Readonly<Record<VocSubcategory, { description: string; water: VocLimitRow; solvent: VocLimitRow }>> = (() => {
  const rows: [VocSubcategory, string, number, number, number, number][] = [
    ['a', 'Interior matt walls and ceilings (gloss <= 25@60 deg)', 75, 30, 400, 30],
    ['b', 'Interior glossy walls and ceilings (gloss > 25@60 deg)', 150, 100, 400, 100],
    ['c', 'Exterior walls of mineral substrate', 75, 40, 450, 430],
    ['d', 'Interior/exterior trim and cladding paints for wood and metal', 150, 130, 400, 300],
    ['e', 'Interior/exterior trim varnishes and woodstains including opaque woodstains', 150, 130, 500, 400],
    ['f', 'Interior and exterior minimal build woodstains', 150, 130, 700, 700],
    ['g', 'Primers', 50, 30, 450, 350],
    ['h', 'Binding primers', 50, 30, 750, 750],
    ['i', 'One-pack performance coatings', 140, 140, 600, 500],
    ['j', 'Two-pack reactive performance coatings for specific end use such as floors', 140, 140, 550, 500],
    ['k', 'Multi-coloured coatings', 150, 100, 400, 100],
    ['l', 'Decorative effect coatings', 300, 200, 500, 200],
  ];
  return Object.fromEntries(
    rows.map(([sub, description, wb07, wb10, sb07, sb10]) => [
      sub,
      {
        description,
        water: { description, limit2007: wb07, limit2010: wb10 },
        solvent: { description, limit2007: sb07, limit2010: sb10 },
      },
    ]),
  ) as Record<VocSubcategory, { description: string; water: VocLimitRow; solvent: VocLimitRow }>;
})();

/** Whether a string is a subcategory letter a–l. */
export function isVocSubcategory(value: string): value is VocSubcategory {
  return (VOC_SUBCATEGORIES as readonly string[]).includes(value);
}

/** The phase II (2010) limit in g/l for a subcategory and base. */
export function vocLimit(subcategory: VocSubcategory, base: VocBase): number {
  return VOC_LIMITS[subcategory][base].limit2010;
}

function formatGrams(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** The Annex III label line: 'EU limit value for this product (cat. A/x): N g/l (2010). This product contains max M g/l VOC.' */
export function formatVocLabel(subcategory: VocSubcategory, base: VocBase, maxGramsPerLitre: number): string {
  return `EU limit value for this product (cat. A/${subcategory}): ${vocLimit(subcategory, base)} g/l (2010). This product contains max ${formatGrams(maxGramsPerLitre)} g/l VOC.`;
}

/** A product's VOC data as the catalogue keeps it. */
export interface VocContent {
  subcategory: VocSubcategory;
  base: VocBase;
  maxGramsPerLitre: number;
}

/** The outcome of checkVoc: the limit and label line, or the refusal naming both figures. */
export type VocCheck = { ok: true; limitGramsPerLitre: number; label: string } | { ok: false; limitGramsPerLitre: number; message: string };

/** Checks a product's maximum VOC content against its subcategory's 2010 limit (content equal to the limit passes). */
export function checkVoc(voc: VocContent): VocCheck {
  if (!isVocSubcategory(voc.subcategory)) throw new RangeError(`Unknown VOC subcategory: ${voc.subcategory}.`);
  if (!Number.isFinite(voc.maxGramsPerLitre) || voc.maxGramsPerLitre < 0) {
    throw new RangeError('The maximum VOC content must be a number of g/l of at least 0.');
  }
  const limit = vocLimit(voc.subcategory, voc.base);
  if (voc.maxGramsPerLitre > limit) {
    return {
      ok: false,
      limitGramsPerLitre: limit,
      message: `This product contains max ${formatGrams(voc.maxGramsPerLitre)} g/l VOC, above the EU limit value of ${limit} g/l for cat. A/${voc.subcategory} (${voc.base}-borne, 2010): it cannot be sold in the EU.`,
    };
  }
  return { ok: true, limitGramsPerLitre: limit, label: formatVocLabel(voc.subcategory, voc.base, voc.maxGramsPerLitre) };
}
