import { describe, expect, it } from 'vitest';
import {
  buildProductJsonLd,
  countByCategory,
  productPath,
  specSheetPath,
  takeFirst,
  toCartProduct,
  type JsonLdProduct,
} from '../../../../src/lib/catalog/product-view';

const product: JsonLdProduct & { id: string } = {
  id: 'dc-pro-3600',
  name: 'Diamond Pro 3600 Airless Spray Gun',
  sku: 'DC-SG-3600',
  description: 'A 3600 psi airless gun for contractors.',
  brand: 'Diamond Collection',
  category: 'Diamond Collection',
  image: '/images/generated/products/diamond-pro-3600.svg',
  gallery: ['/images/generated/products/diamond-pro-3600-swatch.svg'],
  price: 349.5,
  inStock: true,
  requestQuoteOnly: false,
  rating: 4.7,
  reviews: 128,
};

describe('takeFirst', () => {
  it('shows the first items and counts the rest', () => {
    expect(takeFirst(['a', 'b', 'c', 'd'], 2)).toEqual({ shown: ['a', 'b'], more: 2 });
  });
  it('counts nothing more when the list is short', () => {
    expect(takeFirst(['a'], 3)).toEqual({ shown: ['a'], more: 0 });
  });
});

describe('toCartProduct', () => {
  it('keeps exactly the cart item fields', () => {
    expect(toCartProduct({ ...product, price: 10 })).toEqual({
      id: 'dc-pro-3600',
      name: product.name,
      price: 10,
      image: product.image,
      category: 'Diamond Collection',
    });
  });

  it("carries the hazard pictograms of a product's hazard or of a card, and none for an empty list", () => {
    const hazard = { pictograms: ['GHS02' as const, 'GHS07' as const], signalWord: 'Danger' as const, statements: [], ufi: null };
    expect(toCartProduct({ ...product, hazard }).pictograms).toEqual(['GHS02', 'GHS07']);
    expect(toCartProduct({ ...product, pictograms: ['GHS09'] }).pictograms).toEqual(['GHS09']);
    expect('pictograms' in toCartProduct({ ...product, hazard: { ...hazard, pictograms: [] } })).toBe(false);
  });
});

describe('countByCategory', () => {
  it('counts products whose category equals the name', () => {
    const counts = countByCategory([{ category: 'Zinsser' }, { category: 'Zinsser' }, { category: 'Kretus' }]);
    expect(counts.get('Zinsser')).toBe(2);
    expect(counts.get('Kretus')).toBe(1);
    expect(counts.get('GEMINI')).toBeUndefined();
  });
});

describe('productPath', () => {
  it('puts the slug under /shop', () => {
    expect(productPath('zinsser-bin')).toBe('/shop/zinsser-bin');
  });
});

describe('specSheetPath', () => {
  it('points at the data sheet route of the product id, encoded', () => {
    expect(specSheetPath('dc-pro-3600')).toBe('/api/products/dc-pro-3600/spec-sheet.pdf');
    expect(specSheetPath('a b/c')).toBe('/api/products/a%20b%2Fc/spec-sheet.pdf');
  });
});

describe('buildProductJsonLd', () => {
  const pageUrl = 'https://shop.example.com/shop/diamond-pro-3600';

  it('describes an in-stock product with a USD offer and its rating', () => {
    const data = buildProductJsonLd(product, pageUrl);
    expect(data['@type']).toBe('Product');
    expect(data.sku).toBe('DC-SG-3600');
    expect(data.image).toEqual([
      'https://shop.example.com/images/generated/products/diamond-pro-3600.svg',
      'https://shop.example.com/images/generated/products/diamond-pro-3600-swatch.svg',
    ]);
    expect(data.offers).toEqual({
      '@type': 'Offer',
      url: pageUrl,
      price: '349.50',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(data.aggregateRating).toMatchObject({ ratingValue: 4.7, reviewCount: 128 });
  });

  it('marks an out-of-stock product OutOfStock', () => {
    const data = buildProductJsonLd({ ...product, inStock: false }, pageUrl);
    expect((data.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it('gives a quote-only product no price and an unreviewed product no rating', () => {
    const data = buildProductJsonLd({ ...product, requestQuoteOnly: true, reviews: 0 }, pageUrl);
    expect(data.offers).not.toHaveProperty('price');
    expect(data).not.toHaveProperty('aggregateRating');
  });
});
