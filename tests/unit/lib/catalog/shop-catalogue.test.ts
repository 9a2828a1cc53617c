import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toCatalogCard, type CatalogCard } from '../../../../src/lib/catalog/card';
import { groupFamilies } from '../../../../src/lib/catalog/families';
import { countFacet, DEFAULT_FILTERS, queryCatalog, queryWithFacets, type CatalogQuery } from '../../../../src/lib/catalog/query';
import {
  createShopCatalogue,
  type ShopReply,
  type ShopRequest,
} from '../../../../src/lib/catalog/shop-catalogue';
import { DEFAULT_SORT, SHOP_FEATURED_COUNT } from '../../../../src/lib/constants';
import { readProductFiles } from '../../../../src/server/catalog/content-files';

/** The repository's catalogue as GET /api/catalog/cards answers it. */
const cards: CatalogCard[] = readProductFiles(process.cwd()).map(({ product }) => toCatalogCard(product));
const categories: unknown[] = JSON.parse(readFileSync(join(process.cwd(), 'content', 'categories.json'), 'utf8'));
const body = () => ({ products: structuredClone(cards), categories: structuredClone(categories), version: 'v1-test-version' });
const featuredIds = cards.slice(0, SHOP_FEATURED_COUNT).map((p) => p.id);

const ids = (list: readonly { id: string }[]) => list.map((p) => p.id);
const query = (over: Partial<CatalogQuery> = {}): CatalogQuery => ({ filters: DEFAULT_FILTERS, sort: DEFAULT_SORT, search: '', ...over });

/**
 * The service with a catalogue source the test controls; every reply goes through
 * structuredClone, as postMessage sends it from the worker.
 */
function start(fetchCatalogue: () => Promise<unknown> = async () => body()) {
  const replies: ShopReply[] = [];
  let fetches = 0;
  const handle = createShopCatalogue({
    fetchCatalogue: () => {
      fetches++;
      return fetchCatalogue();
    },
    post: (reply) => replies.push(structuredClone(reply)),
    now: () => performance.now(),
  });
  const send = (request: ShopRequest) => handle(structuredClone(request) as ShopRequest);
  return { replies, send, fetches: () => fetches };
}

describe('the shop catalogue service', () => {
  it("answers a grouped query with one card per family, paged over the cards, and the products' total and counts", async () => {
    const { replies, send } = start();
    await send({ type: 'load', featuredIds });
    const asked = query({ group: true, sort: 'price-low' });
    await send({ type: 'query', id: 4, query: asked, limit: 10 });
    const found = queryWithFacets(cards, asked);
    const listed = groupFamilies(found.results, 'price-low');
    expect(listed.length).toBeLessThan(found.results.length);
    const reply = replies.at(-1)!;
    if (reply.type !== 'results') throw new Error(`expected results, got ${reply.type}`);
    expect(reply.results).toEqual(listed.slice(0, 10));
    expect(reply.total).toBe(found.results.length);
    expect(reply.listed).toBe(listed.length);
    expect(reply.counts).toEqual(found.counts);
  });

  it('loads the catalogue and answers with its summary: size, brands, brand-tile counts and the live Featured cards', async () => {
    const { replies, send } = start();
    await send({ type: 'load', featuredIds });
    expect(replies).toHaveLength(1);
    const reply = replies[0]!;
    if (reply.type !== 'ready') throw new Error(`expected ready, got ${reply.type}`);
    const { summary } = reply;
    expect(summary.version).toBe('v1-test-version');
    expect(summary.total).toBe(cards.length);
    expect(summary.brands).toEqual([...new Set(cards.map((p) => p.brand))].sort((a, b) => a.localeCompare(b)));
    expect(summary.categoryCounts).toEqual(countFacet(cards, query(), 'category'));
    expect(summary.featured).toEqual(cards.slice(0, SHOP_FEATURED_COUNT));
  });

  it('keeps the Featured cards in their places, leaves out one the server no longer has and fills the gap in catalogue order', async () => {
    const gone = featuredIds[2]!;
    const { replies, send } = start(async () => ({ ...body(), products: cards.filter((p) => p.id !== gone) }));
    await send({ type: 'load', featuredIds });
    const reply = replies[0]!;
    if (reply.type !== 'ready') throw new Error(`expected ready, got ${reply.type}`);
    expect(ids(reply.summary.featured)).toEqual([...featuredIds.filter((id) => id !== gone), cards[SHOP_FEATURED_COUNT]!.id]);
  });

  it('answers a query with the first page of its results, their total and the facet counts, as the shop query finds them', async () => {
    const { replies, send } = start();
    await send({ type: 'load', featuredIds });
    const asked = query({ search: 'primer', sort: 'price-low', filters: { ...DEFAULT_FILTERS, inStock: true } });
    await send({ type: 'query', id: 7, query: asked, limit: 5 });
    const expected = queryCatalog(cards, asked);
    expect(expected.length).toBeGreaterThan(5);
    const reply = replies.at(-1)!;
    if (reply.type !== 'results') throw new Error(`expected results, got ${reply.type}`);
    expect(reply.id).toBe(7);
    expect(ids(reply.results)).toEqual(ids(expected.slice(0, 5)));
    expect(reply.total).toBe(expected.length);
    expect(reply.counts).toEqual(queryWithFacets(cards, asked).counts);
    expect(reply.ms).toBeGreaterThanOrEqual(0);
  });

  it("answers 'Show more' of the same query with the longer page, the first page unchanged", async () => {
    const { replies, send } = start();
    await send({ type: 'load', featuredIds });
    await send({ type: 'query', id: 1, query: query(), limit: 48 });
    await send({ type: 'query', id: 2, query: query(), limit: 96 });
    const [first, more] = replies.slice(-2) as Extract<ShopReply, { type: 'results' }>[];
    expect(first!.results).toHaveLength(48);
    expect(more!.results).toHaveLength(Math.min(96, cards.length));
    expect(ids(more!.results.slice(0, 48))).toEqual(ids(first!.results));
    expect(more!.total).toBe(cards.length);
  });

  it('answers a query asked while the catalogue loads once it is in hand, after the summary', async () => {
    let deliver!: (value: unknown) => void;
    const { replies, send } = start(() => new Promise((resolve) => (deliver = resolve)));
    void send({ type: 'load', featuredIds });
    const answered = send({ type: 'query', id: 3, query: query({ search: 'zinsser' }), limit: 10 });
    expect(replies).toEqual([]);
    deliver(body());
    await answered;
    expect(replies.map((r) => r.type)).toEqual(['ready', 'results']);
  });

  it('says why the catalogue could not be had, drops the queries waiting for it, and loads again when asked', async () => {
    let refuse = true;
    const { replies, send, fetches } = start(async () => {
      if (refuse) throw new Error('HTTP 503');
      return body();
    });
    const loaded = send({ type: 'load', featuredIds });
    await send({ type: 'query', id: 1, query: query(), limit: 10 });
    await loaded;
    expect(replies).toEqual([{ type: 'failed', reason: 'HTTP 503' }]);
    refuse = false;
    await send({ type: 'load', featuredIds });
    await send({ type: 'query', id: 2, query: query(), limit: 10 });
    expect(replies.slice(1).map((r) => r.type)).toEqual(['ready', 'results']);
    expect(fetches()).toBe(2);
  });

  it('refuses a body that is not a catalogue, naming the first bad field', async () => {
    const bad = body();
    (bad.products[3] as unknown as Record<string, unknown>).price = 'free';
    const { replies, send } = start(async () => bad);
    await send({ type: 'load', featuredIds });
    expect(replies).toEqual([{ type: 'failed', reason: 'unexpected products[3].price' }]);
  });

  it('fetches the catalogue once: a second load answers with the summary it has', async () => {
    const { replies, send, fetches } = start();
    await send({ type: 'load', featuredIds });
    await send({ type: 'load', featuredIds });
    expect(fetches()).toBe(1);
    expect(replies.map((r) => r.type)).toEqual(['ready', 'ready']);
  });
});
