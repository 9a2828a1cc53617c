// GET /api/catalog/cards?category=<slug> (issue #15): the cards of one category alone, what a
// category or vendor page reconciles its cards with and draws the rest of its grid from, so those
// pages never download the whole catalogue. Cached, ETag-revalidated and compressed like the whole
// cards answer, with a version of its own that a sale of another category leaves unchanged.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCatalogCard } from '../../src/lib/catalog/card';
import { categorySlug } from '../../src/lib/catalog/category-slug';
import { PRODUCT_CATEGORIES } from '../../src/lib/constants';
import { readProductFiles } from '../../src/server/catalog/content-files';
import { baseUrl, errorOf, rawRequest } from './helpers/http';
import { createTestDatabase, ROOT } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

const CARDS = '/api/catalog/cards';
const CATEGORY = 'Decorative Paints';
const OTHER = 'Rustoleum';

interface CategoryBody {
  category: string;
  products: Record<string, unknown>[];
  version: string;
}

const content = readProductFiles(ROOT).map(({ product }) => product);
const urlOf = (slug: string, origin = baseUrl()) => `${origin}${CARDS}?category=${slug}`;
const decode = (body: Buffer) => JSON.parse(body.toString('utf8')) as CategoryBody;

describe('GET /api/catalog/cards?category=<slug>', () => {
  let identity: Buffer;
  let body: CategoryBody;
  let etag: string;

  beforeAll(async () => {
    const response = await rawRequest(urlOf(categorySlug(CATEGORY)), { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    identity = response.body;
    body = decode(identity);
    etag = String(response.headers.etag);
  });

  it("answers { category, products, version }: the category's cards alone, in catalogue order, as the whole answer has them", async () => {
    expect(Object.keys(body)).toEqual(['category', 'products', 'version']);
    expect(body.category).toBe(CATEGORY);
    const expected = content.filter((p) => p.category === CATEGORY).map(toCatalogCard);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.products).toEqual(expected);
    const whole = (await (await fetch(`${baseUrl()}${CARDS}`)).json()) as CategoryBody;
    expect(body.products).toEqual(whole.products.filter((p) => p.category === CATEGORY));
    expect(body.version).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(body.version).not.toBe(whole.version);
  });

  it('answers every category by its slug, together the whole catalogue once, and a category without products with none', async () => {
    const seen: string[] = [];
    for (const category of PRODUCT_CATEGORIES) {
      const response = await fetch(urlOf(categorySlug(category)));
      expect(response.status, category).toBe(200);
      const answer = (await response.json()) as CategoryBody;
      expect(answer.category).toBe(category);
      expect(answer.products.map((p) => p.id)).toEqual(content.filter((p) => p.category === category).map((p) => p.id));
      seen.push(...answer.products.map((p) => String(p.id)));
    }
    expect(seen.sort()).toEqual(content.map((p) => p.id).sort());
  });

  it('sends a strong ETag of its version with revalidation caching, answers 304 to it in any form, and 200 to another answer\'s', async () => {
    expect(etag).toBe(`"${body.version}"`);
    const response = await rawRequest(urlOf(categorySlug(CATEGORY)));
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const header of [etag, `W/${etag}`, `"stale", ${etag}`, `"${body.version}-br"`, `"${body.version}-gz"`, '*']) {
      const again = await rawRequest(urlOf(categorySlug(CATEGORY)), { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const whole = await rawRequest(`${baseUrl()}${CARDS}`, { headers: { 'accept-encoding': 'identity' } });
    const other = await rawRequest(urlOf(categorySlug(OTHER)), { headers: { 'accept-encoding': 'identity' } });
    for (const tag of [whole.headers.etag, other.headers.etag]) {
      const answer = await rawRequest(urlOf(categorySlug(CATEGORY)), { headers: { 'if-none-match': String(tag) } });
      expect(answer.status).toBe(200);
    }
  });

  it('compresses with brotli or gzip as Accept-Encoding allows, each with its own ETag, and answers HEAD without a body', async () => {
    const url = urlOf(categorySlug(CATEGORY));
    const br = await rawRequest(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`"${body.version}-br"`);
    expect(brotliDecompressSync(br.body).equals(identity)).toBe(true);
    expect(br.body.length).toBeLessThan(identity.length / 3);
    const gz = await rawRequest(url, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`"${body.version}-gz"`);
    expect(gunzipSync(gz.body).equals(identity)).toBe(true);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);
    const head = await rawRequest(url, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(gz.body.length);
  });

  it('answers 404 with the JSON error shape for a slug no category has, on GET and HEAD', async () => {
    const response = await fetch(urlOf('no-such-category'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(errorOf(await response.json())).toEqual({ code: 'not_found', message: "There is no category 'no-such-category'." });
    const head = await rawRequest(urlOf('no-such-category'), { method: 'HEAD' });
    expect(head.status).toBe(404);
  });

  it('refuses a malformed, empty, overlong or repeated slug with 422', async () => {
    const message = 'Name one category by its slug: lower-case letters and digits joined by hyphens.';
    for (const query of ['Decorative%20Paints', 'DECORATIVE-PAINTS', '', 'decorative--paints', '-zinsser', 'x'.repeat(81), 'zinsser&category=rustoleum']) {
      const response = await fetch(urlOf(query));
      expect(response.status, query.slice(0, 40)).toBe(422);
      expect(errorOf(await response.json())).toMatchObject({ code: 'invalid_fields', message, fields: { category: message } });
    }
  });

  it('refuses other methods with 405 and the JSON error shape', async () => {
    const response = await rawRequest(urlOf(categorySlug(CATEGORY)), { method: 'POST', headers: { origin: baseUrl(), 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(405);
    expect(String(response.headers.allow)).toContain('GET');
    expect(errorOf(JSON.parse(response.body.toString('utf8'))).code).toBe('method_not_allowed');
  });

  // On a server and database of its own: the shared server's other files read the catalogue as seeded.
  describe('after a change in the database', () => {
    let databaseUrl = '';
    let server: TestServer;
    let otherEtag = '';
    let target: { id: string; in_stock: number | boolean; stock_quantity: number | null } | undefined;

    beforeAll(async () => {
      databaseUrl = await createTestDatabase();
      server = await startServer({ env: { DATABASE_URL: databaseUrl } });
      const first = await rawRequest(urlOf(categorySlug(CATEGORY), server.url), { headers: { 'accept-encoding': 'identity' } });
      expect(first.headers.etag).toBe(etag);
      otherEtag = String((await rawRequest(urlOf(categorySlug(OTHER), server.url), { headers: { 'accept-encoding': 'identity' } })).headers.etag);
      [target] = await runSql<NonNullable<typeof target>>(
        databaseUrl,
        `SELECT id, in_stock, stock_quantity FROM products WHERE category = '${CATEGORY}' AND stock_quantity > 0 ORDER BY id LIMIT 1`,
      );
    });
    afterAll(async () => {
      await server?.stop();
    });

    it("a sale that empties a product's stock moves its category's answer, and only its category's", async () => {
      if (!target) throw new Error(`the seeded ${CATEGORY} has no counted stock`);
      await runSql(databaseUrl, `UPDATE products SET in_stock = 0, stock_quantity = 0 WHERE id = '${target.id}'`);
      for (const encoding of ['identity', 'gzip', 'br']) {
        const response = await rawRequest(urlOf(categorySlug(CATEGORY), server.url), { headers: { 'if-none-match': etag, 'accept-encoding': encoding } });
        expect(response.status, encoding).toBe(200);
        const raw = encoding === 'gzip' ? gunzipSync(response.body) : encoding === 'br' ? brotliDecompressSync(response.body) : response.body;
        const changed = decode(raw);
        expect(changed.version).not.toBe(body.version);
        const card = changed.products.find((p) => p.id === target!.id)!;
        expect([card.inStock, card.stockQuantity]).toEqual([false, 0]);
        expect(changed.products.filter((p) => p.id !== target!.id)).toEqual(body.products.filter((p) => p.id !== target!.id));
      }
      const other = await rawRequest(urlOf(categorySlug(OTHER), server.url), { headers: { 'if-none-match': otherEtag } });
      expect(other.status).toBe(304);
    });

    it('returns to its first version when the stock is back, and a withdrawn product leaves it', async () => {
      const inStock = target!.in_stock === true || Number(target!.in_stock) === 1 ? 1 : 0;
      await runSql(databaseUrl, `UPDATE products SET in_stock = ${inStock}, stock_quantity = ${Number(target!.stock_quantity)} WHERE id = '${target!.id}'`);
      const back = await rawRequest(urlOf(categorySlug(CATEGORY), server.url), { headers: { 'if-none-match': etag } });
      expect(back.status).toBe(304);
      await runSql(databaseUrl, `UPDATE products SET withdrawn_at = '2026-11-26T00:00:00.000Z' WHERE id = '${target!.id}'`);
      const after = decode((await rawRequest(urlOf(categorySlug(CATEGORY), server.url), { headers: { 'accept-encoding': 'identity' } })).body);
      expect(after.products.map((p) => p.id)).toEqual(body.products.map((p) => p.id).filter((id) => id !== target!.id));
      expect((await rawRequest(urlOf(categorySlug(OTHER), server.url), { headers: { 'if-none-match': otherEtag } })).status).toBe(304);
    });
  });
});
