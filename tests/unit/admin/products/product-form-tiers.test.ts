import { describe, expect, it } from 'vitest';
import { checkProductForm, emptyProductForm, formToInput, readTiers, type ProductForm } from '../../../../src/components/admin/products/product-form';
import { PRICE_TIER_MESSAGE } from '../../../../src/lib/schemas/catalog';

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

describe('quantity prices in the product dialog', () => {
  it('reads quantity: price pairs separated by commas or new lines', () => {
    expect(readTiers('10: 45.50, 50=$40\n100 : 38')).toEqual([
      { minQuantity: 10, price: 45.5 },
      { minQuantity: 50, price: 40 },
      { minQuantity: 100, price: 38 },
    ]);
    expect(readTiers('  ')).toEqual([]);
    expect(formToInput(validForm()).priceTiers).toEqual([]);
  });

  it('names a malformed pair, a repeated quantity and a price not below the price', () => {
    expect(checkProductForm(validForm({ priceTiers: '10 45' })).fields.priceTiers).toBe(PRICE_TIER_MESSAGE);
    expect(checkProductForm(validForm({ priceTiers: '1: 45' })).fields.priceTiers).toBe(PRICE_TIER_MESSAGE);
    expect(checkProductForm(validForm({ priceTiers: '10: 45, 10: 44' })).fields.priceTiers).toBe('A tier from 10 is listed twice.');
    expect(checkProductForm(validForm({ priceTiers: '10: 49.99' })).fields.priceTiers).toBe('A tier price must be below the price.');
    expect(checkProductForm(validForm({ priceTiers: '10: 45, 50: 40' })).fields).toEqual({});
  });
});
