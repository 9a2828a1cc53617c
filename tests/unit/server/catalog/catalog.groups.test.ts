// The answers of one group (a category's cards, GET /api/catalog/cards?category=<slug>) that
// CatalogSnapshotCache makes from its snapshot: the group's products alone, a version of their own
// that a change in another group leaves unchanged, and compressed bodies kept as long as it stands.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowToCatalogCard } from '../../../../src/server/catalog/catalog-cards';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { CatalogSnapshotCache, type CatalogSnapshot } from '../../../../src/server/catalog/catalog.snapshot';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const A = 'Decorative Paints';
const B = 'Rustoleum';

let handle: DatabaseHandle;
let cache: CatalogSnapshotCache;

const newCache = () => new CatalogSnapshotCache({ project: rowToCatalogCard, groupOf: (row) => row.category });

interface GroupBody {
  category: string;
  products: { id: string; category: string; stockQuantity?: number }[];
  version: string;
}
async function bodyOf(answer: CatalogSnapshot): Promise<GroupBody> {
  return JSON.parse((await answer.body('identity')).toString()) as GroupBody;
}

beforeEach(async () => {
  const contentDir = join(mkdtempSync(join(tmpdir(), 'shop-unit-')), 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, contentDir);
  cache = newCache();
});

afterEach(async () => {
  await handle.close();
});

describe('CatalogSnapshotCache.getGroup', () => {
  it("answers { category, products, version } with the group's products of the whole body, in its order, in every encoding", async () => {
    const whole = JSON.parse((await (await cache.get(handle.db)).body('identity')).toString()) as GroupBody;
    const answer = await cache.getGroup(handle.db, A);
    const body = await bodyOf(answer);
    expect(Object.keys(body)).toEqual(['category', 'products', 'version']);
    expect(body.category).toBe(A);
    expect(body.products).toEqual(whole.products.filter((p) => p.category === A));
    expect(body.version).toBe(answer.version);
    expect(answer.productCount).toBe(body.products.length);
    const identity = await answer.body('identity');
    expect(gunzipSync(await answer.body('gzip')).equals(identity)).toBe(true);
    expect(brotliDecompressSync(await answer.body('br')).equals(identity)).toBe(true);
    // Equal content, equal version, on any server.
    expect((await newCache().getGroup(handle.db, A)).version).toBe(answer.version);
    expect((await cache.getGroup(handle.db, B)).version).not.toBe(answer.version);
    // A group without products is an answer with none.
    expect((await bodyOf(await cache.getGroup(handle.db, 'No such group'))).products).toEqual([]);
  });

  it("moves only the changed group's version; the other keeps its answer and its compressed bodies; a change undone brings the version back", async () => {
    const a = await cache.getGroup(handle.db, A);
    const b = await cache.getGroup(handle.db, B);
    const bBrotli = await b.body('br');
    const [product] = (await bodyOf(a)).products;
    const before = await handle.db.selectFrom('products').select(['stock_quantity', 'in_stock']).where('id', '=', product!.id).executeTakeFirstOrThrow();
    await handle.db.updateTable('products').set({ stock_quantity: 3, in_stock: 1 }).where('id', '=', product!.id).execute();

    const a2 = await cache.getGroup(handle.db, A);
    expect(a2.version).not.toBe(a.version);
    expect((await bodyOf(a2)).products.find((p) => p.id === product!.id)?.stockQuantity).toBe(3);
    const b2 = await cache.getGroup(handle.db, B);
    expect(b2.version).toBe(b.version);
    expect(b2.revision).toBeGreaterThan(b.revision);
    expect(await b2.body('br')).toBe(bBrotli);

    await handle.db.updateTable('products').set(before).where('id', '=', product!.id).execute();
    expect((await cache.getGroup(handle.db, A)).version).toBe(a.version);
  });

  it('leaves out a withdrawn product', async () => {
    const [product] = (await bodyOf(await cache.getGroup(handle.db, A))).products;
    await handle.db.updateTable('products').set({ withdrawn_at: '2026-11-26T00:00:00.000Z' }).where('id', '=', product!.id).execute();
    expect((await bodyOf(await cache.getGroup(handle.db, A))).products.map((p) => p.id)).not.toContain(product!.id);
  });

  it('is refused by a cache without groups', async () => {
    await expect(new CatalogSnapshotCache().getGroup(handle.db, A)).rejects.toThrow(/no groups/);
  });
});
