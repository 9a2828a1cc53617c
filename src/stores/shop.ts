/**
 * The shop's state (spec §3 Shop state) and the actions that change it. Islands read these stores
 * with useStore and call the actions; nothing else writes them. The state is mirrored in the URL
 * query once startShopUrlSync() runs: typing replaces the history entry, discrete choices push one,
 * and going back restores the state the URL describes.
 */
import { atom, computed } from 'nanostores';
import { DEFAULT_FILTERS, type ShopFilters } from '../lib/catalog/query';
import {
  formatShopQuery,
  parseShopQuery,
  type KnownValues,
  type ShopLayout,
  type ShopUrlState,
  type ShopView,
} from '../lib/catalog/url';
import { DEFAULT_SORT, type SortOption } from '../lib/constants';
import { $lastQueryMs, $selectedProduct } from './product-selection';

// The parts product cards, the detail modal and the performance overlay share live in
// ./product-selection, so category pages load them without the shop's state.
export { $lastQueryMs, $modalRenderMs, $selectedProduct, deselectProduct, readSelectionTime, recordModalRender, selectProduct } from './product-selection';

/** Current filters; an empty string means 'any'. */
export const $filters = atom<ShopFilters>(DEFAULT_FILTERS);
/** Current sort order. */
export const $sort = atom<SortOption>(DEFAULT_SORT);
/** Current search text, as typed. */
export const $search = atom('');
/** Which view shows: the brand grid or the product list. */
export const $view = atom<ShopView>('categories');
/** Product list layout. */
export const $layout = atom<ShopLayout>('grid');
/** Whether the list shows one card per paint family ('Group sizes'). */
export const $group = atom(false);

/** Shows a query's time in the performance overlay. */
export function recordQueryTime(ms: number): void {
  $lastQueryMs.set(ms);
}

/** Whether the category, brand or finish filter is set (the 'Active' badge of the Filters toggle). */
export const $hasActiveFacet = computed($filters, (f) => Boolean(f.category || f.brand || f.finish));

type HistoryMode = 'push' | 'replace';
let urlSyncOn = false;

/** Gathers the state the URL carries. */
function readUrlState(): ShopUrlState {
  return {
    view: $view.get(),
    filters: $filters.get(),
    sort: $sort.get(),
    search: $search.get(),
    layout: $layout.get(),
    group: $group.get(),
  };
}

/** Writes the current state to the address bar (when syncing), as a new entry or in place. */
function writeUrl(mode: HistoryMode): void {
  if (!urlSyncOn) return;
  const url = `${location.pathname}${formatShopQuery(readUrlState())}${location.hash}`;
  if (url === `${location.pathname}${location.search}${location.hash}`) return;
  if (mode === 'push') history.pushState(null, '', url);
  else history.replaceState(history.state, '', url);
}

/** Sets every URL-carried store from a parsed state. */
function applyUrlState(state: ShopUrlState): void {
  $view.set(state.view);
  $filters.set(state.filters);
  $sort.set(state.sort);
  $search.set(state.search);
  $layout.set(state.layout);
  $group.set(state.group ?? false);
}

/** Merges a partial filter change (spec §4: filters merge partially); a new history entry. */
export function setFilters(change: Partial<ShopFilters>): void {
  $filters.set({ ...$filters.get(), ...change });
  writeUrl('push');
}

/** Sets the price range while a slider moves: replaces the history entry rather than adding one per step. */
export function setPriceRange(min: number, max: number): void {
  $filters.set({ ...$filters.get(), priceRange: { min: Math.min(min, max), max: Math.max(min, max) } });
  writeUrl('replace');
}

/** Resets every filter, keeping the view, search, sort and layout. */
export function clearFilters(): void {
  $filters.set(DEFAULT_FILTERS);
  writeUrl('push');
}

/** Resets every filter and the search: the way out of an empty result. */
export function resetQuery(): void {
  $filters.set(DEFAULT_FILTERS);
  $search.set('');
  writeUrl('push');
}

/** Sets the sort order. */
export function setSort(sort: SortOption): void {
  $sort.set(sort);
  writeUrl('push');
}

/** Sets the search text as it is typed; a search from the categories view opens the product list. */
export function setSearch(text: string): void {
  const switchView = text.trim() !== '' && $view.get() === 'categories';
  $search.set(text);
  if (switchView) $view.set('products');
  writeUrl(switchView ? 'push' : 'replace');
}

/** Switches between the brand grid and the product list. */
export function setView(view: ShopView): void {
  $view.set(view);
  writeUrl('push');
  $selectedProduct.set(null);
}

/** Switches the product list between grid and list. */
export function setLayout(layout: ShopLayout): void {
  if ($layout.get() === layout) return;
  $layout.set(layout);
  writeUrl('push');
}

/** Shows one card per paint family, or one per product. */
export function setGroup(group: boolean): void {
  $group.set(group);
  writeUrl('push');
}

/** Forces the grid layout when the screen becomes too narrow for the list, without a history entry. */
export function forceGridLayout(): void {
  if ($layout.get() === 'grid') return;
  $layout.set('grid');
  writeUrl('replace');
}

/** 'View All': clears the category (and the spraying filter it came with) and shows every product. */
export function showAllProducts(): void {
  $filters.set({ ...$filters.get(), category: '', sprayingSystem: false });
  $view.set('products');
  writeUrl('push');
}

/** 'Shop Now' on Spraying Systems: Diamond Collection with the spraying-systems filter. */
export function showSprayingSystems(category: string): void {
  $filters.set({ ...$filters.get(), category, sprayingSystem: true });
  $view.set('products');
  writeUrl('push');
}

/** A brand tile: filters by that category and shows the product list. */
export function showCategory(category: string): void {
  $filters.set({ ...$filters.get(), category, sprayingSystem: false });
  $view.set('products');
  writeUrl('push');
}

/** 'Back to Categories': clears the category and spraying filter and shows the brand grid. */
export function backToCategories(): void {
  $filters.set({ ...$filters.get(), category: '', sprayingSystem: false });
  $view.set('categories');
  writeUrl('push');
}


/**
 * Reads the state from the current URL and keeps the two in step from then on; going back or
 * forward restores the state of that entry. Returns a function that stops syncing.
 */
export function startShopUrlSync(known: KnownValues = {}): () => void {
  const restore = () => {
    applyUrlState(parseShopQuery(location.search, known));
    $selectedProduct.set(null);
  };
  restore();
  urlSyncOn = true;
  // The URL may have held values that were ignored (an unknown category): show the cleaned form.
  writeUrl('replace');
  window.addEventListener('popstate', restore);
  return () => {
    urlSyncOn = false;
    window.removeEventListener('popstate', restore);
  };
}
