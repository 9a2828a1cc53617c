import { describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES as M,
  addListEntry,
  addTechnicalSpec,
  categoryChangeSchema,
  categoryInputSchema,
  checkRequiredProductFields,
  productInputSchema,
  productUpdateSchema,
  slugFromName,
  type ProductInput,
} from '../../../../src/lib/schemas/admin-catalog';

const valid: ProductInput = {
  name: 'Diamond Floor Epoxy',
  sku: 'DC-FE-1G',
  description: 'A two-part epoxy for garage and workshop floors.',
  brand: 'Diamond Collection',
  image: '/media/abc.webp',
  category: 'Diamond Collection',
  price: 49.99,
  stockQuantity: 12,
  usageInstructions: 'Mix parts A and B, apply with a roller.',
  coverage: '250 sq ft per gallon',
  finish: 'Gloss',
};

/** The field messages of a refused input. */
function fieldsOf(input: unknown, schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } = productInputSchema) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  const fields: Record<string, string> = {};
  for (const i of result.error!.issues) fields[i.path.join('.')] ??= i.message;
  return fields;
}

describe('product form schema (spec §5 Admin product form)', () => {
  it('accepts a complete product and fills the defaults', () => {
    const p = productInputSchema.parse(valid);
    expect(p).toMatchObject({ rating: 0, reviews: 0, features: [], gallery: [], isNew: false });
  });

  it.each(['name', 'sku', 'description', 'brand', 'image'] as const)('answers the required-fields alert when %s is missing or blank', (field) => {
    expect(fieldsOf({ ...valid, [field]: '  ' })[field]).toBe(M.requiredFields);
    const { [field]: _, ...rest } = valid;
    expect(fieldsOf(rest)[field]).toBe(M.requiredFields);
  });

  it('requires a price and a category', () => {
    const { price: _p, category: _c, ...rest } = valid;
    expect(fieldsOf(rest)).toMatchObject({ price: M.priceRequired, category: M.categoryRequired });
  });

  it('keeps rating within 0-5 in steps of 0.1 and reviews at 0 or more', () => {
    expect(fieldsOf({ ...valid, rating: 5.1 }).rating).toBe(M.rating);
    expect(fieldsOf({ ...valid, rating: 4.55 }).rating).toBe(M.rating);
    expect(productInputSchema.parse({ ...valid, rating: 4.7 }).rating).toBe(4.7);
    expect(fieldsOf({ ...valid, reviews: -1 }).reviews).toBe(M.reviews);
  });

  it('takes prices in steps of 0.01 and an original price only above the price', () => {
    expect(fieldsOf({ ...valid, price: 1.005 }).price).toBe(M.price);
    expect(fieldsOf({ ...valid, originalPrice: 49.99 }).originalPrice).toBe(M.originalPriceNotAbove);
    expect(productInputSchema.parse({ ...valid, originalPrice: null }).originalPrice).toBeNull();
  });

  it('trims features and certifications and ignores blank entries', () => {
    const p = productInputSchema.parse({ ...valid, features: ['  Fast dry ', '', '   '], certifications: [' LEED '] });
    expect(p.features).toEqual(['Fast dry']);
    expect(p.certifications).toEqual(['LEED']);
    expect(addListEntry(['a'], '  b ')).toEqual(['a', 'b']);
    expect(addListEntry(['a'], '   ')).toEqual(['a']);
  });

  it('adds a technical spec only with a name and a value, the unit optional', () => {
    expect(addTechnicalSpec([], { name: 'Dry time', value: '', unit: 'h' })).toEqual([]);
    expect(addTechnicalSpec([], { name: ' Dry time ', value: ' 4 ', unit: ' ' })).toEqual([{ name: 'Dry time', value: '4', unit: undefined }]);
    expect(fieldsOf({ ...valid, technicalSpecs: [{ name: 'Dry time', value: ' ' }] })['technicalSpecs.0.value']).toBe(M.technicalSpec);
  });

  it('checks the required fields before sending', () => {
    expect(checkRequiredProductFields({ name: 'x', sku: 'y', description: 'z', brand: 'b', image: '' })).toBe(M.requiredFields);
    expect(checkRequiredProductFields({ name: 'x', sku: 'y', description: 'z', brand: 'b', image: '/media/a.webp' })).toBeNull();
  });

  it('generates a slug from the name and refuses a malformed one', () => {
    expect(slugFromName('Diamond Floor Epoxy — 1 Gallon!')).toBe('diamond-floor-epoxy-1-gallon');
    expect(fieldsOf({ ...valid, slug: 'Bad Slug' }).slug).toBe(M.slug);
  });

  it('needs a version to update', () => {
    expect(fieldsOf(valid, productUpdateSchema).version).toBe(M.version);
    expect(productUpdateSchema.parse({ ...valid, version: 3 }).version).toBe(3);
  });
});

describe('category schema (spec §3 Category/Brand)', () => {
  it('requires name, description and image and defaults the icon to Package', () => {
    expect(fieldsOf({}, categoryInputSchema)).toMatchObject({ name: M.categoryNameRequired, description: M.categoryDescriptionRequired, image: M.categoryImage });
    expect(categoryInputSchema.parse({ name: 'Titan', description: 'Sprayers.', image: '/media/t.webp' }).icon).toBe('Package');
  });

  it('takes a change of any field but not an empty one', () => {
    expect(categoryChangeSchema.parse({ featured: true })).toEqual({ featured: true });
    expect(categoryChangeSchema.safeParse({}).success).toBe(false);
  });
});
