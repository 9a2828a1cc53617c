/**
 * The shop's live catalogue, held in a Web Worker (./shop-catalogue.worker.ts): the page asks it
 * to load (after load, when idle), hears the catalogue's summary (size, brand counts, the live
 * Featured cards), and asks it queries, each answered with the few cards the products view draws.
 * Until the worker has the catalogue, a query is answered by the server (GET /api/catalog/results:
 * the same query over the same live cards, one page of them), so the products view draws its first
 * screenful without waiting for the whole catalogue; the page's own inline script asks for a
 * products-view URL's first page before any module has loaded (see takeEarlyResults). The page
 * never holds, parses or scans the whole catalogue, so its main thread does not grow with it.
 */
import { atom } from 'nanostores';
import type { CatalogCard } from '../lib/catalog/card';
import type { CatalogQuery } from '../lib/catalog/query';
import { CATALOG_RESULTS_PATH, catalogResultsKey, fromResultsAnswer, type CatalogResultsAnswer } from '../lib/catalog/results';
import type { ShopCatalogueSummary, ShopReply, ShopRequest, ShopResults } from '../lib/catalog/shop-catalogue';
import { afterLoadWhenIdle } from './after-load-idle';

export type { ShopCatalogueSummary, ShopResults } from '../lib/catalog/shop-catalogue';

/** Where the catalogue stands: not asked for yet, on its way, in hand, or failed (loadShopCatalogue({ now: true }) asks again). */
export type ShopCatalogueStatus = 'idle' | 'loading' | 'ready' | 'failed';

/** The catalogue's state and, once loaded, its summary. */
export interface ShopCatalogueState {
  status: ShopCatalogueStatus;
  summary: ShopCatalogueSummary | null;
}

/** The shop's catalogue as the page knows it. */
export const $shopCatalogue = atom<ShopCatalogueState>({ status: 'idle', summary: null });

const cards = new Map<string, CatalogCard>();
/** Every card the page has been sent (the Featured ones, the results drawn), by id: what the detail modal opens from. */
export const shopCards: ReadonlyMap<string, CatalogCard> = cards;

/** Adds cards to shopCards, a newer version replacing an older one. */
export function rememberCards(list: readonly CatalogCard[]): void {
  for (const card of list) cards.set(card.id, card);
}

/** Every brand of the catalogue (the sidebar's options): from the worker's summary, or from a server answer before it. */
export const $catalogueBrands = atom<readonly string[] | null>(null);

let worker: Worker | null = null;
let featuredIds: readonly string[] = [];
/** Ends the wait for an idle moment of the load under way, when the products view needs the catalogue now. */
let hurry: (() => void) | undefined;
/** Settles when the load under way ends, either way. */
let settled: Promise<void> = Promise.resolve();
let endLoad: (() => void) | undefined;

/** The query the worker is answering, and the latest one asked meanwhile (older ones are dropped unanswered). */
let nextId = 1;
let inFlight: { id: number; resolve: (answer: ShopResults | null) => void } | null = null;
let queued: { query: CatalogQuery; limit: number; resolve: (answer: ShopResults | null) => void } | null = null;

function send(request: ShopRequest): void {
  worker ??= startWorker();
  worker.postMessage(request);
}

/** Ends every pending query unanswered. */
function dropQueries(): void {
  inFlight?.resolve(null);
  queued?.resolve(null);
  inFlight = queued = null;
}

function fail(reason: string): void {
  // Info, not error: the page says so itself and offers 'Try again'.
  console.info(`Live catalogue unavailable (${reason}).`);
  dropQueries();
  $shopCatalogue.set({ status: 'failed', summary: $shopCatalogue.get().summary });
  endLoad?.();
}

function receive(reply: ShopReply): void {
  if (reply.type === 'ready') {
    rememberCards(reply.summary.featured);
    $catalogueBrands.set(reply.summary.brands);
    $shopCatalogue.set({ status: 'ready', summary: reply.summary });
    endLoad?.();
  } else if (reply.type === 'failed') {
    fail(reply.reason);
  } else if (inFlight?.id === reply.id) {
    rememberCards(reply.results);
    const { resolve } = inFlight;
    inFlight = null;
    resolve(reply);
    if (queued) {
      const { query, limit, resolve: next } = queued;
      queued = null;
      ask(query, limit, next);
    }
  }
}

function startWorker(): Worker {
  const started = new Worker(new URL('./shop-catalogue.worker.ts', import.meta.url), { type: 'module', name: 'shop-catalogue' });
  started.addEventListener('message', (event: MessageEvent<ShopReply>) => receive(event.data));
  // A worker that cannot start or throws outside its handler is replaced on the next load ('Try again').
  started.addEventListener('error', (event) => {
    event.preventDefault();
    started.terminate();
    if (worker === started) worker = null;
    fail(event.message || 'the catalogue worker stopped');
  });
  started.addEventListener('messageerror', () => fail('an unreadable answer'));
  return started;
}

/** Options of loadShopCatalogue. */
export interface LoadShopOptions {
  /** The ids of the Featured cards the page was built with (kept from the first call). */
  featuredIds?: readonly string[];
  /** The products view waits for it: load at once rather than when idle, and again if the last load failed. */
  now?: boolean;
}

/**
 * Has the worker load the catalogue, once per page: after load when the browser is idle, at once
 * with `now` (which also hurries a load waiting for idle, or retries a failed one). Resolves when
 * that load has ended, either way ($shopCatalogue says which).
 */
export function loadShopCatalogue(options: LoadShopOptions = {}): Promise<void> {
  if (options.featuredIds) featuredIds = options.featuredIds;
  const { status, summary } = $shopCatalogue.get();
  if (status === 'loading' && options.now) hurry?.();
  if (status === 'ready' || status === 'loading' || (status === 'failed' && !options.now)) return settled;
  $shopCatalogue.set({ status: 'loading', summary });
  settled = new Promise<void>((resolve) => (endLoad = resolve));
  void new Promise<void>((resolve) => {
    hurry = resolve;
    if (options.now) resolve();
    else afterLoadWhenIdle(resolve);
  }).then(() => {
    hurry = undefined;
    send({ type: 'load', featuredIds });
  });
  return settled;
}

function ask(query: CatalogQuery, limit: number, resolve: (answer: ShopResults | null) => void): void {
  const id = nextId++;
  inFlight = { id, resolve };
  send({ type: 'query', id, query, limit });
}

/**
 * The answer the page's inline script asked for before any module loaded (window.__shopResults: a
 * products-view URL's first page), taken once: the first server query uses it when it is the
 * answer to that very query and page.
 */
function takeEarlyResults(): Promise<CatalogResultsAnswer | null> | undefined {
  const scope = globalThis as { __shopResults?: Promise<CatalogResultsAnswer | null> };
  const early = scope.__shopResults;
  delete scope.__shopResults;
  return early;
}

/** The server request under way, cancelled by a newer query. */
let serverQuery: AbortController | null = null;

/** The answer of GET /api/catalog/results for a query's first `limit` results; rejects when there is none. */
async function fetchResults(query: CatalogQuery, limit: number, signal: AbortSignal): Promise<CatalogResultsAnswer> {
  const key = catalogResultsKey(query);
  const early = await takeEarlyResults();
  if (early && early.key === key && early.results.length >= Math.min(limit, early.total)) return early;
  const response = await fetch(`${CATALOG_RESULTS_PATH}?${key ? `${key}&` : ''}limit=${limit}`, { signal, headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as CatalogResultsAnswer;
}

/**
 * A query answered by the server, while the worker has no catalogue: the latest query cancels the
 * one before (which resolves to null). If the server cannot answer, the worker loads the
 * catalogue now and answers instead.
 */
function askServer(query: CatalogQuery, limit: number): Promise<ShopResults | null> {
  serverQuery?.abort();
  const controller = (serverQuery = new AbortController());
  const started = performance.now();
  return fetchResults(query, limit, controller.signal).then(
    (answer) => {
      if (controller.signal.aborted) return null;
      serverQuery = null;
      const found = fromResultsAnswer(answer);
      rememberCards(found.results);
      if (!$catalogueBrands.get()) $catalogueBrands.set(answer.brands);
      return { id: 0, ...found, ms: performance.now() - started };
    },
    () => {
      if (controller.signal.aborted) return null;
      serverQuery = null;
      return loadShopCatalogue({ now: true }).then(() => ($shopCatalogue.get().status === 'ready' ? askWorker(query, limit) : null));
    },
  );
}

/** A query answered by the worker: one at a time; one asked while another is answered waits, and replaces any that was waiting (which resolves to null). */
function askWorker(query: CatalogQuery, limit: number): Promise<ShopResults | null> {
  return new Promise((resolve) => {
    if (!inFlight) return ask(query, limit, resolve);
    queued?.resolve(null);
    queued = { query, limit, resolve };
  });
}

/**
 * The first `limit` results of a query, their total and the sidebar's counts: from the worker once
 * it has the catalogue, from the server until then. Resolves to null for a query overtaken by a
 * newer one, and when neither can answer ($shopCatalogue then says 'failed').
 */
export function queryShopCatalogue(query: CatalogQuery, limit: number): Promise<ShopResults | null> {
  if ($shopCatalogue.get().status === 'ready') {
    serverQuery?.abort();
    serverQuery = null;
    return askWorker(query, limit);
  }
  return askServer(query, limit);
}
