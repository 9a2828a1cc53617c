import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rowToCatalogCard } from '../../../../src/server/catalog/catalog-cards';
import { rowToProduct } from '../../../../src/server/catalog/catalog.rows';
import { listCatalog, seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { CatalogSnapshotCache, type CatalogBuildReport, type CatalogSnapshot } from '../../../../src/server/catalog/catalog.snapshot';
import { selectCatalogRevision } from '../../../../src/server/catalog/catalog.repository';
import type { OwnCatalogChange } from '../../../../src/server/catalog/own-changes';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { lockCatalogRevision, takeCountedStock } from '../../../../src/server/orders/orders.repository';

const ROOT = new URL('../../../../', import.meta.url).pathname;

let handle: DatabaseHandle;
let builds: CatalogBuildReport[];
let cache: CatalogSnapshotCache;

/** The identity body of a snapshot as parsed JSON. */
async function bodyOf(snapshot: CatalogSnapshot): Promise<{ products: { id: string; stockQuantity?: number; inStock: boolean; name: string }[]; version: string }> {
  return JSON.parse((await snapshot.body('identity')).toString());
}

beforeEach(async () => {
  const contentDir = join(mkdtempSync(join(tmpdir(), 'shop-unit-')), 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, contentDir);
  builds = [];
  cache = new CatalogSnapshotCache({ onBuilt: (report) => builds.push(report) });
});

afterEach(async () => {
  await handle.close();
});

describe('CatalogSnapshotCache after a stock change', () => {
  it('serialises only the product whose stock changed, and the body equals a full rebuild', async () => {
    const first = await cache.get(handle.db);
    const [product] = (await bodyOf(first)).products;
    await handle.db.updateTable('products').set({ stock_quantity: 7, in_stock: 1 }).where('id', '=', product!.id).execute();

    const patched = await cache.get(handle.db);
    expect(builds.map((b) => b.reserialised)).toEqual([first.productCount, 1]);
    expect(patched.version).not.toBe(first.version);
    const body = await bodyOf(patched);
    expect(body.products.find((p) => p.id === product!.id)?.stockQuantity).toBe(7);

    const full = await new CatalogSnapshotCache().get(handle.db);
    expect(full.version).toBe(patched.version);
    expect((await patched.body('identity')).equals(await full.body('identity'))).toBe(true);
    const { version: _version, ...content } = body;
    expect(content).toEqual(await listCatalog(handle.db));
  });

  it('serialises a product again when anything but its bookkeeping changed', async () => {
    const first = await cache.get(handle.db);
    const [product] = (await bodyOf(first)).products;
    await handle.db.updateTable('products').set({ name: 'Renamed Primer', version: 99, updated_at: '2030-01-01T00:00:00.000Z' }).where('id', '=', product!.id).execute();
    const renamed = await bodyOf(await cache.get(handle.db));
    expect(renamed.products.find((p) => p.id === product!.id)?.name).toBe('Renamed Primer');
    expect(builds.at(-1)?.reserialised).toBe(1);
  });

  it('builds once for many concurrent requests after a change', async () => {
    await cache.get(handle.db);
    await handle.db.updateTable('products').set({ stock_quantity: 3 }).where('stock_quantity', 'is not', null).execute();
    const snapshots = await Promise.all(Array.from({ length: 20 }, () => cache.get(handle.db)));
    expect(new Set(snapshots).size).toBe(1);
    expect(builds).toHaveLength(2);
  });

  it('compresses each encoding once, on first use, to the same JSON', async () => {
    const snapshot = await cache.get(handle.db);
    const identity = await snapshot.body('identity');
    const [gz, gzAgain] = await Promise.all([snapshot.body('gzip'), snapshot.body('gzip')]);
    expect(gz).toBe(gzAgain);
    expect(gunzipSync(gz).equals(identity)).toBe(true);
    expect(brotliDecompressSync(await snapshot.body('br')).equals(identity)).toBe(true);
  });
});

describe('CatalogSnapshotCache runs', () => {
  it('recompresses one run after a sale, and its gzip body inflates to the identity body', async () => {
    const first = await cache.get(handle.db);
    const firstGzip = await first.body('gzip');
    expect(builds[0]!.chunks).toBeGreaterThan(2);
    const [, product] = (await bodyOf(first)).products;
    await handle.db.updateTable('products').set({ stock_quantity: 11, in_stock: 1 }).where('id', '=', product!.id).execute();
    const after = await cache.get(handle.db);
    expect(builds.at(-1)).toMatchObject({ reserialised: 1, rechunked: 1, chunks: builds[0]!.chunks });
    const gz = await after.body('gzip');
    expect(gz.equals(firstGzip)).toBe(false);
    expect(gunzipSync(gz).equals(await after.body('identity'))).toBe(true);
  });

  it('sees a change made by a writer that did not move the version (the database moves it)', async () => {
    const first = await cache.get(handle.db);
    const [product] = (await bodyOf(first)).products;
    await handle.db.updateTable('products').set({ name: 'Renamed by hand' }).where('id', '=', product!.id).execute();
    expect((await bodyOf(await cache.get(handle.db))).products[0]?.name).toBe('Renamed by hand');
  });

  it('remakes only the runs around a product that came or went, and keeps the catalogue order', async () => {
    await cache.get(handle.db);
    const row = await handle.db.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    await handle.db
      .insertInto('products')
      .values({ ...row, id: 'added-product', slug: 'added-product', sku: 'ADDED-1', name: 'Added Product', position: row.position })
      .execute();
    const other = await handle.db.selectFrom('products').select('id').where('id', 'not in', ['added-product', row.id]).orderBy('id').executeTakeFirstOrThrow();
    await handle.db.updateTable('products').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', other.id).execute();
    const after = await cache.get(handle.db);
    const report = builds.at(-1)!;
    expect(report.reserialised).toBe(1);
    expect(report.rechunked).toBeLessThanOrEqual(3);
    expect(report.rechunked).toBeLessThan(report.chunks / 2);
    const { version: _version, ...content } = await bodyOf(after);
    expect(content).toEqual(await listCatalog(handle.db));
    const full = await new CatalogSnapshotCache().get(handle.db);
    expect(full.version).toBe(after.version);
  });

  it('answers a big catalogue in gzip until its brotli is ready, then in brotli; a small one waits for brotli', async () => {
    const big = new CatalogSnapshotCache({ project: (row) => ({ ...rowToProduct(row), padding: row.id.repeat(400) }) });
    const snapshot = await big.get(handle.db);
    expect((await snapshot.body('identity')).length).toBeGreaterThan(1_000_000);
    expect(snapshot.choose(['br', 'gzip', 'identity'])).toBe('gzip');
    expect(snapshot.choose(['br', 'identity'])).toBe('br');
    const br = await snapshot.body('br');
    expect(brotliDecompressSync(br).equals(await snapshot.body('identity'))).toBe(true);
    expect(snapshot.choose(['br', 'gzip', 'identity'])).toBe('br');
    expect((await cache.get(handle.db)).choose(['br', 'gzip', 'identity'])).toBe('br');
  });
});

// The answers of one group (a category's cards, GET /api/catalog/cards?category=<slug>): the group's
// products alone, a version of their own that a change in another group leaves unchanged, and
// compressed bodies kept as long as it stands.
const A = 'Decorative Paints';
const B = 'Rustoleum';
const newCache = () => new CatalogSnapshotCache({ project: rowToCatalogCard, groupOf: (row) => row.category });

interface GroupBody {
  category: string;
  products: { id: string; category: string; stockQuantity?: number }[];
  version: string;
}
async function groupBodyOf(answer: CatalogSnapshot): Promise<GroupBody> {
  return JSON.parse((await answer.body('identity')).toString()) as GroupBody;
}

describe('CatalogSnapshotCache.getGroup', () => {
  let groups: CatalogSnapshotCache;
  beforeEach(() => {
    groups = newCache();
  });

  it("answers { category, products, version } with the group's products of the whole body, in its order, in every encoding", async () => {
    const whole = JSON.parse((await (await groups.get(handle.db)).body('identity')).toString()) as GroupBody;
    const answer = await groups.getGroup(handle.db, A);
    const body = await groupBodyOf(answer);
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
    expect((await groups.getGroup(handle.db, B)).version).not.toBe(answer.version);
    // A group without products is an answer with none.
    expect((await groupBodyOf(await groups.getGroup(handle.db, 'No such group'))).products).toEqual([]);
  });

  it("moves only the changed group's version; the other keeps its answer and its compressed bodies; a change undone brings the version back", async () => {
    const a = await groups.getGroup(handle.db, A);
    const b = await groups.getGroup(handle.db, B);
    const bBrotli = await b.body('br');
    const [product] = (await groupBodyOf(a)).products;
    const before = await handle.db.selectFrom('products').select(['stock_quantity', 'in_stock']).where('id', '=', product!.id).executeTakeFirstOrThrow();
    await handle.db.updateTable('products').set({ stock_quantity: 3, in_stock: 1 }).where('id', '=', product!.id).execute();

    const a2 = await groups.getGroup(handle.db, A);
    expect(a2.version).not.toBe(a.version);
    expect((await groupBodyOf(a2)).products.find((p) => p.id === product!.id)?.stockQuantity).toBe(3);
    const b2 = await groups.getGroup(handle.db, B);
    expect(b2.version).toBe(b.version);
    expect(b2.revision).toBeGreaterThan(b.revision);
    expect(await b2.body('br')).toBe(bBrotli);

    await handle.db.updateTable('products').set(before).where('id', '=', product!.id).execute();
    expect((await groups.getGroup(handle.db, A)).version).toBe(a.version);
  });

  it('leaves out a withdrawn product', async () => {
    const [product] = (await groupBodyOf(await groups.getGroup(handle.db, A))).products;
    await handle.db.updateTable('products').set({ withdrawn_at: '2026-11-26T00:00:00.000Z' }).where('id', '=', product!.id).execute();
    expect((await groupBodyOf(await groups.getGroup(handle.db, A))).products.map((p) => p.id)).not.toContain(product!.id);
  });

  it('is refused by a cache without groups', async () => {
    await expect(new CatalogSnapshotCache().getGroup(handle.db, A)).rejects.toThrow(/no groups/);
  });
});

describe('CatalogSnapshotCache.applyOwnChange', () => {
  /** Takes stock of products as an order does (revision locked, one update each), and returns the change it committed. */
  async function takeStock(ids: readonly string[], alsoWrite?: string): Promise<OwnCatalogChange> {
    return handle.db.transaction().execute(async (trx) => {
      const from = await lockCatalogRevision(trx);
      const rows = [];
      for (const id of ids) rows.push((await takeCountedStock(trx, id, 1, '2030-01-01T00:00:00.000Z'))!);
      if (alsoWrite) await trx.updateTable('products').set({ name: 'Renamed meanwhile' }).where('id', '=', alsoWrite).execute();
      return { from, to: await selectCatalogRevision(trx), rows };
    });
  }

  /** Counted products of the snapshot, with stock to take. */
  async function countedIn(snapshot: CatalogSnapshot) {
    return (await bodyOf(snapshot)).products.filter((p) => p.stockQuantity !== undefined && p.stockQuantity > 1 && p.inStock);
  }

  it('makes the next snapshot from an order’s rows without reading, equal to a rebuild from the database', async () => {
    const first = await cache.get(handle.db);
    const [a, b] = await countedIn(first);
    const change = await takeStock([a!.id, b!.id]);
    expect(change.to - change.from).toBe(2);
    cache.applyOwnChange(change);
    const after = await cache.get(handle.db);
    expect(builds.map((report) => [report.source, report.revision, report.reserialised])).toEqual([
      ['database', first.revision, first.productCount],
      ['own change', change.to, 2],
    ]);
    const body = await bodyOf(after);
    expect(body.products.find((p) => p.id === a!.id)?.stockQuantity).toBe(a!.stockQuantity! - 1);
    expect(body.products.find((p) => p.id === b!.id)?.stockQuantity).toBe(b!.stockQuantity! - 1);
    const rebuilt = await new CatalogSnapshotCache().get(handle.db);
    expect(rebuilt.revision).toBe(after.revision);
    expect((await after.body('identity')).equals(await rebuilt.body('identity'))).toBe(true);
    expect(gunzipSync(await after.body('gzip')).equals(await rebuilt.body('identity'))).toBe(true);
  });

  it('starts again from the database when its revision went back (a restored database)', async () => {
    const first = await cache.get(handle.db);
    const [product] = (await bodyOf(first)).products;
    await handle.db.updateTable('catalog_revision').set({ revision: first.revision - 10 }).where('id', '=', 1).execute();
    await handle.db.updateTable('products').set({ name: 'Restored name' }).where('id', '=', product!.id).execute();
    const after = await cache.get(handle.db);
    expect(after.revision).toBeLessThan(first.revision);
    expect((await bodyOf(after)).products.find((p) => p.id === product!.id)?.name).toBe('Restored name');
  });

  it('keeps its snapshot when sales move it on while it checks a revision read from before them (two requests at once)', async () => {
    const first = await cache.get(handle.db);
    const [a, b] = await countedIn(first);
    // The database as the cache sees it, where work can be done between a revision read and its answer.
    const between: (() => Promise<void>)[] = [];
    const db = new Proxy(handle.db, {
      get(target, key) {
        if (key === 'executeQuery') {
          return async (query: CompiledQuery) => {
            const result = await target.executeQuery(query);
            if (/from "catalog_revision" where/.test(query.sql)) await between.shift()?.();
            return result;
          };
        }
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as typeof handle.db;
    const sale = (id: string) => async () => cache.applyOwnChange(await takeStock([id]));
    // The first read answers the revision before sale a, which commits and is applied before the
    // cache looks: it reads again, and sale b commits and is applied while that read is under way.
    between.push(sale(a!.id), sale(b!.id));
    const [one, two] = await Promise.all([cache.get(db), cache.get(db)]);
    expect(between).toEqual([]);
    expect(one).toBe(two);
    expect(one.revision).toBe(await selectCatalogRevision(handle.db));
    // Two sales applied from the orders, no rebuild from the database (the snapshot was not dropped as if the database went back).
    expect(builds.map((report) => report.source)).toEqual(['database', 'own change', 'own change']);
    const body = await bodyOf(one);
    expect(body.products.find((p) => p.id === b!.id)?.stockQuantity).toBe(b!.stockQuantity! - 1);
  });

  it('leaves a change to a rebuild when another came between, or when it wrote more than its rows', async () => {
    const first = await cache.get(handle.db);
    const [a, b, c] = await countedIn(first);
    // Another writer's change, then this process's order: the snapshot is not of the order's starting revision.
    await handle.db.updateTable('products').set({ name: 'Renamed elsewhere' }).where('id', '=', c!.id).execute();
    cache.applyOwnChange(await takeStock([a!.id]));
    const afterBoth = await bodyOf(await cache.get(handle.db));
    expect(builds.map((report) => report.source)).toEqual(['database', 'database']);
    expect(afterBoth.products.find((p) => p.id === c!.id)?.name).toBe('Renamed elsewhere');
    expect(afterBoth.products.find((p) => p.id === a!.id)?.stockQuantity).toBe(a!.stockQuantity! - 1);

    // A change that also wrote a product it does not carry: its revision step is not its row count.
    const change = await takeStock([b!.id], c!.id);
    expect(change.to - change.from).toBeGreaterThan(change.rows.length);
    cache.applyOwnChange(change);
    const after = await bodyOf(await cache.get(handle.db));
    expect(builds.map((report) => report.source)).toEqual(['database', 'database', 'database']);
    expect(after.products.find((p) => p.id === c!.id)?.name).toBe('Renamed meanwhile');
    expect(after.products.find((p) => p.id === b!.id)?.stockQuantity).toBe(b!.stockQuantity! - 1);
  });
});
