import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseSourceFile,
  exportCatalogToContent,
  formatContentJson,
  getProduct,
  listCatalog,
  seedCatalogFromContent,
} from '../../../../src/server/catalog/catalog.service';
import { selectCatalogRevision, selectRevisionAndStamps } from '../../../../src/server/catalog/catalog.repository';
import { CatalogSnapshotCache, catalogEtag, matchesVersion, pickEncoding } from '../../../../src/server/catalog/catalog.snapshot';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';

const ROOT = new URL('../../../../', import.meta.url).pathname;

/** A copy of the repository's content folder in a temporary place. */
function copyContent(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'shop-unit-')), 'content');
  cpSync(join(ROOT, 'content'), dir, { recursive: true });
  return dir;
}

let handle: DatabaseHandle;
let contentDir: string;

beforeEach(async () => {
  contentDir = copyContent();
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
});

afterEach(async () => {
  await handle.close();
});

describe('seedCatalogFromContent', () => {
  it('fills an empty catalogue with every product and category of the content files', async () => {
    const result = await seedCatalogFromContent(handle.db, contentDir);
    const content = readdirSync(join(contentDir, 'products')).flatMap((f) => JSON.parse(readFileSync(join(contentDir, 'products', f), 'utf8')) as unknown[]);
    expect(result).toEqual({ seeded: true, products: content.length, categories: 9 });
    const catalog = await listCatalog(handle.db);
    expect(catalog.products).toHaveLength(content.length);
    expect(catalog.categories.map((c) => c.order)).toEqual([...catalog.categories.map((c) => c.order)].sort((a, b) => a - b));
  });

  it('changes nothing the second time, even after the content files change', async () => {
    await seedCatalogFromContent(handle.db, contentDir);
    const revision = await selectCatalogRevision(handle.db);
    writeFileSync(join(contentDir, 'products', 'specialty.json'), '[]\n');
    expect((await seedCatalogFromContent(handle.db, contentDir)).seeded).toBe(false);
    expect(await selectCatalogRevision(handle.db)).toBe(revision);
  });

  it('handles product lists that are all empty', async () => {
    for (const file of readdirSync(join(contentDir, 'products'))) writeFileSync(join(contentDir, 'products', file), '[]\n');
    expect(await seedCatalogFromContent(handle.db, contentDir)).toEqual({ seeded: true, products: 0, categories: 9 });
    expect((await listCatalog(handle.db)).products).toEqual([]);
  });

  it('refuses a bad content file, naming file and field, and leaves the database empty', async () => {
    const path = join(contentDir, 'products', 'industrial.json');
    const products = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>[];
    if (products.length === 0) throw new Error('industrial.json has no products');
    products[0]!.price = -1;
    writeFileSync(path, JSON.stringify(products));
    await expect(seedCatalogFromContent(handle.db, contentDir)).rejects.toThrow(/content\/products\/industrial\.json: \[0\].* → price/);
    expect((await listCatalog(handle.db)).categories).toEqual([]);
  });
});

describe('the catalogue in the database', () => {
  beforeEach(async () => {
    await seedCatalogFromContent(handle.db, contentDir);
  });

  it('stores money as integer cents and answers dollars', async () => {
    const [first] = (await listCatalog(handle.db)).products;
    if (!first) throw new Error('the content catalogue has no products');
    const row = await handle.db.selectFrom('products').select(['price_cents']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(Number.isInteger(row.price_cents)).toBe(true);
    expect(row.price_cents).toBe(Math.round(first.price * 100));
    expect(await getProduct(handle.db, first.id)).toEqual(first);
    expect(await getProduct(handle.db, 'missing')).toBeUndefined();
  });

  it('increments the revision on every change to products or categories (database triggers)', async () => {
    const before = await selectCatalogRevision(handle.db);
    await handle.db.updateTable('categories').set({ description: 'Changed.' }).where('id', '=', 'kretus').execute();
    const afterCategory = await selectCatalogRevision(handle.db);
    expect(afterCategory).toBeGreaterThan(before);
    await handle.db.updateTable('products').set({ reviews: 1 }).where('source_file', '=', 'industrial.json').execute();
    expect(await selectCatalogRevision(handle.db)).toBeGreaterThan(afterCategory);
  });

  it('refuses negative stock at the database level', async () => {
    const [first] = (await listCatalog(handle.db)).products;
    if (!first) throw new Error('the content catalogue has no products');
    await expect(handle.db.updateTable('products').set({ stock_quantity: -1 }).where('id', '=', first.id).execute()).rejects.toThrow(/CHECK/);
  });

  it('exports files equal to the content it was seeded from, byte for byte', async () => {
    const out = copyContent();
    const files = ['categories.json', ...readdirSync(join(out, 'products')).map((f) => join('products', f))];
    for (const file of files) writeFileSync(join(out, file), readFileSync(join(out, file), 'utf8').endsWith('\n') ? '[]\n' : '[]');
    await exportCatalogToContent(handle.db, out);
    for (const file of files) {
      expect(readFileSync(join(out, file), 'utf8'), file).toBe(readFileSync(join(ROOT, 'content', file), 'utf8'));
    }
  });

  it('exports a staff change into the product’s own file', async () => {
    const [first] = (await listCatalog(handle.db)).products;
    if (!first) throw new Error('the content catalogue has no products');
    const row = await handle.db.selectFrom('products').select('source_file').where('id', '=', first.id).executeTakeFirstOrThrow();
    await handle.db.updateTable('products').set({ price_cents: 12345 }).where('id', '=', first.id).execute();
    await exportCatalogToContent(handle.db, contentDir);
    const list = JSON.parse(readFileSync(join(contentDir, 'products', row.source_file), 'utf8')) as { id: string; price: number }[];
    expect(list.find((p) => p.id === first.id)?.price).toBe(123.45);
  });

  it('places a new product in the file that holds most of its category', async () => {
    const [first] = (await listCatalog(handle.db)).products;
    if (!first) throw new Error('the content catalogue has no products');
    expect(await chooseSourceFile(handle.db, first.category)).toMatch(/\.json$/);
    expect(await chooseSourceFile(handle.db, 'No Such Category')).toBe('specialty.json');
  });
});

describe('selectRevisionAndStamps', () => {
  it('reads the revision with every live product stamp in one statement, and the revision alone when none is live', async () => {
    const empty = await selectRevisionAndStamps(handle.db);
    expect(empty).toEqual({ revision: await selectCatalogRevision(handle.db), stamps: [] });

    await seedCatalogFromContent(handle.db, contentDir);
    const rows = await handle.db.selectFrom('products').select(['id', 'version']).orderBy('id').execute();
    const [withdrawn, ...live] = rows;
    await handle.db.updateTable('products').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', withdrawn!.id).execute();
    const read = await selectRevisionAndStamps(handle.db);
    expect(read.revision).toBe(await selectCatalogRevision(handle.db));
    expect(read.revision).toBeGreaterThan(empty.revision);
    const stamps = await handle.db.selectFrom('products').select(['id', 'version']).where('withdrawn_at', 'is', null).execute();
    expect([...read.stamps].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([...stamps].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(read.stamps).toHaveLength(live.length);
  });
});

describe('formatContentJson', () => {
  it('writes 2-space JSON, money and ratings with a decimal point, and a final newline on request', () => {
    expect(formatContentJson([{ price: 329, rating: 4, reviews: 12, name: 'A' }])).toBe(
      '[\n  {\n    "price": 329.0,\n    "rating": 4.0,\n    "reviews": 12,\n    "name": "A"\n  }\n]\n',
    );
    expect(formatContentJson([{ price: 54.99 }], false)).toBe('[\n  {\n    "price": 54.99\n  }\n]');
  });
});

describe('CatalogSnapshotCache', () => {
  it('rebuilds only when the revision moves, and the version follows the content', async () => {
    await seedCatalogFromContent(handle.db, contentDir);
    const cache = new CatalogSnapshotCache();
    const first = await cache.get(handle.db);
    expect(await cache.get(handle.db)).toBe(first);
    await handle.db.updateTable('categories').set({ description: 'Changed.' }).where('id', '=', 'kretus').execute();
    const second = await cache.get(handle.db);
    expect(second.version).not.toBe(first.version);
    expect(JSON.parse((await second.body('identity')).toString()).version).toBe(second.version);
  });

  it('shares one rebuild between concurrent requests', async () => {
    await seedCatalogFromContent(handle.db, contentDir);
    const cache = new CatalogSnapshotCache();
    const [a, b, c] = await Promise.all([cache.get(handle.db), cache.get(handle.db), cache.get(handle.db)]);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });
});

describe('conditional requests and encodings', () => {
  it('matches If-None-Match lists, weak tags, encoded tags and *', () => {
    expect(matchesVersion('"v1"', 'v1')).toBe(true);
    expect(matchesVersion('W/"v1-gz"', 'v1')).toBe(true);
    expect(matchesVersion('"a", "v1-br"', 'v1')).toBe(true);
    expect(matchesVersion('*', 'v1')).toBe(true);
    expect(matchesVersion('"v2"', 'v1')).toBe(false);
    expect(matchesVersion(null, 'v1')).toBe(false);
    expect(catalogEtag('v1', 'gzip')).toBe('"v1-gz"');
  });

  it('prefers br, then gzip, honouring q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(null)).toBe('identity');
  });
});
