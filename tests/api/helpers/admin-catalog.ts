import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { adminProductSchema, type AdminProduct, type ProductInput } from '../../../src/lib/schemas/admin-catalog';
import { call } from './admin';

/** A complete, valid product for the add dialog, with a fresh SKU; `overrides` replace fields. */
export function productInput(overrides: Partial<ProductInput> & Record<string, unknown> = {}): ProductInput {
  return {
    name: 'Harbour Grey Floor Enamel',
    sku: `HG-${randomUUID().slice(0, 8).toUpperCase()}`,
    description: 'A hard-wearing alkyd enamel for garage and workshop floors.',
    brand: 'Diamond Collection',
    image: '/images/generated/products/dc-premium-interior-emulsion-5l.jpg',
    gallery: [],
    category: 'Diamond Collection',
    price: 42.5,
    stockQuantity: 12,
    rating: 4.5,
    reviews: 3,
    features: ['Fast drying'],
    certifications: [],
    technicalSpecs: [{ name: 'Dry to touch', value: '4', unit: 'h' }],
    usageInstructions: 'Stir well and apply two coats with a roller.',
    coverage: '350 sq ft per gallon',
    finish: 'Gloss',
    ...overrides,
  } as ProductInput;
}

/** Adds a product through POST /api/admin/products (must answer 201). */
export async function addProduct(base: string, cookie: string, overrides: Partial<ProductInput> & Record<string, unknown> = {}): Promise<AdminProduct> {
  const response = await call(base, '/api/admin/products', { body: productInput(overrides), cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return adminProductSchema.parse(json);
}

/** A valid new category/brand with a fresh name. */
export function categoryInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Titan ${randomUUID().slice(0, 6)}`,
    description: 'Airless sprayers for contractors.',
    image: '/images/generated/brands/diamond-collection.svg',
    ...overrides,
  };
}
