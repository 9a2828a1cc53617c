/**
 * One page of a shop query's results as the server answers it (GET /api/catalog/results): the
 * same query the shop's worker runs (queryWithFacets), over the same live cards, so the products
 * view can draw its first screenful before the worker has the whole catalogue. Shared by the
 * server, which writes it, and the browser, which reads it.
 */
import type { LineColour } from '../cart';
import type { CatalogCard } from './card';
import type { ListedCard } from './families';
import type { CatalogQuery, FacetCounts } from './query';
import { formatShopQuery } from './url';

/** The route of one page of a query's results. */
export const CATALOG_RESULTS_PATH = '/api/catalog/results';

/** The id of the JSON data block in which the server's shop page carries its first answer (src/server/catalog/shop-page.ts). */
export const FIRST_RESULTS_ID = 'shop-first-results';

/** FacetCounts as JSON: the Maps as plain objects. */
export interface FacetCountsJson {
  category: Record<string, number>;
  brand: Record<string, number>;
  finish: Record<string, number>;
  eco: number;
  stock: number;
  spraying: number;
}

/** The body of a 200 from GET /api/catalog/results. */
export interface CatalogResultsAnswer {
  /** The query answered, as the shop's URL writes it without '?' (catalogResultsKey): '' for the default one. */
  key: string;
  /** The version of the live cards it was found in. */
  version: string;
  /** How many products match in all (also when grouped: the spec's count is of products). */
  total: number;
  /** With `group=1`: how many cards the grouped list holds in all (a family is one card). */
  listed?: number;
  /** The first `limit` of them (of the grouped cards with `group=1`), in the query's order. */
  results: ListedCard<CatalogCard>[];
  /** The sidebar's counts. */
  counts: FacetCountsJson;
  /** Every brand of the catalogue, alphabetical (the sidebar's brand options). */
  brands: string[];
  /** The colour the search names, when it names one: its tintable results are there because they can be tinted to it. */
  colour?: LineColour;
  /**
   * With `html=1`: the first results (up to FIRST_CARDS) as the products view's grid items, rendered
   * by the island's own components, for the page to show before its scripts have run.
   */
  html?: string;
}

/** The query part of the shop's URL for a query (no view, no layout), without '?': the answer's `key`. */
export function catalogResultsKey(query: CatalogQuery): string {
  return formatShopQuery({ view: 'categories', layout: 'grid', filters: query.filters, sort: query.sort, search: query.search, group: query.group }).slice(1);
}

/** FacetCounts written as JSON. */
export function countsToJson(counts: FacetCounts): FacetCountsJson {
  return {
    category: Object.fromEntries(counts.category),
    brand: Object.fromEntries(counts.brand),
    finish: Object.fromEntries(counts.finish),
    eco: counts.eco,
    stock: counts.stock,
    spraying: counts.spraying,
  };
}

/** FacetCounts read back from JSON. */
export function countsFromJson(json: FacetCountsJson): FacetCounts {
  return {
    category: new Map(Object.entries(json.category)),
    brand: new Map(Object.entries(json.brand)),
    finish: new Map(Object.entries(json.finish)),
    eco: json.eco,
    stock: json.stock,
    spraying: json.spraying,
  };
}

/** What the products view takes of an answer: its cards, their totals, the counts and the colour searched for. */
export function fromResultsAnswer(answer: CatalogResultsAnswer): { results: ListedCard<CatalogCard>[]; total: number; listed: number; counts: FacetCounts; colour: LineColour | null } {
  return { results: answer.results, total: answer.total, listed: answer.listed ?? answer.total, counts: countsFromJson(answer.counts), colour: answer.colour ?? null };
}
