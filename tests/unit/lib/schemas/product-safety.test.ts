import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productInputSchema } from '../../../../src/lib/schemas/admin-catalog';
import { productSchema } from '../../../../src/lib/schemas/catalog';
import {
  PRODUCT_SAFETY_MESSAGES as M,
  dangerousGoodsSchema,
  productHazardInputSchema,
  productHazardSchema,
  productVocInputSchema,
  productVocSchema,
  toProductHazard,
  toStoredHazard,
} from '../../../../src/lib/schemas/product-safety';
import { statementText } from '../../../../src/lib/paint/ghs';
import { UFI_MESSAGES } from '../../../../src/lib/paint/ufi';
import { productToColumns, rowToProduct } from '../../../../src/server/catalog/catalog.rows';

const FILES = ['decorative-eco', 'diamond-collection', 'floor-coatings', 'industrial', 'retail-brands', 'specialty'];
const products = FILES.flatMap((f) => JSON.parse(readFileSync(new URL(`../../../../content/products/${f}.json`, import.meta.url), 'utf8')) as Record<string, any>[]);

const firstMessage = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) => r.error?.issues[0];

describe('hazard data', () => {
  it('keeps statement codes in the database and gives each its official text when read', () => {
    const stored = productHazardInputSchema.parse({ pictograms: ['ghs02', 'GHS07'], signalWord: 'danger', statements: ['h225', { code: 'P210', text: 'anything' }], ufi: 'ufi: n1qv-r02n-j00m-wqd5' });
    expect(stored).toEqual({ pictograms: ['GHS02', 'GHS07'], signalWord: 'Danger', statements: ['H225', 'P210'], ufi: 'N1QV-R02N-J00M-WQD5' });
    const read = toProductHazard(stored);
    expect(read.statements).toEqual([
      { code: 'H225', text: 'Highly flammable liquid and vapour.' },
      { code: 'P210', text: 'Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.' },
    ]);
    expect(productHazardSchema.parse(read)).toEqual(read);
    expect(toStoredHazard(read)).toEqual(stored);
  });

  it('refuses a pictogram outside GHS01-GHS09, an unknown statement code, a wrong signal word and a mistyped UFI', () => {
    expect(firstMessage(productHazardInputSchema.safeParse({ pictograms: ['GHS10'], statements: ['H225'] }))?.message).toBe(M.pictogram);
    expect(firstMessage(productHazardInputSchema.safeParse({ pictograms: ['GHS02'], statements: ['H999'] }))?.message).toBe(`${M.statement} H999.`);
    expect(firstMessage(productHazardInputSchema.safeParse({ pictograms: ['GHS02'], signalWord: 'Caution' }))?.message).toBe(M.signalWord);
    expect(firstMessage(productHazardInputSchema.safeParse({ pictograms: ['GHS02'], ufi: 'N1QV-R02N-J00M-WQD6' }))?.message).toBe(UFI_MESSAGES.check);
    expect(firstMessage(productHazardInputSchema.safeParse({ pictograms: [], statements: [] }))?.message).toBe(M.hazardEmpty);
  });

  it('refuses a content statement whose text is not the official one', () => {
    const r = productHazardSchema.safeParse({ pictograms: ['GHS02'], signalWord: 'Warning', statements: [{ code: 'H226', text: 'Burns.' }], ufi: null });
    expect(firstMessage(r)?.message).toBe(M.statementText);
  });
});

describe('VOC data', () => {
  it('derives the limit from Annex II A and accepts content equal to it', () => {
    expect(productVocInputSchema.parse({ subcategory: 'A', base: 'water', maxGramsPerLitre: 30, limitGramsPerLitre: 999 })).toEqual({ subcategory: 'a', base: 'water', maxGramsPerLitre: 30 });
  });

  it('refuses content over its subcategory limit with a message naming both figures', () => {
    const r = productVocInputSchema.safeParse({ subcategory: 'd', base: 'solvent', maxGramsPerLitre: 340 });
    const issue = firstMessage(r)!;
    expect(issue.path).toEqual(['maxGramsPerLitre']);
    expect(issue.message).toBe('This product contains max 340 g/l VOC, above the EU limit value of 300 g/l for cat. A/d (solvent-borne, 2010): it cannot be sold in the EU.');
    const dialog = productInputSchema.safeParse({ ...baseInput(), voc: { subcategory: 'd', base: 'solvent', maxGramsPerLitre: 340 } });
    expect(dialog.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['voc.maxGramsPerLitre', issue.message]]);
  });

  it('refuses a content file whose limit is not the table one', () => {
    expect(firstMessage(productVocSchema.safeParse({ subcategory: 'b', base: 'water', maxGramsPerLitre: 50, limitGramsPerLitre: 150 }))?.message).toBe(M.vocLimit);
  });
});

describe('dangerous goods', () => {
  it('checks the UN number, the class and the packing group', () => {
    const ok = { un: 'UN1263', class: '3', packingGroup: 'III', limitedQuantity: true, aerosol: false, netVolumeLitres: 3.79, grossWeightKg: 4.9 };
    expect(dangerousGoodsSchema.parse(ok)).toEqual(ok);
    expect(firstMessage(dangerousGoodsSchema.safeParse({ ...ok, un: '1263' }))?.message).toBe(M.un);
    expect(firstMessage(dangerousGoodsSchema.safeParse({ ...ok, class: 'three' }))?.message).toBe(M.transportClass);
    expect(firstMessage(dangerousGoodsSchema.safeParse({ ...ok, packingGroup: 'IV' }))?.message).toBe(M.packingGroup);
    expect(firstMessage(dangerousGoodsSchema.safeParse({ ...ok, grossWeightKg: 0 }))?.message).toBe(M.grossWeight);
  });
});

describe('the sample catalogue', () => {
  it('gives every product the three fields, null or valid, and the table knows every statement code used', () => {
    for (const p of products) {
      expect(Object.keys(p).slice(Object.keys(p).indexOf('brandLogo') + 1, Object.keys(p).indexOf('brandLogo') + 4)).toEqual(['hazard', 'voc', 'dangerousGoods']);
      expect(productSchema.safeParse(p).success, p.id).toBe(true);
      for (const s of p.hazard?.statements ?? []) expect(statementText(s.code), s.code).toBeDefined();
    }
  });

  it('classifies aerosols as UN1950 2.1 extremely flammable, alkyds as UN1263 class 3, two-pack epoxies as sensitising and harmful to aquatic life', () => {
    const aerosols = products.filter((p) => p.visual?.kind === 'aerosol');
    expect(aerosols.length).toBeGreaterThan(3);
    for (const p of aerosols) {
      expect(p.dangerousGoods).toMatchObject({ un: 'UN1950', class: '2.1', aerosol: true, limitedQuantity: true });
      expect(p.hazard.statements.map((s: { code: string }) => s.code)).toContain('H222');
    }
    const alkyd = products.find((p) => p.id === 'dc-alkyd-urethane-gloss-enamel-1g')!;
    expect(alkyd.dangerousGoods).toMatchObject({ un: 'UN1263', class: '3', packingGroup: 'III' });
    const epoxy = products.find((p) => p.id === 'kretus-100-solids-clear-epoxy-3g-kit')!;
    expect(epoxy.hazard.statements.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['H315', 'H317', 'H411', 'EUH205']));
    const acrylic = products.find((p) => p.id === 'dc-ultra-interior-eggshell-1g')!;
    expect([acrylic.hazard, acrylic.dangerousGoods]).toEqual([null, null]);
    expect(acrylic.voc).toEqual({ subcategory: 'b', base: 'water', maxGramsPerLitre: 50, limitGramsPerLitre: 100 });
  });

  it('survives the row mapping unchanged, so the export writes the files back as they are', () => {
    for (const p of products) expect(rowToProduct(productToColumns(productSchema.parse(p)) as never)).toEqual(productSchema.parse(p));
  });
});

function baseInput() {
  return {
    name: 'Harbour Grey Floor Enamel',
    sku: 'HG-1',
    description: 'A hard-wearing alkyd enamel for garage and workshop floors.',
    brand: 'Diamond Collection',
    image: '/images/x.jpg',
    category: 'Diamond Collection',
    price: 42.5,
    stockQuantity: 12,
    usageInstructions: 'Stir well.',
    coverage: '350 sq ft per gallon',
    finish: 'Gloss',
  };
}
