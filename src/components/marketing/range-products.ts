import { formatPrice } from '../../lib/format';
import type { Product } from '../../lib/schemas/catalog';

/** The four product ranges that have their own marketing page. */
export type ProductRange = 'organic' | 'wood' | 'industrial' | 'traditional';

/** The fields the range pages read from a product. */
export type RangeCandidate = Pick<
  Product,
  'slug' | 'name' | 'brand' | 'category' | 'features' | 'price' | 'requestQuoteOnly' | 'isPopular' | 'inStock'
>;

// Whole words only, so 'stainless' steel and 'woodland' colour names do not count as wood care;
// 'stain-blocking' primers are not wood stains either.
const WOOD_WORDS = /\b(wood|woods|wooden|stain|stains|deck|decks|decking|varnish|varnishes)\b(?!-block)/i;
const INDUSTRIAL_CATEGORIES = new Set(['Industrial Solutions', 'Devoe Coatings', 'International Paints']);
const INDUSTRIAL_BRANDS = /\b(devoe|international)\b/i;

/** Whether a product belongs to a range, by the rules of the range pages. */
export function isInRange(product: RangeCandidate, range: ProductRange): boolean {
  switch (range) {
    case 'organic':
      return product.category === 'Eco-Friendly Paints';
    case 'traditional':
      return product.category === 'Decorative Paints';
    case 'industrial':
      return INDUSTRIAL_CATEGORIES.has(product.category) || INDUSTRIAL_BRANDS.test(product.brand);
    case 'wood':
      return (
        product.category === 'GEMINI' ||
        /\bgemini\b/i.test(product.brand) ||
        WOOD_WORDS.test(product.name) ||
        product.features.some((f) => WOOD_WORDS.test(f))
      );
  }
}

/**
 * The products of a range for a page strip: popular first, then in stock, then catalogue order,
 * at most `limit` of them.
 */
export function selectRangeProducts<P extends RangeCandidate>(
  products: readonly P[],
  range: ProductRange,
  limit = 8,
): P[] {
  const rank = (p: P) => (p.isPopular ? 0 : 2) + (p.inStock ? 0 : 1);
  return products
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => isInRange(p, range))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.index - b.index)
    .slice(0, limit)
    .map(({ p }) => p);
}

/** The price line of a product tile: '$49.00', or 'Request Quote' for quote-only products. */
export function formatTilePrice(product: Pick<Product, 'price' | 'requestQuoteOnly'>): string {
  return product.requestQuoteOnly ? 'Request Quote' : formatPrice(product.price);
}
