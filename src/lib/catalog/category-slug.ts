/**
 * The slug that names a product category in URLs (the category and vendor pages' own slugs, and
 * GET /api/catalog/cards?category=<slug>): its name lower-cased, each run of other characters than
 * a-z and 0-9 → '-' ('Decorative Paints' → 'decorative-paints', 'GEMINI' → 'gemini').
 */
import { PRODUCT_CATEGORIES, type ProductCategory } from '../constants';
import { slugifyBrand } from '../slug';

/** The slug of a category name. */
export function categorySlug(category: string): string {
  return slugifyBrand(category);
}

const BY_SLUG = new Map<string, ProductCategory>(PRODUCT_CATEGORIES.map((category) => [categorySlug(category), category]));

/** The category a slug names, or undefined when no category has it. */
export function categoryOfSlug(slug: string): ProductCategory | undefined {
  return BY_SLUG.get(slug);
}
