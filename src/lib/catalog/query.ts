import {
  DEFAULT_SORT,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_MIN,
  type SortOption,
} from '../constants';
import type { LineColour } from '../cart';
import { lookupColour } from '../paint/colours';
import { SPRAYING_SYSTEM_PRODUCT_NAMES } from './spraying';
import type { Product } from '../schemas/catalog';

/** The shop's filters (spec §3 Shop state). An empty string means 'any'. */
export interface ShopFilters {
  category: string;
  brand: string;
  finish: string;
  priceRange: { min: number; max: number };
  ecoFriendly: boolean;
  inStock: boolean;
  sprayingSystem: boolean;
}

/** Filters that keep every product. */
export const DEFAULT_FILTERS: ShopFilters = {
  category: '',
  brand: '',
  finish: '',
  priceRange: { min: PRICE_SLIDER_MIN, max: PRICE_SLIDER_MAX },
  ecoFriendly: false,
  inStock: false,
  sprayingSystem: false,
};

/** A whole query: filters, sort order and search text. */
export interface CatalogQuery {
  filters: ShopFilters;
  sort: SortOption;
  search: string;
  /** List one card per paint family (groupFamilies in families.ts); the counts stay of products. */
  group?: boolean;
}

/** The fields filters, sorting and search read. */
export type QueryableProduct = Pick<
  Product,
  | 'id'
  | 'name'
  | 'description'
  | 'category'
  | 'brand'
  | 'sku'
  | 'features'
  | 'finish'
  | 'price'
  | 'isEcoFriendly'
  | 'inStock'
  | 'isNew'
  | 'isPopular'
  | 'rating'
  | 'tintable'
>;

const SPRAYING_NAMES: ReadonlySet<string> = new Set(SPRAYING_SYSTEM_PRODUCT_NAMES);

/** Lower-cases and strips diacritics, so 'Crème' matches 'creme'. */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The words of a search query, normalised; empty words dropped. */
export function searchTerms(query: string): string[] {
  return normalizeText(query).split(/\s+/).filter(Boolean);
}

const haystacks = new WeakMap<object, string>();

/** Normalised text of every searchable field, separated so a word never spans two fields. */
function haystackOf(p: QueryableProduct): string {
  let text = haystacks.get(p);
  if (text === undefined) {
    text = normalizeText(
      [p.name, p.description, p.category, p.brand, p.sku, ...p.features].join('\u0000'),
    );
    haystacks.set(p, text);
  }
  return text;
}

const searchedColours = new WeakMap<readonly string[], LineColour | null>();

/**
 * The colour a whole search names ('RAL 7016', 'ral7016', '7016', 'Anthracite gray', or code and
 * name together, 'RAL 7016 Anthracite grey'), or null: such a search also finds every tintable paint.
 */
export function searchedColour(terms: readonly string[]): LineColour | null {
  let colour = searchedColours.get(terms);
  if (colour === undefined) {
    const query = terms.join(' ');
    colour = lookupColour(query);
    // A code followed by its own name: both halves must denote the same colour.
    const both = colour ? null : /^(ral ?\d{4}|\d{4}) (.+)$/.exec(query);
    if (both) {
      const byCode = lookupColour(both[1]!);
      if (byCode && lookupColour(both[2]!) === byCode) colour = byCode;
    }
    colour ??= null;
    searchedColours.set(terms, colour);
  }
  return colour;
}

/**
 * True when every search word occurs (as a substring) in one of the product's searchable fields,
 * or when the product is tintable and the whole search names a colour (searchedColour).
 */
export function matchesSearch(p: QueryableProduct, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  if (p.tintable && searchedColour(terms)) return true;
  const text = haystackOf(p);
  return terms.every((t) => text.includes(t));
}

/** Whether a product belongs to the spraying system (spec §5: a fixed list of 17 names). */
export function isSprayingSystemProduct(p: Pick<Product, 'name'>): boolean {
  return SPRAYING_NAMES.has(p.name);
}

/**
 * True when the price is within the range, both ends included. The slider's top stop reads
 * '$300+': at PRICE_SLIDER_MAX the range has no upper bound, so the default range hides no product.
 */
export function matchesPrice(price: number, range: ShopFilters['priceRange']): boolean {
  return price >= range.min && (range.max >= PRICE_SLIDER_MAX || price <= range.max);
}

/** How one price slider stop reads: '$120', or '$300+' at the top stop, which has no upper bound. */
export function formatPriceStop(value: number): string {
  return value >= PRICE_SLIDER_MAX ? `$${PRICE_SLIDER_MAX}+` : `$${value}`;
}

/** How a price range reads: '$20 – $120', '$0 – $300+', or '$300+' when both ends sit on the top stop. */
export function formatPriceRange(range: ShopFilters['priceRange']): string {
  if (range.min >= PRICE_SLIDER_MAX) return formatPriceStop(range.min);
  return `${formatPriceStop(range.min)} – ${formatPriceStop(range.max)}`;
}

/** True when the product passes every filter. */
export function matchesFilters(p: QueryableProduct, f: ShopFilters): boolean {
  return (
    (!f.category || p.category === f.category) &&
    (!f.brand || p.brand === f.brand) &&
    (!f.finish || p.finish === f.finish) &&
    matchesPrice(p.price, f.priceRange) &&
    (!f.ecoFriendly || p.isEcoFriendly) &&
    (!f.inStock || p.inStock) &&
    (!f.sprayingSystem || isSprayingSystemProduct(p))
  );
}

type Comparator = (a: QueryableProduct, b: QueryableProduct) => number;

const COMPARATORS: Record<SortOption, Comparator> = {
  popular: (a, b) => Number(b.isPopular) - Number(a.isPopular),
  newest: (a, b) => Number(b.isNew) - Number(a.isNew),
  'price-low': (a, b) => a.price - b.price,
  'price-high': (a, b) => b.price - a.price,
  rating: (a, b) => b.rating - a.rating,
};

/** A sorted copy; ties keep catalogue order (the sort is stable). */
export function sortProducts<P extends QueryableProduct>(products: readonly P[], sort: SortOption): P[] {
  const compare = COMPARATORS[sort] ?? COMPARATORS[DEFAULT_SORT];
  return [...products].sort(compare);
}

/** Applies filters, search and sort: what the products view lists. */
export function queryCatalog<P extends QueryableProduct>(products: readonly P[], q: CatalogQuery): P[] {
  const terms = searchTerms(q.search);
  return sortProducts(
    products.filter((p) => matchesFilters(p, q.filters) && matchesSearch(p, terms)),
    q.sort,
  );
}

/** Facets whose options show how many products choosing them would leave. */
export type CountedFacet = 'category' | 'finish' | 'brand';

/**
 * For one facet, how many products each value would leave given the other filters and the
 * search: the count shown beside each option.
 */
export function countFacet(
  products: readonly QueryableProduct[],
  q: CatalogQuery,
  facet: CountedFacet,
): Map<string, number> {
  const terms = searchTerms(q.search);
  const others: ShopFilters = { ...q.filters, [facet]: '' };
  const counts = new Map<string, number>();
  for (const p of products) {
    if (!matchesFilters(p, others) || !matchesSearch(p, terms)) continue;
    counts.set(p[facet], (counts.get(p[facet]) ?? 0) + 1);
  }
  return counts;
}

/** How many products a boolean filter would leave when switched on, given everything else. */
export function countToggle(
  products: readonly QueryableProduct[],
  q: CatalogQuery,
  toggle: 'ecoFriendly' | 'inStock' | 'sprayingSystem',
): number {
  const terms = searchTerms(q.search);
  const withToggle: ShopFilters = { ...q.filters, [toggle]: true };
  return products.filter((p) => matchesFilters(p, withToggle) && matchesSearch(p, terms)).length;
}

/** The counts beside the sidebar's options: what choosing each would leave, given everything else. */
export interface FacetCounts {
  category: Map<string, number>;
  brand: Map<string, number>;
  finish: Map<string, number>;
  eco: number;
  stock: number;
  spraying: number;
}

/** A query's list and the sidebar's counts, found together. */
export interface QueryWithFacets<P> {
  results: P[];
  counts: FacetCounts;
  /** The colour the search names (its tintable results match because they can be tinted to it), or null. */
  colour: LineColour | null;
}

/** Each catalogue's copy sorted by each order (stable: ties keep catalogue order), made once. */
const sortedCopies = new WeakMap<readonly object[], Map<SortOption, readonly object[]>>();

function sortedFor<P extends QueryableProduct>(products: readonly P[], sort: SortOption): readonly P[] {
  let bySort = sortedCopies.get(products);
  if (!bySort) sortedCopies.set(products, (bySort = new Map()));
  let sorted = bySort.get(sort) as readonly P[] | undefined;
  if (!sorted) bySort.set(sort, (sorted = sortProducts(products, sort)));
  return sorted;
}

/** The last searches of one catalogue: normalised query → the products it matches. */
const SEARCHES_KEPT = 32;
const searchCache = new WeakMap<readonly object[], Map<string, readonly object[]>>();

/**
 * The products matching a search, remembered for the last few searches of this catalogue. A
 * query that extends a remembered one ('epox' → 'epoxy') matches a subset of it (each word of the
 * longer query contains the shorter one's word at its place), so only that subset is searched:
 * typing costs a scan of what the previous key left, erasing finds the earlier query remembered.
 */
function searchMatches<P extends QueryableProduct>(products: readonly P[], query: string): readonly P[] {
  let cache = searchCache.get(products);
  if (!cache) searchCache.set(products, (cache = new Map()));
  const known = cache.get(query) as readonly P[] | undefined;
  if (known) {
    cache.delete(query);
    cache.set(query, known);
    return known;
  }
  let from: readonly P[] = products;
  const terms = searchTerms(query);
  // A colour's search ('ral 7016') also finds tintable paints its prefix ('ral 701') did not: search it all.
  for (const [previous, matched] of searchedColour(terms) ? [] : cache) {
    if (query.startsWith(previous) && matched.length < from.length) from = matched as readonly P[];
  }
  const matched = from.filter((p) => matchesSearch(p, terms));
  cache.set(query, matched);
  if (cache.size > SEARCHES_KEPT) cache.delete(cache.keys().next().value!);
  return matched;
}

/**
 * What queryCatalog lists and what countFacet / countToggle count for every facet, in one pass
 * over the catalogue (seven passes, each searching every product, took most of a keystroke at
 * 10,000 products): the search is matched once per product (and remembered, see searchMatches),
 * each filter is tested once, and the list comes out of a copy sorted once per order.
 */
export function queryWithFacets<P extends QueryableProduct>(products: readonly P[], q: CatalogQuery): QueryWithFacets<P> {
  const f = q.filters;
  const query = normalizeText(q.search).trim();
  const matched = query ? new Set<P>(searchMatches(products, query)) : null;
  const results: P[] = [];
  const counts: FacetCounts = { category: new Map(), brand: new Map(), finish: new Map(), eco: 0, stock: 0, spraying: 0 };
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const p of sortedFor(products, q.sort)) {
    if (matched && !matched.has(p)) continue;
    const category = !f.category || p.category === f.category;
    const brand = !f.brand || p.brand === f.brand;
    const finish = !f.finish || p.finish === f.finish;
    const eco = !f.ecoFriendly || p.isEcoFriendly;
    const stock = !f.inStock || p.inStock;
    const spraying = !f.sprayingSystem || isSprayingSystemProduct(p);
    if (!matchesPrice(p.price, f.priceRange)) continue;
    const rest = eco && stock && spraying;
    if (brand && finish && rest) bump(counts.category, p.category);
    if (category && finish && rest) bump(counts.brand, p.brand);
    if (category && brand && rest) bump(counts.finish, p.finish);
    const facets = category && brand && finish;
    if (facets && stock && spraying && p.isEcoFriendly) counts.eco++;
    if (facets && eco && spraying && p.inStock) counts.stock++;
    if (facets && eco && stock && isSprayingSystemProduct(p)) counts.spraying++;
    if (facets && rest) results.push(p);
  }
  return { results, counts, colour: query ? searchedColour(searchTerms(query)) : null };
}
