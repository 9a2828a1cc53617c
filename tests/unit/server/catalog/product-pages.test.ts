import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { ProductHtmlCache, ProductPageCache } from '../../../../src/server/catalog/product-pages';
import { recordFormerSlug } from '../../../../src/server/catalog/product-slugs.repository';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { dropRevisionTriggers } from '../../../../src/server/db/dialect';
import { migrateToLatest } from '../../../../src/server/db/migrate';

const CONTENT_DIR = new URL('../../../../content', import.meta.url).pathname;

let handle: DatabaseHandle;
let product: { id: string; slug: string; name: string };

beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, CONTENT_DIR);
  product = await handle.db.selectFrom('products').select(['id', 'slug', 'name']).orderBy('id').executeTakeFirstOrThrow();
});

afterEach(async () => {
  await handle.close();
});

/**
 * Lets a writer change product rows without moving their version, which the database no longer
 * allows (a trigger moves it): the way to show that the cache reads a row only when its version moves.
 */
async function allowChangesBehindVersions(): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS products_move_version`.execute(handle.db);
}

/** Renames a product as the services do (its version moves), or, with `keepVersion`, behind their back. */
async function rename(name: string, keepVersion = false, id = product.id): Promise<void> {
  if (keepVersion) await allowChangesBehindVersions();
  await handle.db
    .updateTable('products')
    .set(keepVersion ? { name } : { name, version: sql`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Sells one unit of a product as an order does: its stock and version change, nothing else. */
async function sellOne(id: string): Promise<void> {
  await handle.db.updateTable('products').set({ stock_quantity: sql`coalesce(stock_quantity, 100) - 1`, version: sql`version + 1` }).where('id', '=', id).execute();
}

describe('ProductPageCache', () => {
  it('sees a change made without moving the version: the database moves it', async () => {
    const cache = new ProductPageCache();
    await cache.lookup(handle.db, product.slug);
    await handle.db.updateTable('products').set({ name: 'Renamed by hand' }).where('id', '=', product.id).execute();
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { name: 'Renamed by hand' } });
  });

  it('reads a product once per version of its row', async () => {
    const cache = new ProductPageCache();
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { id: product.id, name: product.name } });
    await rename('Renamed behind the version', true);
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { name: product.name } });
  });

  it('reads the product again once its version moves, and only that product', async () => {
    const other = await handle.db.selectFrom('products').select(['id', 'slug']).where('id', '!=', product.id).orderBy('id').executeTakeFirstOrThrow();
    const cache = new ProductPageCache();
    await cache.lookup(handle.db, product.slug);
    await cache.lookup(handle.db, other.slug);
    await rename('Renamed');
    // A sale of the other product moves its version only; its entry is read again, the first is not touched.
    await rename('Renamed behind the version', true, other.id);
    await sellOne(other.id);
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { name: 'Renamed' } });
    expect(await cache.lookup(handle.db, other.slug)).toMatchObject({ kind: 'product', product: { name: 'Renamed behind the version' } });
  });

  it('answers a withdrawn product as missing at once', async () => {
    const cache = new ProductPageCache();
    await cache.lookup(handle.db, product.slug);
    await handle.db.updateTable('products').set({ withdrawn_at: new Date().toISOString(), version: sql`version + 1` }).where('id', '=', product.id).execute();
    expect(await cache.lookup(handle.db, product.slug)).toEqual({ kind: 'missing' });
  });

  it('leads a former slug to the current one, and an unknown or malformed slug nowhere', async () => {
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ slug: 'renamed-slug' }).where('id', '=', product.id).execute();
      await recordFormerSlug(trx, product.id, product.slug, new Date().toISOString());
    });
    const cache = new ProductPageCache();
    expect(await cache.lookup(handle.db, product.slug)).toEqual({ kind: 'moved', slug: 'renamed-slug' });
    expect(await cache.lookup(handle.db, 'no-such-product')).toEqual({ kind: 'missing' });
    expect(await cache.lookup(handle.db, 'Not_A_Slug')).toEqual({ kind: 'missing' });
  });

  it('keeps at most its limit of pages, dropping the oldest first', async () => {
    const slugs = (await handle.db.selectFrom('products').select('slug').orderBy('slug').limit(3).execute()).map((r) => r.slug);
    const cache = new ProductPageCache(2);
    for (const slug of slugs) await cache.lookup(handle.db, slug);
    // Changed behind the versions: only a page the cache dropped is read again.
    await allowChangesBehindVersions();
    await handle.db.updateTable('products').set({ name: 'Changed' }).where('slug', 'in', slugs).execute();
    const names: string[] = [];
    // Newest first, so reading the dropped one again evicts nothing that is still to be checked.
    for (const slug of [...slugs].reverse()) names.push(((await cache.lookup(handle.db, slug)) as { product: { name: string } }).product.name);
    expect(names).toEqual([expect.not.stringMatching('Changed'), expect.not.stringMatching('Changed'), 'Changed']);
  });
});

describe('ProductHtmlCache', () => {
  const html = `<!doctype html><html><body>${'<p>Paint that lasts.</p>'.repeat(100)}</body></html>`;
  const get = (headers: Record<string, string> = {}) => new Request(`http://shop.test/shop/${product.slug}`, { headers });
  const render = () => Promise.resolve(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }));
  const plain = { method: 'GET', acceptEncoding: 'br, gzip', ifNoneMatch: null };

  it('answers a page the edge can send only once it is rendered, and only for its product version', async () => {
    const cache = new ProductHtmlCache();
    expect(await cache.cachedAnswer(handle.db, product.slug, plain)).toBeUndefined();
    const rendered = await cache.respond(handle.db, product.slug, get({ 'accept-encoding': 'br' }), render);
    expect(rendered.headers.get('content-encoding')).toBe('br');
    const kept = await cache.cachedAnswer(handle.db, product.slug, plain);
    expect(kept).toMatchObject({ status: 200, headers: { 'content-encoding': 'br', etag: rendered.headers.get('etag') } });
    expect(brotliDecompressSync(kept!.body!).toString()).toBe(html);
    await sellOne(product.id);
    expect(await cache.cachedAnswer(handle.db, product.slug, plain)).toBeUndefined();
  });

  it("reads a product's stamp only when the catalogue revision moved", async () => {
    const cache = new ProductHtmlCache();
    await cache.respond(handle.db, product.slug, get(), render);
    expect(await cache.cachedAnswer(handle.db, product.slug, plain)).toMatchObject({ status: 200 });
    // A sale the revision does not count (its triggers dropped, as no writer of the shop can):
    // the kept stamp stands, so the page still answers, which shows the stamp was not read again.
    await dropRevisionTriggers(handle.db, 'products');
    await sellOne(product.id);
    expect(await cache.cachedAnswer(handle.db, product.slug, plain)).toMatchObject({ status: 200 });
    // Once the revision moves, the stamp is read again and the page is one version behind.
    await handle.db.updateTable('catalog_revision').set({ revision: sql`revision + 1` }).where('id', '=', 1).execute();
    expect(await cache.cachedAnswer(handle.db, product.slug, plain)).toBeUndefined();
  });

  it('answers 304 to the ETag it gave, no body to HEAD, and nothing for slugs that are not products', async () => {
    const cache = new ProductHtmlCache();
    await cache.respond(handle.db, product.slug, get(), render);
    const first = await cache.cachedAnswer(handle.db, product.slug, { ...plain, acceptEncoding: 'gzip' });
    expect(first?.headers['content-encoding']).toBe('gzip');
    const again = await cache.cachedAnswer(handle.db, product.slug, { ...plain, acceptEncoding: 'gzip', ifNoneMatch: first!.headers.etag! });
    expect(again).toMatchObject({ status: 304, body: null });
    const head = await cache.cachedAnswer(handle.db, product.slug, { ...plain, method: 'HEAD', acceptEncoding: null });
    expect(head).toMatchObject({ status: 200, body: null, headers: { 'content-length': String(Buffer.byteLength(html)) } });
    expect(await cache.cachedAnswer(handle.db, 'no-such-product', plain)).toBeUndefined();
    expect(await cache.cachedAnswer(handle.db, 'Not A Slug', plain)).toBeUndefined();
  });
});
