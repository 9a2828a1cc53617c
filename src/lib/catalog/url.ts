/**
 * The shop's state as a URL query, both ways, so a filtered view can be shared, reloaded and
 * navigated back to. Pure: no window, no history. Anything in a query that does not make sense
 * (an unknown category, a min above the max, text where a number belongs) is ignored, never thrown.
 */
import {
  DEFAULT_SORT,
  FINISHES,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_MIN,
  PRODUCT_CATEGORIES,
  SORT_OPTIONS,
  type SortOption,
} from '../constants';
import { DEFAULT_FILTERS, type ShopFilters } from './query';

/** Which of the two shop views shows: the brand grid or the product list. */
export type ShopView = 'categories' | 'products';
/** How the product list is laid out. */
export type ShopLayout = 'grid' | 'list';

/** Everything of the shop that the URL carries. */
export interface ShopUrlState {
  view: ShopView;
  filters: ShopFilters;
  sort: SortOption;
  search: string;
  layout: ShopLayout;
  /** One card per paint family ('Group sizes'); written `group=1`. */
  group?: boolean;
}

/** The state of a bare /shop. */
export const DEFAULT_SHOP_URL_STATE: ShopUrlState = {
  view: 'categories',
  filters: DEFAULT_FILTERS,
  sort: DEFAULT_SORT,
  search: '',
  layout: 'grid',
};

/** Longest search text taken from a URL; longer text is cut, as no product text needs more. */
export const SEARCH_MAX_LENGTH = 200;

/** What the parser may check values against beyond the fixed lists of constants.ts. */
export interface KnownValues {
  /** Brands present in the catalogue; when given, any other brand is ignored. */
  brands?: readonly string[];
}

const CATEGORY_SET: ReadonlySet<string> = new Set(PRODUCT_CATEGORIES);
const FINISH_SET: ReadonlySet<string> = new Set(FINISHES);
const SORT_SET: ReadonlySet<string> = new Set(SORT_OPTIONS.map((o) => o.value));

/** A price bound from the query: a finite number within the slider, else undefined. */
function readPrice(raw: string | null): number | undefined {
  if (raw === null || raw.trim() === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < PRICE_SLIDER_MIN || n > PRICE_SLIDER_MAX) return undefined;
  return n;
}

/** '1' or 'true' switch a flag on; anything else leaves it off. */
function readFlag(raw: string | null): boolean {
  return raw === '1' || raw === 'true';
}

/** Reads a shop query string ('?a=b' or 'a=b') or URLSearchParams into the shop's state. */
export function parseShopQuery(query: string | URLSearchParams, known: KnownValues = {}): ShopUrlState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;

  const category = params.get('category') ?? '';
  const brand = params.get('brand') ?? '';
  const finish = params.get('finish') ?? '';
  const sort = params.get('sort') ?? '';

  let min = readPrice(params.get('min'));
  let max = readPrice(params.get('max'));
  if (min !== undefined && max !== undefined && min > max) {
    min = undefined;
    max = undefined;
  }

  const brandKnown = brand !== '' && (known.brands ? known.brands.includes(brand) : true);

  return {
    view: params.get('view') === 'products' ? 'products' : 'categories',
    filters: {
      category: CATEGORY_SET.has(category) ? category : '',
      brand: brandKnown ? brand : '',
      finish: FINISH_SET.has(finish) ? finish : '',
      priceRange: {
        min: min ?? DEFAULT_FILTERS.priceRange.min,
        max: max ?? DEFAULT_FILTERS.priceRange.max,
      },
      ecoFriendly: readFlag(params.get('eco')),
      inStock: readFlag(params.get('stock')),
      sprayingSystem: readFlag(params.get('spraying')),
    },
    sort: SORT_SET.has(sort) ? (sort as SortOption) : DEFAULT_SORT,
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX_LENGTH),
    layout: params.get('layout') === 'list' ? 'list' : 'grid',
    ...(readFlag(params.get('group')) ? { group: true } : {}),
  };
}

/**
 * Writes the shop's state as a query string: only values that differ from a bare /shop, in a
 * fixed order, so equal states give equal URLs. Returns '' for the default state, else '?...'.
 */
export function formatShopQuery(state: ShopUrlState): string {
  const params = new URLSearchParams();
  const f = state.filters;
  if (state.view === 'products') params.set('view', 'products');
  if (f.category) params.set('category', f.category);
  if (f.brand) params.set('brand', f.brand);
  if (f.finish) params.set('finish', f.finish);
  if (f.sprayingSystem) params.set('spraying', '1');
  if (state.search) params.set('q', state.search);
  if (state.sort !== DEFAULT_SORT) params.set('sort', state.sort);
  if (f.priceRange.min !== DEFAULT_FILTERS.priceRange.min) params.set('min', String(f.priceRange.min));
  if (f.priceRange.max !== DEFAULT_FILTERS.priceRange.max) params.set('max', String(f.priceRange.max));
  if (f.ecoFriendly) params.set('eco', '1');
  if (f.inStock) params.set('stock', '1');
  if (state.layout === 'list') params.set('layout', 'list');
  if (state.group) params.set('group', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}
