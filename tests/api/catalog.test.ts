import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catalogResponseSchema, type CatalogResponse } from '../../src/lib/schemas/api';
import { baseUrl, errorOf, rawRequest } from './helpers/http';
import { ROOT } from './helpers/lane';
import { runSql } from './helpers/sql';

const PRODUCT_FILES = ['diamond-collection', 'decorative-eco', 'industrial', 'floor-coatings', 'retail-brands', 'specialty'];

/** The catalogue as the content files hold it, in catalogue order. */
function readContentCatalog(): { products: unknown[]; categories: { order: number }[] } {
  const products = PRODUCT_FILES.flatMap((f) => JSON.parse(readFileSync(join(ROOT, 'content/products', `${f}.json`), 'utf8')) as unknown[]);
  const categories = (JSON.parse(readFileSync(join(ROOT, 'content/categories.json'), 'utf8')) as { order: number }[]).sort((a, b) => a.order - b.order);
  return { products, categories };
}

describe('GET /api/catalog', () => {
  let catalog: CatalogResponse;
  let etag: string;

  beforeAll(async () => {
    const response = await fetch(`${baseUrl()}/api/catalog`, { headers: { 'accept-encoding': 'identity' } });
    expect(response.status).toBe(200);
    etag = response.headers.get('etag') ?? '';
    catalog = catalogResponseSchema.parse(await response.json());
  });

  it('answers { products, categories, version } with exactly the seeded content catalogue', () => {
    const content = readContentCatalog();
    expect(catalog.products).toEqual(content.products);
    expect(catalog.categories).toEqual(content.categories);
    expect(catalog.version).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it('sends a strong ETag derived from the version, revalidation caching and Vary', async () => {
    expect(etag).toBe(`"${catalog.version}"`);
    const response = await fetch(`${baseUrl()}/api/catalog`);
    await response.arrayBuffer();
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('answers 304 without a body when If-None-Match names the current version, in any form', async () => {
    for (const header of [etag, `W/${etag}`, `"stale", ${etag}`, `"${catalog.version}-gz"`, '*']) {
      const response = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'if-none-match': header } });
      expect(response.status, header).toBe(304);
      expect(response.body.length).toBe(0);
      expect(response.headers.etag).toBe(etag);
    }
    const stale = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'if-none-match': '"not-the-version"' } });
    expect(stale.status).toBe(200);
  });

  it('compresses with gzip or brotli as Accept-Encoding allows, each with its own ETag', async () => {
    const identity = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();

    const gz = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(`"${catalog.version}-gz"`);
    expect(gz.body.length).toBeLessThan(identity.body.length / 3);
    expect(gunzipSync(gz.body).equals(identity.body)).toBe(true);

    const br = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);

    const refused = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  describe('after a change in the database', () => {
    const databaseUrl = () => inject('apiDatabaseUrl');
    let target: { id: string; reviews: number } | undefined;

    beforeAll(async () => {
      [target] = await runSql<{ id: string; reviews: number }>(databaseUrl(), 'SELECT id, reviews FROM products ORDER BY id LIMIT 1');
    });

    afterAll(async () => {
      if (target) await runSql(databaseUrl(), `UPDATE products SET reviews = ${Number(target.reviews)} WHERE id = '${target.id}'`);
    });

    it('serves the new catalogue under a new version, and the old ETag no longer matches', async () => {
      if (!target) throw new Error('the seeded catalogue has no products');
      await runSql(databaseUrl(), `UPDATE products SET reviews = reviews + 1234 WHERE id = '${target.id}'`);
      const response = await fetch(`${baseUrl()}/api/catalog`, { headers: { 'if-none-match': etag } });
      expect(response.status).toBe(200);
      const changed = catalogResponseSchema.parse(await response.json());
      expect(changed.version).not.toBe(catalog.version);
      const product = changed.products.find((p) => p.id === target!.id)!;
      expect(product.reviews).toBe(Number(target.reviews) + 1234);
    });

    it('returns to the original version when the change is undone (the version is a content hash)', async () => {
      await runSql(databaseUrl(), `UPDATE products SET reviews = ${Number(target!.reviews)} WHERE id = '${target!.id}'`);
      const response = await rawRequest(`${baseUrl()}/api/catalog`, { headers: { 'if-none-match': etag } });
      expect(response.status).toBe(304);
    });
  });
});

describe('GET /api/products/:id', () => {
  it('answers the product in dollars, as the content file writes it', async () => {
    const content = readContentCatalog().products as { id: string }[];
    const expected = content[content.length - 1]!;
    const response = await fetch(`${baseUrl()}/api/products/${encodeURIComponent(expected.id)}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await rawRequest(`${baseUrl()}/api/products/${encodeURIComponent(expected.id)}`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  it('answers 404 with the JSON error shape for an unknown id', async () => {
    const response = await fetch(`${baseUrl()}/api/products/no-such-product`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(errorOf(await response.json())).toEqual({ code: 'not_found', message: 'Product not found.' });
  });
});
