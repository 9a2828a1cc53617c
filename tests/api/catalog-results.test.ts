// GET /api/catalog/results: the first results of one shop query, found on the server with the
// shop worker's own queryWithFacets over the live cards, so the products view draws its first
// screenful before the whole catalogue (GET /api/catalog/cards) has arrived. Every expectation is
// computed here from the cards' answer with the same function, never written down as numbers.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogCard } from '../../src/lib/catalog/card';
import { FIRST_CARDS } from '../../src/components/shop/product-list';
import { groupFamilies } from '../../src/lib/catalog/families';
import { queryWithFacets } from '../../src/lib/catalog/query';
import { countsToJson, type CatalogResultsAnswer } from '../../src/lib/catalog/results';
import { parseShopQuery } from '../../src/lib/catalog/url';
import { CATALOG_RESULTS_MAX_LIMIT, PRODUCT_LIST_PAGE_SIZE } from '../../src/lib/constants';
import { baseUrl, errorOf, rawRequest } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { orderBody, postOrder, setStock } from './helpers/orders';
import { familySamplePots } from '../../src/lib/paint/sample-pots';
import type { PackSize } from '../../src/lib/paint/units';
import { startServer, type TestServer } from './helpers/server';

const RESULTS = '/api/catalog/results';
const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 480.';

interface CardsBody {
  products: CatalogCard[];
  version: string;
}

const resultsUrl = (query = '', origin = baseUrl()) => `${origin}${RESULTS}${query}`;
const decode = (body: Buffer) => JSON.parse(body.toString('utf8')) as CatalogResultsAnswer;

/** The live cards of a server, as GET /api/catalog/cards answers them. */
async function cardsOf(origin: string): Promise<CardsBody> {
  return (await (await fetch(`${origin}/api/catalog/cards`)).json()) as CardsBody;
}

/** What the answer to a /shop query string must be: the worker's query over the cards, cut to `limit`. */
function expectedAnswer(cards: CardsBody, query: string, limit = PRODUCT_LIST_PAGE_SIZE): Omit<CatalogResultsAnswer, 'key'> {
  const { filters, sort, search, group } = parseShopQuery(query);
  const { results, counts, colour } = queryWithFacets(cards.products, { filters, sort, search });
  const listed = group ? groupFamilies(results, sort) : results;
  return {
    version: cards.version,
    total: results.length,
    ...(group ? { listed: listed.length } : {}),
    results: listed.slice(0, limit),
    counts: countsToJson(counts),
    brands: [...new Set(cards.products.map((p) => p.brand))].sort((a, b) => a.localeCompare(b)),
    ...(colour ? { colour } : {}),
  };
}

/** An answer read without compression. */
async function answerOf(url: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string; body: CatalogResultsAnswer; bytes: Buffer }> {
  const response = await rawRequest(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: response.status, etag: String(response.headers.etag), body: response.status === 200 ? decode(response.body) : (undefined as never), bytes: response.body };
}

describe('GET /api/catalog/results', () => {
  let cards: CardsBody;

  beforeAll(async () => {
    cards = await cardsOf(baseUrl());
    expect(cards.products.length).toBeGreaterThan(PRODUCT_LIST_PAGE_SIZE);
  });

  it("answers a bare query with the first 48 cards of the worker's default order, the whole catalogue's total, its counts and every brand", async () => {
    const { status, body } = await answerOf(resultsUrl());
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['key', 'version', 'total', 'results', 'counts', 'brands']);
    expect(body).toEqual({ key: '', ...expectedAnswer(cards, '') });
    expect(body.total).toBe(cards.products.length);
    expect(body.results).toHaveLength(PRODUCT_LIST_PAGE_SIZE);
    // The default sort (popular first) keeps catalogue order among equals.
    const order = cards.products.map((p) => p.id);
    const popular = body.results.filter((p) => p.isPopular).map((p) => order.indexOf(p.id));
    expect(popular).toEqual([...popular].sort((a, b) => a - b));
    expect(body.counts.eco + body.counts.stock).toBeGreaterThan(0);
  });

  it('answers a category, a search and a sort together as the worker would, with the counts of that query', async () => {
    const category = cards.products[0]!.category;
    const word = cards.products.filter((p) => p.category === category).flatMap((p) => p.name.split(/\s+/)).find((w) => w.length >= 4)!.toLowerCase();
    const query = `?category=${encodeURIComponent(category)}&q=${encodeURIComponent(word)}&sort=price-low`;
    const { body } = await answerOf(resultsUrl(query));
    const expected = expectedAnswer(cards, query);
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(cards.products.length);
    expect(body).toEqual({ key: new URLSearchParams({ category, q: word, sort: 'price-low' }).toString(), ...expected });
    for (const card of body.results) expect(card.category).toBe(category);
    const prices = body.results.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('answers a brand the catalogue does not have with no results, as the worker does, and other values that make no sense as if absent', async () => {
    const { body } = await answerOf(resultsUrl('?brand=No%20Such%20Brand'));
    expect(body).toEqual({ key: 'brand=No+Such+Brand', ...expectedAnswer(cards, '?brand=No%20Such%20Brand') });
    expect(body.total).toBe(0);
    expect(body.results).toEqual([]);
    const odd = await answerOf(resultsUrl('?category=Nothing&sort=cheapest&min=abc&eco=maybe&view=products'));
    expect(odd.body).toEqual({ key: '', ...expectedAnswer(cards, '') });
  });

  it('writes the key as the shop URL does, without view and layout, so equal queries share one answer and ETag', async () => {
    const category = cards.products[0]!.category;
    const slug = encodeURIComponent(category);
    const loose = await answerOf(resultsUrl(`?q=epoxy&view=products&layout=list&category=${slug}`));
    const canonical = await answerOf(resultsUrl(`?category=${slug}&q=epoxy`));
    expect(loose.body.key).toBe(`${new URLSearchParams({ category })}&q=epoxy`);
    expect(loose.body).toEqual(canonical.body);
    expect(loose.etag).toBe(canonical.etag);
    expect(loose.bytes.equals(canonical.bytes)).toBe(true);
  });

  it('sends as many results as `limit` asks, from 1 to 480', async () => {
    const one = await answerOf(resultsUrl('?limit=1'));
    expect(one.body).toEqual({ key: '', ...expectedAnswer(cards, '', 1) });
    expect(one.body.results).toHaveLength(1);
    const most = await answerOf(resultsUrl(`?limit=${CATALOG_RESULTS_MAX_LIMIT}&sort=rating`));
    expect(most.body).toEqual({ key: 'sort=rating', ...expectedAnswer(cards, '?sort=rating', CATALOG_RESULTS_MAX_LIMIT) });
    expect(most.body.results).toHaveLength(Math.min(CATALOG_RESULTS_MAX_LIMIT, cards.products.length));
    // Each limit is its own representation.
    expect(one.etag).not.toBe((await answerOf(resultsUrl())).etag);
  });

  it('adds the first cards as the products view draws them with html=1, its own representation', async () => {
    const plain = await answerOf(resultsUrl('?category=Rustoleum'));
    const withHtml = await answerOf(resultsUrl('?category=Rustoleum&html=1'));
    expect(withHtml.etag).not.toBe(plain.etag);
    const { html, ...rest } = withHtml.body;
    expect(rest).toEqual(plain.body);
    const names = [...html!.matchAll(/<h3[^>]*><a [^>]*>([^<]*)<\/a><\/h3>/g)].map((m) => m[1]);
    const decoded = names.map((name) => name!.replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'));
    expect(decoded).toEqual(plain.body.results.slice(0, FIRST_CARDS).map((p) => p.name));
    expect(html!.startsWith('<li ')).toBe(true);
    const refused = await rawRequest(resultsUrl('?html=2'));
    expect(refused.status).toBe(422);
    expect(errorOf(JSON.parse(refused.body.toString('utf8'))).fields).toEqual({ html: "Html must be '1' when given." });
  });

  it.each(['RAL 7016', 'ral7016', '7016', '  Anthracite   grey ', 'ANTHRACITE GRAY'])(
    "finds every tintable paint for a search naming RAL 7016 ('%s'), says so on their cards, and links them to their page in that colour",
    async (search) => {
      const tintable = cards.products.filter((p) => p.tintable).map((p) => p.id);
      expect(tintable.length).toBeGreaterThan(FIRST_CARDS);
      expect(cards.products.filter((p) => 'tintable' in p && p.tintable !== true)).toEqual([]);
      const query = `?q=${encodeURIComponent(search)}`;
      const { body } = await answerOf(resultsUrl(`${query}&limit=480`));
      expect(body.colour).toEqual({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: '#293133' });
      expect(body).toEqual({ key: body.key, ...expectedAnswer(cards, query, 480) });
      expect(body.results.map((p) => p.id)).toEqual(expect.arrayContaining(tintable));
      const { html } = (await answerOf(resultsUrl(`${query}&html=1`))).body;
      const tinted = [...html!.matchAll(/href="([^"]*)"[^>]*><span aria-hidden="true"[^>]*><\/span>Tintable to RAL 7016 Anthracite Grey<\/a>/g)].map((m) => m[1]);
      const shownTintable = body.results.slice(0, FIRST_CARDS).filter((p) => p.tintable);
      expect(shownTintable.length).toBeGreaterThan(0);
      expect(tinted).toEqual(shownTintable.map((p) => `/shop/${p.slug}?colour=RAL%207016`));
    },
  );

  it('finds no tintable paint for a search that is not a whole colour, and names no colour', async () => {
    const { body } = await answerOf(resultsUrl('?q=RAL%20701&limit=480'));
    expect(body.colour).toBeUndefined();
    expect(body).toEqual({ key: body.key, ...expectedAnswer(cards, '?q=RAL%20701', 480) });
    expect(body.results.filter((p) => p.tintable).length).toBeLessThan(cards.products.filter((p) => p.tintable).length);
  });

  it("groups each paint family into one card with group=1: 'from' its cheapest matching member, its sizes, the products' total and counts unchanged", async () => {
    const plain = await answerOf(resultsUrl('?sort=price-low&limit=480'));
    const { body } = await answerOf(resultsUrl('?group=1&sort=price-low&limit=480'));
    expect(body.key).toBe('sort=price-low&group=1');
    expect(body).toEqual({ key: body.key, ...expectedAnswer(cards, '?group=1&sort=price-low', 480) });
    expect(body.total).toBe(plain.body.total);
    expect(body.counts).toEqual(plain.body.counts);
    expect(body.listed).toBe(body.results.length);
    expect(body.listed).toBeLessThan(body.total);
    const families = new Map<string, CatalogCard[]>();
    for (const p of cards.products) if (p.family) families.set(p.family, [...(families.get(p.family) ?? []), p]);
    const grouped = body.results.filter((p) => p.familySizes);
    expect(grouped.length).toBeGreaterThan(0);
    for (const card of grouped) {
      const members = families.get(card.family!)!;
      expect(body.results.filter((p) => p.family === card.family)).toEqual([card]);
      expect(card.familySizes).toHaveLength(new Set(members.map((m) => `${m.packSize!.value} ${m.packSize!.unit}`)).size);
      // A sample pot is never the card's member nor its 'from' price.
      const pots = familySamplePots(members.filter((m): m is CatalogCard & { packSize: PackSize } => m.packSize != null));
      const sizes = members.filter((m) => !pots.includes(m as never));
      expect(pots.every((pot) => pot.id !== card.id)).toBe(true);
      const inStock = sizes.filter((m) => m.inStock);
      expect(card.price).toBe(Math.min(...(inStock.length > 0 ? inStock : sizes).map((m) => m.price)));
    }
    const prices = body.results.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    // A price floor leaves only the dearer sizes: the family shows from its cheapest one left.
    const family = grouped.find((card) => families.get(card.family!)!.length > 1 && new Set(families.get(card.family!)!.map((m) => m.price)).size > 1)!;
    const floor = Math.ceil(Math.min(...families.get(family.family!)!.map((m) => m.price)) + 0.01);
    const narrowed = await answerOf(resultsUrl(`?group=1&min=${floor}&limit=480`));
    expect(narrowed.body).toEqual({ key: narrowed.body.key, ...expectedAnswer(cards, `?group=1&min=${floor}`, 480) });
    const left = families.get(family.family!)!.filter((m) => m.price >= floor);
    const shown = narrowed.body.results.filter((p) => p.family === family.family);
    expect(shown).toHaveLength(left.length > 0 ? 1 : 0);
    if (left.length > 0) expect(shown[0]!.price).toBeGreaterThanOrEqual(floor);

    // The first cards the server draws show a family's sizes and its 'from' price.
    const named = `?group=1&q=${encodeURIComponent(family.name.split(' ').slice(0, 3).join(' '))}`;
    const drawn = (await answerOf(resultsUrl(`${named}&html=1`))).body;
    const drawnFamilies = drawn.results.slice(0, FIRST_CARDS).filter((p) => p.familySizes);
    expect(drawnFamilies.length).toBeGreaterThan(0);
    for (const card of drawnFamilies) expect(drawn.html).toContain(`<span class="sr-only">Sizes: </span>${card.familySizes!.join(' · ')}`);
    expect(drawn.html!.match(/>from<\/span>/g)).toHaveLength(drawnFamilies.length);
  });

  it('refuses any other limit with 422 and the message on fields.limit', async () => {
    for (const limit of ['limit=0', 'limit=481', 'limit=abc', 'limit=1.5', 'limit=', 'limit=-3', 'limit=1&limit=2']) {
      const response = await rawRequest(resultsUrl(`?category=Rustoleum&${limit}`));
      expect(response.status, limit).toBe(422);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(errorOf(JSON.parse(response.body.toString('utf8'))), limit).toEqual({ code: 'invalid_fields', message: LIMIT_MESSAGE, fields: { limit: LIMIT_MESSAGE } });
    }
  });

  it('sends a strong ETag with revalidation caching, and answers 304 to it in any form but not to another answer or version', async () => {
    const url = resultsUrl('?sort=newest');
    const response = await rawRequest(url, { headers: { 'accept-encoding': 'identity' } });
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const tag = etag.slice(1, -1);
    for (const header of [etag, `W/${etag}`, `"stale", ${etag}`, `"${tag}-br"`, `"${tag}-gz"`, '*']) {
      const again = await rawRequest(url, { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.body.length).toBe(0);
    }
    expect((await rawRequest(resultsUrl('?sort=rating'), { headers: { 'if-none-match': etag } })).status).toBe(200);
    expect((await rawRequest(url, { headers: { 'if-none-match': `"${cards.version}"` } })).status).toBe(200);
  });

  it('compresses with brotli or gzip as Accept-Encoding allows, each with its own ETag, and answers HEAD without a body', async () => {
    const url = resultsUrl(`?limit=${CATALOG_RESULTS_MAX_LIMIT}`);
    const identity = await rawRequest(url, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const tag = String(identity.headers.etag).slice(1, -1);
    const br = await rawRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`"${tag}-br"`);
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    const gz = await rawRequest(url, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`"${tag}-gz"`);
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);
    const head = await rawRequest(url, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(`"${tag}-gz"`);
    expect(Number(head.headers['content-length'])).toBe(gz.body.length);
  });

  it('refuses other methods with 405 and the JSON error shape', async () => {
    const response = await rawRequest(resultsUrl(), { method: 'POST', headers: { origin: baseUrl(), 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(405);
    expect(String(response.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD']);
    expect(errorOf(JSON.parse(response.body.toString('utf8'))).code).toBe('method_not_allowed');
  });

  // On a server and database of its own: the shared server's other files read the catalogue as seeded.
  describe('after a sale', () => {
    let databaseUrl = '';
    let server: TestServer;

    beforeAll(async () => {
      databaseUrl = await createTestDatabase();
      server = await startServer({ env: { DATABASE_URL: databaseUrl, ORDER_LIMIT_PER_HOUR: '1000' } });
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("moves the version, the sold card's stock and the counts, and the old ETag no longer matches", async () => {
      const first = await answerOf(resultsUrl('', server.url));
      const sold = first.body.results[0]!;
      await setStock(databaseUrl, sold.id, 1);
      const before = await answerOf(resultsUrl('', server.url), { 'if-none-match': first.etag });
      expect(before.status).toBe(200);
      const beforeCards = await cardsOf(server.url);
      expect(before.body).toEqual({ key: '', ...expectedAnswer(beforeCards, '') });
      expect(before.body.results.find((p) => p.id === sold.id)).toMatchObject({ inStock: true, stockQuantity: 1 });
      const inStockBefore = await answerOf(resultsUrl('?stock=1', server.url));

      const order = await postOrder(server.url, orderBody([{ productId: sold.id, quantity: 1 }]));
      expect(order.status).toBe(201);

      const after = await answerOf(resultsUrl('', server.url), { 'if-none-match': before.etag });
      expect(after.status).toBe(200);
      const afterCards = await cardsOf(server.url);
      expect(after.body.version).not.toBe(before.body.version);
      expect(after.body.version).toBe(afterCards.version);
      expect(after.body).toEqual({ key: '', ...expectedAnswer(afterCards, '') });
      expect(after.body.results.find((p) => p.id === sold.id)).toMatchObject({ inStock: false, stockQuantity: 0 });
      expect(after.body.counts.stock).toBe(before.body.counts.stock - 1);
      const inStockAfter = await answerOf(resultsUrl('?stock=1', server.url), { 'if-none-match': inStockBefore.etag });
      expect(inStockAfter.status).toBe(200);
      expect(inStockAfter.body.total).toBe(inStockBefore.body.total - 1);
      expect(inStockAfter.body.results.some((p) => p.id === sold.id)).toBe(false);
    });
  });
});
