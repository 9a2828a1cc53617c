/**
 * The shop's catalogue service and its message protocol: it holds the live catalogue (GET
 * /api/catalog/cards) and answers the products view's queries (filters, search, sort, facet
 * counts) with only what the page draws. It runs in a Web Worker (src/stores/shop-catalogue.worker.ts),
 * so fetching, parsing and querying 10,000 products never block the page; the page keeps no copy
 * of the catalogue. Pure: the host hands it the fetch and the way to answer, so tests drive it directly.
 */
import type { LineColour } from '../cart';
import { DEFAULT_SORT, SHOP_FEATURED_COUNT } from '../constants';
import type { CatalogCard } from './card';
import { groupFamilies, type ListedCard } from './families';
import { selectShopFeatured } from './featured';
import { countFacet, DEFAULT_FILTERS, queryWithFacets, type CatalogQuery, type FacetCounts, type QueryWithFacets } from './query';
import { parseLiveCatalog, type LiveCatalog } from './reconcile';

/** What the page shows of the whole catalogue without querying it: its size, the brand grid's counts, the Featured cards. */
export interface ShopCatalogueSummary {
  /** Content hash of the catalogue (the body's version). */
  version: string;
  /** How many products the catalogue holds. */
  total: number;
  /** Every brand, alphabetical (the sidebar's brand options). */
  brands: string[];
  /** Products per category with nothing filtered (the brand tiles' counts). */
  categoryCounts: Map<string, number>;
  /** The Featured grid in its live version (selectShopFeatured of the ids the page was built with). */
  featured: CatalogCard[];
}

/** One query's answer: the first `limit` results, how many there are in all, the sidebar's counts. */
export interface ShopResults {
  /** The id of the query answered. */
  id: number;
  results: ListedCard<CatalogCard>[];
  /** Products matching (the spec's count). */
  total: number;
  /** Cards the list holds in all: `total`, or fewer when families are grouped. */
  listed: number;
  counts: FacetCounts;
  /** The colour the search names (tintable results match by it), or null. */
  colour: LineColour | null;
  /** How long finding the results took, in ms (the performance overlay's 'Last filter'). */
  ms: number;
}

/** A message from the page to the service. */
export type ShopRequest =
  /** Load the catalogue (again after a failure), then answer with its summary. */
  | { type: 'load'; featuredIds: readonly string[] }
  /** Run a query once the catalogue is in hand; answered with its first `limit` results. */
  | { type: 'query'; id: number; query: CatalogQuery; limit: number };

/** A message from the service to the page. */
export type ShopReply =
  | { type: 'ready'; summary: ShopCatalogueSummary }
  | { type: 'failed'; reason: string }
  | ({ type: 'results' } & ShopResults);

/** What the service needs from where it runs. */
export interface ShopCatalogueHost {
  /** The parsed JSON body of GET /api/catalog/cards; rejects when it cannot be had. */
  fetchCatalogue: () => Promise<unknown>;
  /** Sends a reply to the page. */
  post: (reply: ShopReply) => void;
  /** A clock in ms (performance.now). */
  now: () => number;
}

/** The summary of a loaded catalogue. */
export function summariseCatalogue(catalogue: LiveCatalog, featuredIds: readonly string[]): ShopCatalogueSummary {
  const { products } = catalogue;
  const everything: CatalogQuery = { filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, search: '' };
  return {
    version: catalogue.version,
    total: products.length,
    brands: [...new Set(products.map((p) => p.brand))].sort((a, b) => a.localeCompare(b)),
    categoryCounts: countFacet(products, everything, 'category'),
    featured: selectShopFeatured(featuredIds.map((id) => ({ id })), products, SHOP_FEATURED_COUNT),
  };
}

/**
 * The service: returns the handler of the page's messages. A query asked while the catalogue
 * loads is answered once it is in hand; one asked with no catalogue and no load under way (or
 * after a failed load) is dropped, the page having heard of the failure.
 */
export function createShopCatalogue(host: ShopCatalogueHost): (request: ShopRequest) => Promise<void> {
  let catalogue: LiveCatalog | null = null;
  let loading: Promise<LiveCatalog | null> | null = null;
  let featuredIds: readonly string[] = [];
  /** The last query's whole answer, so 'Show more' of the same query slices it rather than running it again. */
  let last: { key: string; products: readonly CatalogCard[]; found: QueryWithFacets<CatalogCard>; listed: ListedCard<CatalogCard>[]; ms: number } | null = null;

  const fail = (reason: string): null => {
    host.post({ type: 'failed', reason });
    return null;
  };

  const load = async (): Promise<LiveCatalog | null> => {
    let body: unknown;
    try {
      body = await host.fetchCatalogue();
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    const parsed = parseLiveCatalog(body);
    if (!parsed.ok) return fail(`unexpected ${parsed.problem}`);
    catalogue = parsed.catalog;
    host.post({ type: 'ready', summary: summariseCatalogue(catalogue, featuredIds) });
    return catalogue;
  };

  const answer = (products: readonly CatalogCard[], id: number, query: CatalogQuery, limit: number) => {
    const key = JSON.stringify(query);
    if (last?.key !== key || last.products !== products) {
      const started = host.now();
      const found = queryWithFacets(products, query);
      const listed = query.group ? groupFamilies(found.results, query.sort) : found.results;
      last = { key, products, found, listed, ms: host.now() - started };
    }
    const { results, counts, colour } = last.found;
    const { listed } = last;
    host.post({ type: 'results', id, results: listed.slice(0, Math.max(0, limit)), total: results.length, listed: listed.length, counts, colour, ms: last.ms });
  };

  return async (request) => {
    try {
      if (request.type === 'load') {
        featuredIds = request.featuredIds;
        if (catalogue) host.post({ type: 'ready', summary: summariseCatalogue(catalogue, featuredIds) });
        else loading ??= load().finally(() => (loading = null));
        return;
      }
      const products = (catalogue ?? (await loading))?.products;
      if (products) answer(products, request.id, request.query, request.limit);
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
  };
}
