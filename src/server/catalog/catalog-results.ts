import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FirstCards } from '../../components/shop/product-list';
import type { CatalogCard } from '../../lib/catalog/card';
import { groupFamilies } from '../../lib/catalog/families';
import { queryWithFacets, type CatalogQuery } from '../../lib/catalog/query';
import { catalogResultsKey, countsToJson, type CatalogResultsAnswer } from '../../lib/catalog/results';
import { parseShopQuery } from '../../lib/catalog/url';
import { catalogResultsQuerySchema } from '../../lib/schemas/catalog-results';
import type { Database } from '../db/schema';
import { invalidFields } from '../http/errors';
import { keptBodyAnswer, type CatalogAnswer, type CatalogRequest } from './catalog.http';
import { lazyEncodings, type CatalogEncoding, type CatalogSnapshotCache } from './catalog.snapshot';

/** Answers kept per catalogue version: the shop's common queries (a category, a sort, the default), not every search typed. */
const RESULTS_KEPT = 64;

/** A parsed GET /api/catalog/results query: the list's query, its canonical key and how many results to send. */
export interface ResultsQuery {
  query: CatalogQuery;
  /** catalogResultsKey of `query`: equal queries, however their URLs were written, share one answer. */
  key: string;
  limit: number;
  /** Whether the answer carries its first cards as HTML too. */
  html: boolean;
}

/** The parts of a request the results answer depends on. */
export interface ResultsRequest extends Omit<CatalogRequest, 'category'> {
  query: ResultsQuery;
}

/**
 * Reads GET /api/catalog/results's parameters: the /shop URL's (parseShopQuery without known
 * brands, so an unknown brand matches nothing, as in the worker; view and layout ignored) and
 * `limit`. Throws 422 with `fields.limit` for a limit that is not one whole number in range.
 */
export function parseCatalogResultsQuery(params: URLSearchParams): ResultsQuery {
  const once = (name: string) => {
    const given = params.getAll(name);
    return given.length > 1 ? given : given[0];
  };
  const parsed = catalogResultsQuerySchema.safeParse({ limit: once('limit'), html: once('html') });
  if (!parsed.success) throw invalidFields(parsed.error);
  const { filters, sort, search, group } = parseShopQuery(params);
  const query: CatalogQuery = group ? { filters, sort, search, group } : { filters, sort, search };
  return { query, key: catalogResultsKey(query), limit: parsed.data.limit, html: parsed.data.html === '1' };
}

/** One kept answer: its ETag base, the answer and its JSON, compressed on first use. */
export interface KeptAnswer {
  tag: string;
  answer: CatalogResultsAnswer;
  body: (encoding: CatalogEncoding) => Promise<Buffer>;
}

/** What is kept for one cards cache: the answers of its current version, most recently used last, and its brands. */
interface ResultsMemo {
  version: string;
  answers: Map<string, KeptAnswer>;
  brands?: string[];
}

const memos = new WeakMap<CatalogSnapshotCache, ResultsMemo>();

/** The ETag base of an answer: a short hash of what it depends on, so it changes with the catalogue, the query and the limit. */
function tagOf(version: string, key: string, limit: number, html: boolean): string {
  return createHash('sha256').update(`${version}\u0000${key}\u0000${limit}${html ? '\u0000html' : ''}`).digest('base64url').slice(0, 22);
}

/** The memo of a cache at a version: emptied when the catalogue has moved on. */
function memoOf(cache: CatalogSnapshotCache, version: string): ResultsMemo {
  let memo = memos.get(cache);
  if (memo?.version !== version) {
    memo = { version, answers: new Map() };
    memos.set(cache, memo);
  }
  return memo;
}

/** Finds and serialises one answer over the cards of one version. */
function makeAnswer(memo: ResultsMemo, cards: readonly CatalogCard[], query: ResultsQuery, tag: string): KeptAnswer {
  const { results, counts, colour } = queryWithFacets(cards, query.query);
  const listed = query.query.group ? groupFamilies(results, query.query.sort) : results;
  memo.brands ??= [...new Set(cards.map((card) => card.brand))].sort((a, b) => a.localeCompare(b));
  const answer: CatalogResultsAnswer = {
    key: query.key,
    version: memo.version,
    total: results.length,
    ...(query.query.group ? { listed: listed.length } : {}),
    results: listed.slice(0, query.limit),
    counts: countsToJson(counts),
    brands: memo.brands,
    ...(colour ? { colour } : {}),
  };
  // React puts a preload link before the markup for each eager image; the cards are going into a
  // list, where links do not belong, and their images are fetched as the cards are inserted anyway.
  if (query.html) answer.html = renderToStaticMarkup(createElement(FirstCards, { products: answer.results, colour })).replace(/^(?:<link [^>]*\/>)+/, '');
  return { tag, answer, body: lazyEncodings(Buffer.from(JSON.stringify(answer))) };
}

/**
 * Answers GET /api/catalog/results over the live cards of `cache` (CatalogSnapshotCache.items):
 * 304 when If-None-Match names this answer (known from the version, key and limit, before any
 * search), else its JSON in the best encoding the client accepts, with a strong ETag per encoding.
 * The last RESULTS_KEPT answers of the current version are kept with their compressed bodies.
 */
export async function answerResultsRequest(db: Kysely<Database>, cache: CatalogSnapshotCache, request: ResultsRequest): Promise<CatalogAnswer> {
  const { version, items } = await cache.items(db);
  const { key, limit, html } = request.query;
  const tag = tagOf(version, key, limit, html);
  return keptBodyAnswer(request, tag, 'application/json; charset=utf-8', (encoding) =>
    keptAnswer(cache, version, items as readonly CatalogCard[], request.query, tag).body(encoding),
  );
}

/** The kept answer of a query at a version (found now, and kept, when it is not). */
function keptAnswer(cache: CatalogSnapshotCache, version: string, cards: readonly CatalogCard[], query: ResultsQuery, tag: string): KeptAnswer {
  const memo = memoOf(cache, version);
  const id = `${query.limit}${query.html ? '+html' : ''}?${query.key}`;
  let kept = memo.answers.get(id);
  if (kept) memo.answers.delete(id);
  else kept = makeAnswer(memo, cards, query, tag);
  memo.answers.set(id, kept);
  if (memo.answers.size > RESULTS_KEPT) memo.answers.delete(memo.answers.keys().next().value!);
  return kept;
}

/** The answer to a query over the live cards of `cache`, kept as GET /api/catalog/results keeps it (the shop page's first results). */
export async function findResults(db: Kysely<Database>, cache: CatalogSnapshotCache, query: ResultsQuery): Promise<KeptAnswer> {
  const { version, items } = await cache.items(db);
  return keptAnswer(cache, version, items as readonly CatalogCard[], query, tagOf(version, query.key, query.limit, query.html));
}

/** The same answer as a fetch Response, for the Astro route (`astro dev` and hosts without the edge). */
export async function catalogResultsResponse(db: Kysely<Database>, cache: CatalogSnapshotCache, request: Request): Promise<Response> {
  const answer = await answerResultsRequest(db, cache, {
    ifNoneMatch: request.headers.get('if-none-match'),
    acceptEncoding: request.headers.get('accept-encoding'),
    head: request.method === 'HEAD',
    query: parseCatalogResultsQuery(new URL(request.url).searchParams),
  });
  return new Response((answer.body as unknown as BodyInit) ?? null, { status: answer.status, headers: answer.headers });
}
