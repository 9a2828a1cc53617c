/**
 * Which products a category page lists (spec §2.8): every product of the category, and a Featured
 * selection of its popular products. Catalogue order is kept throughout, so editors decide what
 * comes first by where they put a product in its list.
 */
import { CATEGORY_FEATURED_MAX } from '../constants';

/**
 * Puts products back in catalogue order, given the ids in that order (Astro's content store hands
 * entries back sorted by id, not as the lists are written). Unknown ids go last, in the order given.
 */
export function sortByCatalogueOrder<P extends { id: string }>(products: readonly P[], orderedIds: readonly string[]): P[] {
  const rank = new Map(orderedIds.map((id, index) => [id, index]));
  const last = orderedIds.length;
  return products
    .map((p, index) => ({ p, index }))
    .sort((a, b) => (rank.get(a.p.id) ?? last) - (rank.get(b.p.id) ?? last) || a.index - b.index)
    .map(({ p }) => p);
}

/** The products whose category equals `category`, in catalogue order. */
export function selectCategoryProducts<P extends { category: string }>(
  products: readonly P[],
  category: string,
): P[] {
  return products.filter((p) => p.category === category);
}

/** The popular products, in catalogue order, at most `max` of them (CATEGORY_FEATURED_MAX by default). */
export function selectFeatured<P extends { isPopular: boolean }>(
  products: readonly P[],
  max: number = CATEGORY_FEATURED_MAX,
): P[] {
  if (!Number.isInteger(max) || max < 0) throw new RangeError(`max must be a whole number ≥ 0, got ${max}`);
  return products.filter((p) => p.isPopular).slice(0, max);
}

/**
 * The shop's Featured grid once the live catalogue has arrived (spec §2.7: the first `count`
 * products): the build-time selection the page was rendered with, each in its live version and in
 * the same places, removed products left out and the gaps filled from the live list in its order.
 */
export function selectShopFeatured<P extends { id: string }>(
  buildTime: readonly { id: string }[],
  live: readonly P[],
  count: number,
): P[] {
  const liveById = new Map(live.map((p) => [p.id, p]));
  const kept = buildTime.flatMap((p) => liveById.get(p.id) ?? []).slice(0, count);
  const shown = new Set(kept.map((p) => p.id));
  for (const p of live) {
    if (kept.length >= count) break;
    if (!shown.has(p.id)) kept.push(p);
  }
  return kept;
}
