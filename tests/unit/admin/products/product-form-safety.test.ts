import { describe, expect, it } from 'vitest';
import {
  checkProductForm,
  emptyProductForm,
  formToInput,
  mapServerFields,
  productToForm,
  splitStatementCodes,
  type ProductForm,
} from '../../../../src/components/admin/products/product-form';
import { computeUfiCheckCharacter } from '../../../../src/lib/paint/ufi';
import type { AdminProduct } from '../../../../src/lib/schemas/admin-catalog';

function validForm(overrides: Partial<ProductForm> = {}): ProductForm {
  return {
    ...emptyProductForm(),
    name: 'Harbour Grey Floor Enamel',
    sku: 'HGF-500',
    description: 'A hard-wearing enamel for garage and workshop floors.',
    brand: 'Rustoleum',
    category: 'Rustoleum',
    finish: 'Gloss',
    price: '49.99',
    stockQuantity: '12',
    coverage: '350-400 sq ft per gallon',
    usageInstructions: 'Stir well. Two coats, four hours apart.',
    image: '/media/abc.webp',
    ...overrides,
  };
}

describe('the safety fields of the product form (issue 25)', () => {
  it('sends null hazard, VOC and dangerous goods when every safety field is blank, so a cleared block is removed', () => {
    const input = formToInput(validForm());
    expect(input.hazard).toBeNull();
    expect(input.voc).toBeNull();
    expect(input.dangerousGoods).toBeNull();
    expect(checkProductForm(validForm()).fields).toEqual({});
  });

  it('splits typed statement codes on commas and spaces, keeping combined codes whole', () => {
    expect(splitStatementCodes('h226, euh066\nP102 p303 + p361 + p353;')).toEqual(['H226', 'EUH066', 'P102', 'P303+P361+P353']);
  });

  it('sends the typed hazard, VOC and transport data as the API takes them', () => {
    const input = formToInput(
      validForm({
        pictograms: ['GHS02', 'GHS07'],
        signalWord: 'Warning',
        statements: 'H226, P102',
        vocSubcategory: 'd',
        vocBase: 'solvent',
        vocMax: '280',
        dgUn: 'un 1263',
        dgClass: '3',
        dgPackingGroup: 'III',
        dgLimitedQuantity: true,
        dgNetVolume: '0.75',
        dgGrossWeight: '1.1',
      }),
    );
    expect(input.hazard).toEqual({ pictograms: ['GHS02', 'GHS07'], signalWord: 'Warning', statements: ['H226', 'P102'], ufi: null });
    expect(input.voc).toEqual({ subcategory: 'd', base: 'solvent', maxGramsPerLitre: 280 });
    expect(input.dangerousGoods).toEqual({ un: 'UN1263', class: '3', packingGroup: 'III', limitedQuantity: true, aerosol: false, netVolumeLitres: 0.75, grossWeightKg: 1.1 });
  });

  it('refuses a VOC content over its subcategory limit on the VOC field, naming both figures', () => {
    const check = checkProductForm(validForm({ vocSubcategory: 'd', vocBase: 'solvent', vocMax: '340' }));
    expect(check.fields.vocMax).toBe('This product contains max 340 g/l VOC, above the EU limit value of 300 g/l for cat. A/d (solvent-borne, 2010): it cannot be sold in the EU.');
  });

  it('puts an unknown statement code, a bad UFI, a bad UN number and a missing gross weight on their fields', () => {
    const check = checkProductForm(validForm({ statements: 'H226, H999', ufi: 'ABCD-EFGH', dgUn: 'UN12', dgClass: '3' }));
    expect(check.fields.statements).toBe('Unknown hazard or precautionary statement code: H999.');
    expect(check.fields.ufi).toBeTruthy();
    expect(check.fields.dgUn).toBe("The UN number must be 'UN' and four digits, e.g. UN1263.");
    expect(check.fields.dgGrossWeight).toBe('The gross weight must be a number of kg above 0.');
  });

  it('asks for a statement or pictogram when only a signal word is set', () => {
    expect(checkProductForm(validForm({ signalWord: 'Danger' })).fields.statements).toBe('Hazard data needs at least one pictogram or statement (or none at all).');
  });

  it('accepts a valid UFI typed in lower case with a pictogram', () => {
    const rest = 'E60030P1S00Y5RC';
    const ufi = `${computeUfiCheckCharacter(rest)}${rest}`.toLowerCase();
    expect(checkProductForm(validForm({ pictograms: ['GHS07'], ufi })).fields).toEqual({});
  });

  it("maps the server's field keys of the safety data onto the form", () => {
    const { fields, other } = mapServerFields({ 'voc.maxGramsPerLitre': 'over', 'hazard.statements.1': 'unknown', 'dangerousGoods.grossWeightKg': 'weight', 'hazard.ufi': 'ufi' });
    expect(fields).toEqual({ vocMax: 'over', statements: 'unknown', dgGrossWeight: 'weight', ufi: 'ufi' });
    expect(other).toEqual([]);
  });

  it('opens an existing product with its safety data', () => {
    const product = {
      ...({} as AdminProduct),
      name: 'x',
      gallery: [],
      features: [],
      certifications: [],
      technicalSpecs: [],
      hazard: { pictograms: ['GHS02'], signalWord: 'Danger', statements: [{ code: 'H225', text: 'Highly flammable liquid and vapour.' }], ufi: null },
      voc: { subcategory: 'e', base: 'solvent', maxGramsPerLitre: 390, limitGramsPerLitre: 400 },
      dangerousGoods: { un: 'UN1263', class: '3', packingGroup: 'II', limitedQuantity: false, aerosol: false, netVolumeLitres: null, grossWeightKg: 4.2 },
    } as AdminProduct;
    const form = productToForm(product);
    expect(form).toMatchObject({ pictograms: ['GHS02'], signalWord: 'Danger', statements: 'H225', ufi: '', vocSubcategory: 'e', vocBase: 'solvent', vocMax: '390', dgUn: 'UN1263', dgPackingGroup: 'II', dgNetVolume: '', dgGrossWeight: '4.2' });
  });
});
