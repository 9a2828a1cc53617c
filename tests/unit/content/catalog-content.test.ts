import { describe, expect, it } from 'vitest';
import {
  CATEGORY_FEATURED_MAX,
  FINISHES,
  PRODUCT_CATEGORIES,
} from '../../../src/lib/constants';
import { SPRAYING_SYSTEM_PRODUCT_NAMES } from '../../../src/lib/catalog/spraying';
import {
  PRODUCT_FILES,
  readCategoriesFile,
  readCategoryPagesFile,
  readProductFiles,
} from '../../../src/server/catalog/content-files';

// The real content of the repository, read the way the build reads it.
const root = process.cwd();
const withSources = readProductFiles(root);
const products = withSources.map((p) => p.product);
const pages = readCategoryPagesFile(root);
const categories = readCategoriesFile(root);

/** Products whose category is `category`. */
function productsIn(category: string) {
  return products.filter((p) => p.category === category);
}

describe('product catalogue content', () => {
  it('holds at least 150 products across the six lists', () => {
    expect(products.length).toBeGreaterThanOrEqual(150);
    const files = new Set(withSources.map((p) => p.file));
    for (const name of PRODUCT_FILES) expect(files).toContain(`content/products/${name}`);
  });

  it('has products in every product category', () => {
    for (const category of PRODUCT_CATEGORIES) {
      expect(productsIn(category).length, category).toBeGreaterThan(0);
    }
  });

  it('has products for every Category/Brand entity', () => {
    for (const category of categories) {
      expect(productsIn(category.name).length, category.name).toBeGreaterThan(0);
    }
  });

  it('has products and a full Featured grid for every category page', () => {
    expect(pages).toHaveLength(10);
    for (const page of pages) {
      const inCategory = productsIn(page.category);
      expect(inCategory.length, page.category).toBeGreaterThan(CATEGORY_FEATURED_MAX);
      expect(inCategory.filter((p) => p.isPopular).length, page.category).toBeGreaterThanOrEqual(
        CATEGORY_FEATURED_MAX,
      );
    }
  });

  it('gives each category page a unique section/slug', () => {
    const keys = pages.map((p) => `${p.section}/${p.slug}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists each of the 17 spraying-system products exactly once, in Diamond Collection', () => {
    for (const name of SPRAYING_SYSTEM_PRODUCT_NAMES) {
      const matches = products.filter((p) => p.name === name);
      expect(matches, name).toHaveLength(1);
      expect(matches[0]!.category).toBe('Diamond Collection');
      expect(matches[0]!.brand).toBe('Diamond Collection');
    }
  });

  it('spans cheap sundries to equipment and bulk coatings in price', () => {
    expect(products.some((p) => p.price < 10)).toBe(true);
    expect(products.some((p) => p.price > 300)).toBe(true);
  });

  it('includes reduced, out-of-stock, quote-only and eco-friendly products', () => {
    expect(products.some((p) => p.originalPrice !== undefined && p.originalPrice > p.price)).toBe(true);
    expect(products.some((p) => !p.inStock && p.stockQuantity === 0)).toBe(true);
    expect(products.some((p) => p.requestQuoteOnly)).toBe(true);
    expect(products.some((p) => p.isEcoFriendly)).toBe(true);
  });

  it('uses only the finishes of spec §9', () => {
    for (const p of products) expect(FINISHES, p.id).toContain(p.finish);
  });

  it('marks every Eco-Friendly Paints product as eco-friendly', () => {
    for (const p of productsIn('Eco-Friendly Paints')) expect(p.isEcoFriendly, p.id).toBe(true);
  });

  it('counts stock on every product, in step with inStock', () => {
    for (const p of products) {
      expect(p.stockQuantity, p.id).toBeTypeOf('number');
      expect(p.inStock, p.id).toBe((p.stockQuantity ?? 0) > 0);
    }
  });

  it('gives every product an illustration and the image paths the media script generates', () => {
    for (const p of products) {
      expect(p.visual, p.id).toBeDefined();
      expect(p.image).toBe(`/images/generated/products/${p.slug}.svg`);
      expect(p.gallery).toEqual([
        `/images/generated/products/${p.slug}-swatch.svg`,
        `/images/generated/products/${p.slug}-detail.svg`,
      ]);
      const brandSlug = p.brand.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      expect(p.brandLogo).toBe(`/images/generated/logos/${brandSlug}.svg`);
    }
  });
});
