// GET /api/catalog/cards (issue #15): the live catalogue as the storefront's lists read it, one card
// per product (src/lib/catalog/card.ts), cached, ETag-revalidated and compressed like /api/catalog,
// without the detail's long fields; and GET /api/products?ids=, with which the pages that show a few
// products (the product page, the cart drawer, the shop's detail modal) ask for those alone.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_FIELDS, toCatalogCard } from '../../src/lib/catalog/card';
import { readProductFiles } from '../../src/server/catalog/content-files';
import { baseUrl, errorOf, rawRequest } from './helpers/http';
import { createTestDatabase, ROOT } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

const CARDS = '/api/catalog/cards';
/** Fields of a whole product that a card must not carry. */
const DETAIL_FIELDS = ['brandLogo', 'gallery', 'technicalSpecs', 'usageInstructions', 'coverage', 'visual'];

interface CardsBody {
  products: Record<string, unknown>[];
  categories: unknown[];
  version: string;
}

const cardsUrl = () => `${baseUrl()}${CARDS}`;

describe('GET /api/catalog/cards', () => {
  let identity: Buffer;
  let body: CardsBody;
  let etag: string;

  beforeAll(async () => {
    const response = await rawRequest(cardsUrl(), { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    identity = response.body;
    body = JSON.parse(identity.toString('utf8')) as CardsBody;
    etag = String(response.headers.etag);
  });

  it("answers { products, categories, version }: each seeded product's card, in catalogue order, and the full catalogue's categories", async () => {
    const content = readProductFiles(ROOT).map(({ product }) => product);
    expect(body.products).toEqual(content.map(toCatalogCard));
    expect(Object.keys(body)).toEqual(['products', 'categories', 'version']);
    const full = (await (await fetch(`${baseUrl()}/api/catalog`)).json()) as CardsBody;
    expect(body.categories).toEqual(full.categories);
    expect(body.version).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    // Another representation than the whole catalogue: its own version.
    expect(body.version).not.toBe(full.version);
  });

  it('carries only the card fields, none of the detail, and about half the bytes of the whole catalogue', async () => {
    for (const card of body.products) {
      for (const key of Object.keys(card)) expect(CARD_FIELDS as readonly string[]).toContain(key);
    }
    const text = identity.toString('utf8');
    for (const field of DETAIL_FIELDS) expect(text).not.toContain(`"${field}":`);
    const full = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.length).toBeLessThan(full.body.length * 0.6);
  });

  it('sends a strong ETag of its version with revalidation caching, and answers 304 to it in any form', async () => {
    expect(etag).toBe(`"${body.version}"`);
    const response = await rawRequest(cardsUrl());
    expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    for (const header of [etag, `W/${etag}`, `"stale", ${etag}`, `"${body.version}-br"`, '*']) {
      const again = await rawRequest(cardsUrl(), { headers: { 'if-none-match': header } });
      expect(again.status, header).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
    }
    const full = await fetch(`${baseUrl()}/api/catalog`);
    await full.arrayBuffer();
    const other = await rawRequest(cardsUrl(), { headers: { 'if-none-match': String(full.headers.get('etag')) } });
    expect(other.status).toBe(200);
  });

  it('compresses with brotli or gzip as Accept-Encoding allows, each with its own ETag, and answers HEAD without a body', async () => {
    const br = await rawRequest(cardsUrl(), { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(`"${body.version}-br"`);
    expect(brotliDecompressSync(br.body).equals(identity)).toBe(true);
    expect(br.body.length).toBeLessThan(identity.length / 4);
    const gz = await rawRequest(cardsUrl(), { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`"${body.version}-gz"`);
    expect(gunzipSync(gz.body).equals(identity)).toBe(true);
    const head = await rawRequest(cardsUrl(), { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(gz.body.length);
  });

  it('refuses other methods with 405 and the JSON error shape', async () => {
    const response = await rawRequest(cardsUrl(), { method: 'POST', headers: { origin: baseUrl(), 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(405);
    expect(String(response.headers.allow)).toContain('GET');
    expect(JSON.parse(response.body.toString('utf8')).error.code).toBe('method_not_allowed');
  });

  describe('GET /api/products?ids=', () => {
    const content = readProductFiles(ROOT).map(({ product }) => product);
    const [first, second, third] = [content[0]!, content[1]!, content[content.length - 1]!];
    const lookup = (ids: string) => `${baseUrl()}/api/products?ids=${ids}`;

    it('answers the whole products asked for, in the order asked, each once, leaving out unknown ids', async () => {
      const response = await fetch(lookup(`${third.id},no-such-product,${first.id},${third.id}`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ products: [third, first] });
      const none = await fetch(lookup('no-such-product'));
      expect(await none.json()).toEqual({ products: [] });
    });

    it('sends a strong ETag of the body and answers 304 to it', async () => {
      const url = lookup(`${first.id},${second.id}`);
      const response = await rawRequest(url);
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{16,}"$/);
      expect((await rawRequest(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
      expect((await rawRequest(lookup(first.id), { headers: { 'if-none-match': etag } })).status).toBe(200);
    });

    it('refuses no id, an empty id, more than 100 ids and an overlong id with 422', async () => {
      const message = 'Name between 1 and 100 product ids, separated by commas.';
      for (const query of ['', '?ids=', `?ids=${first.id},,${second.id}`, `?ids=${Array.from({ length: 101 }, (_, i) => `p${i}`).join(',')}`, `?ids=${'x'.repeat(201)}`]) {
        const response = await fetch(`${baseUrl()}/api/products${query}`);
        expect(response.status, query.slice(0, 40)).toBe(422);
        expect(errorOf(await response.json())).toMatchObject({ code: 'invalid_fields', message });
      }
    });
  });

  // On a server and database of its own: the shared server's other files read the catalogue as seeded.
  describe('after a change in the database', () => {
    let databaseUrl = '';
    let server: TestServer;
    let own = '';
    let target: { id: string; in_stock: number | boolean; stock_quantity: number | null; usage_instructions: string } | undefined;

    beforeAll(async () => {
      databaseUrl = await createTestDatabase();
      server = await startServer({ env: { DATABASE_URL: databaseUrl } });
      own = `${server.url}${CARDS}`;
      const first = await rawRequest(own, { headers: { 'accept-encoding': 'identity' } });
      expect(first.headers.etag).toBe(etag);
      [target] = await runSql<NonNullable<typeof target>>(
        databaseUrl,
        'SELECT id, in_stock, stock_quantity, usage_instructions FROM products WHERE stock_quantity > 0 ORDER BY id LIMIT 1',
      );
    });

    const restore = async () => {
      if (!target) return;
      const inStock = target.in_stock === true || Number(target.in_stock) === 1 ? 1 : 0;
      const usage = target.usage_instructions.replace(/'/g, "''");
      await runSql(
        databaseUrl,
        `UPDATE products SET in_stock = ${inStock}, stock_quantity = ${Number(target.stock_quantity)}, usage_instructions = '${usage}' WHERE id = '${target.id}'`,
      );
    };
    afterAll(async () => {
      await server?.stop();
    });

    it('a sale that empties the stock gives new cards under a new version, and the old ETag no longer matches', async () => {
      if (!target) throw new Error('the seeded catalogue has no counted stock');
      await runSql(databaseUrl, `UPDATE products SET in_stock = 0, stock_quantity = 0 WHERE id = '${target.id}'`);
      const response = await rawRequest(own, { headers: { 'if-none-match': etag, 'accept-encoding': 'identity' } });
      expect(response.status).toBe(200);
      const changed = JSON.parse(response.body.toString('utf8')) as CardsBody;
      expect(changed.version).not.toBe(body.version);
      const card = changed.products.find((p) => p.id === target!.id)!;
      expect([card.inStock, card.stockQuantity]).toEqual([false, 0]);
      // Every other card is byte for byte the same.
      expect(changed.products.filter((p) => p.id !== target!.id)).toEqual(body.products.filter((p) => p.id !== target!.id));
    });

    it('returns to the original version when the stock is back, and a change the cards do not carry keeps it (304)', async () => {
      await restore();
      const back = await rawRequest(own, { headers: { 'if-none-match': etag } });
      expect(back.status).toBe(304);
      await runSql(databaseUrl, `UPDATE products SET usage_instructions = 'Stir well; apply thinly.' WHERE id = '${target!.id}'`);
      const full = await fetch(`${server.url}/api/catalog`);
      const whole = (await full.json()) as CardsBody;
      expect(whole.products.find((p) => p.id === target!.id)!.usageInstructions).toBe('Stir well; apply thinly.');
      const cards = await rawRequest(own, { headers: { 'if-none-match': etag } });
      expect(cards.status).toBe(304);
    });

    it('a withdrawn product leaves the cards and the look-up, which still answers 200 for the others', async () => {
      const [other] = await runSql<{ id: string }>(databaseUrl, `SELECT id FROM products WHERE id <> '${target!.id}' ORDER BY id LIMIT 1`);
      await runSql(databaseUrl, `UPDATE products SET withdrawn_at = '2026-11-26T00:00:00.000Z' WHERE id = '${target!.id}'`);
      const cards = JSON.parse((await rawRequest(own, { headers: { 'accept-encoding': 'identity' } })).body.toString('utf8')) as CardsBody;
      expect(cards.products.some((p) => p.id === target!.id)).toBe(false);
      expect(cards.products).toHaveLength(body.products.length - 1);
      const response = await fetch(`${server.url}/api/products?ids=${target!.id},${other!.id}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as CardsBody).products.map((p) => p.id)).toEqual([other!.id]);
    });
  });
});
