/**
 * The live cards of one category (GET /api/catalog/cards?category=<slug>), for the category and
 * vendor pages: what they reconcile their cards with and draw 'the rest' of the category from.
 * Fetched once per page after load when the browser is idle, like the whole catalogue of
 * ./catalog.ts, but a category's cards only: at 10,000 products the whole catalogue is megabytes
 * to download and parse, a category's a fraction of it (and its own ETag, which a sale of another
 * category leaves valid). It never touches storage: the browser's HTTP cache (ETag + 304) is the
 * only cache.
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { CATALOG_CARDS_PATH, type CatalogCard } from '../lib/catalog/card';
import { categorySlug } from '../lib/catalog/category-slug';
import { parseLiveCatalog } from '../lib/catalog/reconcile';
import { afterLoadWhenIdle } from './after-load-idle';
import { fetchJson, reportUnavailable } from './catalog';

/** The body of GET /api/catalog/cards?category=<slug>. */
export interface LiveCategory {
  category: string;
  /** The category's cards, in catalogue order. */
  products: CatalogCard[];
  /** Content hash of the category's cards. */
  version: string;
}

const stores = new Map<string, WritableAtom<LiveCategory | null>>();
const loads = new Map<string, Promise<LiveCategory | null>>();

/** Fetches and checks one category's live cards; null (reported) on any failure. */
async function fetchLiveCategory(category: string): Promise<LiveCategory | null> {
  const body = await fetchJson(`${CATALOG_CARDS_PATH}?category=${encodeURIComponent(categorySlug(category))}`);
  if (body === undefined) return null;
  const record = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (record?.category !== category) return reportUnavailable('unexpected category');
  // The same cards as the whole catalogue's answer, without its list of categories.
  const parsed = parseLiveCatalog({ ...record, categories: [] });
  if (!parsed.ok) return reportUnavailable(`unexpected ${parsed.problem}`);
  return { category, products: parsed.catalog.products, version: parsed.catalog.version };
}

/** A store of one category's live cards: null until loaded (and for good if they cannot be). */
export function liveCategory(category: string): ReadableAtom<LiveCategory | null> {
  let store = stores.get(category);
  if (!store) {
    store = atom<LiveCategory | null>(null);
    stores.set(category, store);
  }
  return store;
}

/**
 * Loads one category's live cards into liveCategory(category), once per page, after load when the
 * browser is idle. Calls return the same promise; it resolves to null (never rejects) on failure.
 */
export function loadLiveCategory(category: string): Promise<LiveCategory | null> {
  let load = loads.get(category);
  if (!load) {
    const store = liveCategory(category) as WritableAtom<LiveCategory | null>;
    load = new Promise<void>(afterLoadWhenIdle)
      .then(() => fetchLiveCategory(category))
      .then((live) => {
        if (live) store.set(live);
        return live;
      });
    loads.set(category, load);
  }
  return load;
}
