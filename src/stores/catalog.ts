/**
 * The live catalogue as cards (GET /api/catalog/cards: src/lib/catalog/card.ts) and the build-time
 * cards reconciled with it. Pages render with the build-time cards they show; once the browser is
 * idle (at once when an island needs it, as the shop's product list does, whose only source it is)
 * this store fetches the live one, once per page, and islands switch to the reconciled cards without
 * reordering what is shown. Islands that show a few products (the product page, the cart drawer,
 * the detail modal) ask for those products alone (GET /api/products?ids=) instead: at 10,000
 * products the cards are megabytes to parse. It never touches storage: the browser's HTTP cache
 * (ETag + 304) is the only cache.
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores';
import { CATALOG_CARDS_PATH, toCatalogCard, type CatalogCard } from '../lib/catalog/card';
import {
  applyLiveToCart as applyLiveCards,
  indexProductsById,
  parseLiveCatalog,
  parseLiveProduct,
  reconcileCatalog,
  type CatalogReconciliation,
  type LiveCart,
  type LiveCatalog,
} from '../lib/catalog/reconcile';
import type { CartLine } from '../lib/cart';
import type { Product } from '../lib/schemas/catalog';
import type { CustomerPrice } from '../lib/schemas/trade';
import { ownUnitCentsAt } from '../lib/trade-pricing';
import { afterLoadWhenIdle } from './after-load-idle';
import { readCachedUser } from './user-cache';

/** The signed-in trade customer's own prices of the cart's products, once loadLiveCards has asked for them. */
let ownPrices: ReadonlyMap<string, CustomerPrice> | undefined;

/** The customer's own prices of these products when their cached profile says trade (the module loads only then); undefined otherwise. */
async function loadOwnPrices(ids: readonly string[]): Promise<ReadonlyMap<string, CustomerPrice> | undefined> {
  if (!readCachedUser()?.trade) return undefined;
  return (await import('./trade-prices')).loadTradePrices(ids);
}

/** A product's price for the signed-in trade customer (unit, list and tiers); undefined for everyone else. */
export async function loadOwnPrice(id: string): Promise<CustomerPrice | undefined> {
  return (await loadOwnPrices([id]))?.get(id);
}

/**
 * The cart drawer's reconciliation (it loads this module on its first opening and runs it again
 * whenever the lines change): the lines at the live cards' prices for each line's quantity (the
 * product's public tiers applied over its quantity in all its lines), or at a trade customer's own
 * unit price for it (their tiers and the public ones included), so the cart and the checkout show what
 * the server will charge.
 */
export function applyLiveToCart(lines: readonly CartLine[], liveById: ReadonlyMap<string, CatalogCard>): LiveCart {
  // A tier counts a product's quantity over all its lines (one per colour), as the server does.
  const quantityOf = new Map<string, number>();
  for (const line of lines) quantityOf.set(line.product.id, (quantityOf.get(line.product.id) ?? 0) + line.quantity);
  const priced = new Map(liveById);
  for (const [id, quantity] of quantityOf) {
    const card = liveById.get(id);
    if (!card) continue;
    const own = ownPrices?.get(id);
    const price = own ? ownUnitCentsAt(own, quantity) / 100 : publicUnitPrice(card, quantity);
    if (card.price !== price) priced.set(id, { ...card, price });
  }
  return applyLiveCards(lines, priced);
}

/** A card's unit price in dollars at `quantity`: its best public tier reached, else its price (the server's rule without a trade account). */
export function publicUnitPrice(card: Pick<CatalogCard, 'price' | 'priceTiers'>, quantity: number): number {
  return (card.priceTiers ?? []).reduce((best, tier) => (quantity >= tier.minQuantity && tier.price < best ? tier.price : best), card.price);
}


/** The live catalogue, or null until it has loaded (and for good if it cannot be loaded). */
export const $liveCatalog = atom<LiveCatalog | null>(null);

/** Where the live catalogue stands: not asked for yet, on its way, in hand, or failed (loadLiveCatalog({ now: true }) asks again). */
export type LiveCatalogStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The state of the live catalogue's load, for islands that cannot show anything without it (the shop's product list). */
export const $liveCatalogStatus = atom<LiveCatalogStatus>('idle');

/** Live products by id (for the cart drawer's applyLiveToCart), or null until loaded. */
export const $liveProductsById = computed($liveCatalog, (live) =>
  live ? indexProductsById(live.products) : null,
);

let loading: Promise<LiveCatalog | null> | undefined;
/** The live catalogue once loaded, read without mounting $liveCatalog (a store's get() would start the load). */
let loaded: LiveCatalog | null = null;
/** Ends the wait for an idle moment of the load under way, when an island needs the catalogue now. */
let hurry: (() => void) | undefined;

/** Resolves after the page has loaded and the main thread is idle (or IDLE_TIMEOUT_MS has passed), or when hurried. */
function waitForIdle(): Promise<void> {
  return new Promise((resolve) => {
    hurry = resolve;
    afterLoadWhenIdle(resolve);
  });
}

/** A promise of afterLoadWhenIdle, for look-ups (never hurried). */
const idle = () => new Promise<void>(afterLoadWhenIdle);

/** Logs why the page stays on the build-time catalogue; info, not error: the page still works. */
export function reportUnavailable(reason: string): null {
  console.info(`Live catalogue unavailable (${reason}); showing the catalogue the page was built with.`);
  return null;
}

/** Fetches a JSON answer, revalidating the HTTP cache's copy; undefined (reported) on any failure. */
export async function fetchJson(url: string): Promise<unknown> {
  let response: Response;
  try {
    // 'no-cache' revalidates the stored copy with its ETag: an unchanged answer costs a 304.
    response = await fetch(url, { cache: 'no-cache', headers: { accept: 'application/json' } });
  } catch (error) {
    return void reportUnavailable(error instanceof Error ? error.message : String(error));
  }
  if (response.status !== 200) return void reportUnavailable(`HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    return void reportUnavailable('the answer is not JSON');
  }
}

/** Fetches and checks the live catalogue; null on any failure. */
async function fetchLiveCatalog(): Promise<LiveCatalog | null> {
  const body = await fetchJson(CATALOG_CARDS_PATH);
  if (body === undefined) return null;
  const parsed = parseLiveCatalog(body);
  if (!parsed.ok) return reportUnavailable(`unexpected ${parsed.problem}`);
  return parsed.catalog;
}

/** Options of loadLiveCatalog. */
export interface LoadOptions {
  /** Something on screen waits for it: fetch at once rather than when idle, and again if the last load failed ('Try again'). */
  now?: boolean;
}

/**
 * Loads the live catalogue into $liveCatalog once per page, after load when the browser is idle
 * (at once with `now`, which also hurries a load already waiting, or retries a failed one). Calls
 * return the same promise; it resolves to null (never rejects) when loading fails, and
 * $liveCatalogStatus says so.
 */
export function loadLiveCatalog(options: LoadOptions = {}): Promise<LiveCatalog | null> {
  if (options.now && $liveCatalogStatus.get() === 'failed') loading = undefined;
  if (!loading) {
    $liveCatalogStatus.set('loading');
    loading = (options.now ? Promise.resolve() : waitForIdle())
      .then(fetchLiveCatalog)
      .then((catalog) => {
        if (catalog) $liveCatalog.set((loaded = catalog));
        $liveCatalogStatus.set(catalog ? 'ready' : 'failed');
        return catalog;
      });
  } else if (options.now) {
    hurry?.();
  }
  return loading;
}

// Any island that reads the live catalogue (directly or through a computed store) starts the load,
// in the browser: a product page rendered on the server renders with the product it was given.
onMount($liveCatalog, () => {
  if (typeof window !== 'undefined') void loadLiveCatalog();
});

const reconciliations = new WeakMap<readonly CatalogCard[], ReadableAtom<CatalogReconciliation>>();
const productLists = new WeakMap<readonly CatalogCard[], ReadableAtom<readonly CatalogCard[]>>();

/**
 * A store of the build-time cards reconciled with the live catalogue (products, changed, added,
 * removed); the same store for the same array, so an island may call it on every render.
 */
export function reconciledCatalog(buildTime: readonly CatalogCard[]): ReadableAtom<CatalogReconciliation> {
  let store = reconciliations.get(buildTime);
  if (!store) {
    const untouched: CatalogReconciliation = { products: buildTime, changed: new Map(), added: [], removed: [] };
    store = computed($liveCatalog, (live) => (live ? reconcileCatalog(buildTime, live.products) : untouched));
    reconciliations.set(buildTime, store);
  }
  return store;
}

/** A store of the cards to show: the build-time list until the live catalogue arrives, then reconciled. */
export function reconciledProducts(buildTime: readonly CatalogCard[]): ReadableAtom<readonly CatalogCard[]> {
  let store = productLists.get(buildTime);
  if (!store) {
    store = computed(reconciledCatalog(buildTime), (r) => r.products);
    productLists.set(buildTime, store);
  }
  return store;
}

/** One product as the server has it now: the whole product, 'removed' when the server no longer has it, or null when it could not be asked. */
export type LiveProduct = Product | 'removed' | null;

// The look-up answers 200 with the products found, withdrawn ones left out (a 404 per product would be logged by the browser).
const LOOKUP_URL = '/api/products?ids=';
/** Most ids per look-up (PRODUCT_LOOKUP_MAX_IDS of the route). */
const LOOKUP_MAX_IDS = 100;
/** The look-ups of this page by product id (one request per product per page, like the catalogue's). */
const productLoads = new Map<string, Promise<LiveProduct>>();

/** Fetches and checks a few whole products (GET /api/products?ids=), by id; null on any failure. */
async function fetchLiveProducts(ids: readonly string[]): Promise<Map<string, Product> | null> {
  const body = await fetchJson(LOOKUP_URL + ids.map(encodeURIComponent).join(','));
  if (body === undefined) return null;
  const list = (body as { products?: unknown } | null)?.products;
  if (!Array.isArray(list)) return reportUnavailable('unexpected products');
  const byId = new Map<string, Product>();
  for (const [i, raw] of list.entries()) {
    const parsed = parseLiveProduct(raw);
    if (!parsed.ok) return reportUnavailable(`unexpected products[${i}].${parsed.problem}`);
    byId.set(parsed.product.id, parsed.product);
  }
  return byId;
}

/**
 * Loads one product as the server has it now (GET /api/products?ids=, ETag-revalidated), once per
 * page: after load when the browser is idle, or at once with `now` (which also asks again after a
 * failure). Never rejects.
 */
export function loadLiveProduct(id: string, options: LoadOptions = {}): Promise<LiveProduct> {
  const ask = () => fetchLiveProducts([id]).then((byId) => (byId ? (byId.get(id) ?? 'removed') : null));
  let load = productLoads.get(id);
  if (load && options.now) {
    // A failed look-up is asked again; one waiting for idle is not hurried (it is cheap to ask anew).
    load = load.then((result) => (result === null ? ask() : result));
    productLoads.set(id, load);
  }
  if (!load) {
    load = (options.now ? Promise.resolve() : idle()).then(ask);
    productLoads.set(id, load);
  }
  return load;
}

/**
 * The live cards of a few products (the cart drawer's lines): from the live catalogue when this
 * page has it already, else asked for together, so a page never downloads the whole catalogue for
 * a handful of lines. Products the server no longer has are absent; null when the server could not
 * be asked (an unanswered look-up must not read as a withdrawn product).
 */
export async function loadLiveCards(ids: readonly string[]): Promise<ReadonlyMap<string, CatalogCard> | null> {
  ownPrices = await loadOwnPrices(ids);
  // Only when this page has loaded it already: a look-up must never start the catalogue's download.
  const catalogue = loaded && indexProductsById(loaded.products);
  if (catalogue) return new Map(ids.flatMap((id) => (catalogue.has(id) ? [[id, catalogue.get(id)!] as const] : [])));
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_MAX_IDS) batches.push(ids.slice(i, i + LOOKUP_MAX_IDS));
  const found = await Promise.all(batches.map(fetchLiveProducts));
  if (found.includes(null)) return null;
  // Cards, so a build-time card and its live one compare equal when nothing a shopper sees changed.
  return new Map(found.flatMap((byId) => [...byId!].map(([id, p]) => [id, toCatalogCard(p)] as const)));
}
