/**
 * Which catalogue products the four range pages (organic, wood, industrial, traditional) show, and
 * in what order.
 */
import type { Product } from '../schemas/catalog';

/** The four product ranges that have their own marketing page. */
export type ProductRange = 'organic' | 'wood' | 'industrial' | 'traditional';

/** The fields the range pages read from a product. */
export type RangeCandidate = Pick<
  Product,
  'slug' | 'name' | 'brand' | 'category' | 'features' | 'price' | 'requestQuoteOnly' | 'isPopular' | 'inStock'
>;

// Whole words only, so 'stainless' steel and 'woodland' colour names do not count as wood care.
const WOOD_WORDS = /\b(wood|woods|wooden|stain|stains|deck|decks|decking|varnish|varnishes)\b(?!-block)/i;
const INDUSTRIAL_CATEGORIES = new Set(['Industrial Solutions', 'Devoe Coatings', 'International Paints']);
const INDUSTRIAL_BRANDS = /\b(devoe|international)\b/i;

/**
 * How strongly a product belongs to a range: 2 by its category, brand or name, 1 only because a
 * feature line mentions the range (e.g. a primer that 'bonds to wood'), 0 not at all.
 */
export function rateRangeFit(product: RangeCandidate, range: ProductRange): 0 | 1 | 2 {
  switch (range) {
    case 'organic':
      return product.category === 'Eco-Friendly Paints' ? 2 : 0;
    case 'traditional':
      return product.category === 'Decorative Paints' ? 2 : 0;
    case 'industrial':
      return INDUSTRIAL_CATEGORIES.has(product.category) || INDUSTRIAL_BRANDS.test(product.brand) ? 2 : 0;
    case 'wood':
      if (product.category === 'GEMINI' || /\bgemini\b/i.test(product.brand)) return 2;
      // A 'Cover Stain' primer blocks stains; it is not a wood finish.
      if (WOOD_WORDS.test(product.name) && !/\bprimer\b/i.test(product.name)) return 2;
      return product.features.some((f) => WOOD_WORDS.test(f)) ? 1 : 0;
  }
}

/** Whether a product belongs to a range at all, by the rules of the range pages. */
export function isInRange(product: RangeCandidate, range: ProductRange): boolean {
  return rateRangeFit(product, range) > 0;
}

/**
 * The products of a range for a page strip, at most `limit`: the closest fits first, popular and
 * in-stock before the rest, catalogue order after that, taking brands in turn so one maker does
 * not fill the strip.
 */
export function selectRangeProducts<P extends RangeCandidate>(
  products: readonly P[],
  range: ProductRange,
  limit = 8,
): P[] {
  const ranked = products
    .map((p, index) => ({ p, index, fit: rateRangeFit(p, range) }))
    .filter((r) => r.fit > 0)
    .sort(
      (a, b) =>
        b.fit - a.fit ||
        Number(b.p.isPopular) - Number(a.p.isPopular) ||
        Number(b.p.inStock) - Number(a.p.inStock) ||
        a.index - b.index,
    );
  // Round-robin over brands within each fit level keeps the ranking but mixes the makers.
  const picked: P[] = [];
  for (const fit of [2, 1]) {
    const byBrand = new Map<string, P[]>();
    for (const r of ranked.filter((x) => x.fit === fit)) byBrand.set(r.p.brand, [...(byBrand.get(r.p.brand) ?? []), r.p]);
    const queues = [...byBrand.values()];
    while (picked.length < limit && queues.some((q) => q.length > 0)) {
      for (const q of queues) {
        const next = q.shift();
        if (next && picked.length < limit) picked.push(next);
      }
    }
  }
  return picked;
}
