import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CatalogCard } from '../../../../src/lib/catalog/card';
import { DEFAULT_FILTERS, queryWithFacets } from '../../../../src/lib/catalog/query';
import type { CatalogResultsAnswer } from '../../../../src/lib/catalog/results';
import { rowToCatalogCard } from '../../../../src/server/catalog/catalog-cards';
import { answerResultsRequest, catalogResultsResponse, parseCatalogResultsQuery } from '../../../../src/server/catalog/catalog-results';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { CatalogSnapshotCache } from '../../../../src/server/catalog/catalog.snapshot';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { ApiError } from '../../../../src/server/http/errors';

const ROOT = new URL('../../../../', import.meta.url).pathname;

let handle: DatabaseHandle;
let cache: CatalogSnapshotCache;

beforeEach(async () => {
  const contentDir = join(mkdtempSync(join(tmpdir(), 'shop-unit-')), 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, contentDir);
  cache = new CatalogSnapshotCache({ project: rowToCatalogCard, keepItems: true });
});

afterEach(async () => {
  await handle.close();
});

describe('CatalogSnapshotCache.items', () => {
  it("gives the snapshot's products as objects in catalogue order, equal to its body's", async () => {
    const { version, items } = await cache.items(handle.db);
    const snapshot = await cache.get(handle.db);
    const body = JSON.parse((await snapshot.body('identity')).toString()) as { products: unknown[] };
    expect(version).toBe(snapshot.version);
    expect(items).toEqual(body.products);
  });

  it('gives the same array while the snapshot stands, and while a new one holds the very same objects', async () => {
    const { items } = await cache.items(handle.db);
    expect((await cache.items(handle.db)).items).toBe(items);
    const id = (items[0] as CatalogCard).id;
    // A change the cards do not carry: a new revision, the same objects.
    await handle.db.updateTable('products').set({ usage_instructions: 'Stir well.' }).where('id', '=', id).execute();
    const again = await cache.items(handle.db);
    expect(again.items).toBe(items);
  });

  it('gives a new array after a sale, keeping every unchanged object', async () => {
    const { items } = await cache.items(handle.db);
    const sold = items[1] as CatalogCard;
    await handle.db.updateTable('products').set({ stock_quantity: 0, in_stock: 0 }).where('id', '=', sold.id).execute();
    const after = await cache.items(handle.db);
    expect(after.items).not.toBe(items);
    expect(after.items[1]).toMatchObject({ id: sold.id, inStock: false, stockQuantity: 0 });
    after.items.forEach((item, i) => {
      if (i !== 1) expect(item).toBe(items[i]);
    });
  });
});

describe('answerResultsRequest', () => {
  const request = (query: string, headers: { ifNoneMatch?: string; acceptEncoding?: string } = {}) => ({
    ifNoneMatch: headers.ifNoneMatch ?? null,
    acceptEncoding: headers.acceptEncoding ?? null,
    head: false,
    query: parseCatalogResultsQuery(new URLSearchParams(query)),
  });

  it("answers the worker's query over the cache's cards, and 304 to its ETag before searching again", async () => {
    const answer = await answerResultsRequest(handle.db, cache, request('q=paint&limit=5'));
    expect(answer.status).toBe(200);
    const body = JSON.parse(answer.body!.toString()) as CatalogResultsAnswer;
    const { items } = await cache.items(handle.db);
    const found = queryWithFacets(items as CatalogCard[], { filters: DEFAULT_FILTERS, sort: 'popular', search: 'paint' });
    expect(body.key).toBe('q=paint');
    expect(body.total).toBe(found.results.length);
    expect(body.results).toEqual(found.results.slice(0, 5));
    const again = await answerResultsRequest(handle.db, cache, request('limit=5&q=paint', { ifNoneMatch: answer.headers.etag }));
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.etag).toBe(answer.headers.etag);
  });

  it('serves the same route through a fetch Request (the Astro route), and throws 422 for a bad limit', async () => {
    const response = await catalogResultsResponse(handle.db, cache, new Request('http://shop.test/api/catalog/results?sort=rating&view=products', { headers: { 'accept-encoding': 'gzip' } }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{22}-gz"$/);
    await expect(catalogResultsResponse(handle.db, cache, new Request('http://shop.test/api/catalog/results?limit=0'))).rejects.toMatchObject({
      status: 422,
      fields: { limit: 'Limit must be a whole number from 1 to 480.' },
    });
    await expect(catalogResultsResponse(handle.db, cache, new Request('http://shop.test/api/catalog/results?limit=0'))).rejects.toBeInstanceOf(ApiError);
  });

  it('is refused by a cache that keeps no items (the full catalogue keeps none: a second copy of every product)', async () => {
    await expect(new CatalogSnapshotCache({ project: rowToCatalogCard }).items(handle.db)).rejects.toThrow(/keeps no items/);
  });
});
