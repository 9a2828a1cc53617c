import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { brotliDecompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeProduct, renderProductMain, renderSwatch } from '../../../../src/lib/product-art/products.mjs';
import { rowToProduct } from '../../../../src/server/catalog/catalog.rows';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { isProductArtPath, ProductArtCache, type ProductArtRequest } from '../../../../src/server/media/product-art';

const CONTENT_DIR = new URL('../../../../content', import.meta.url).pathname;
const BR: ProductArtRequest = { head: false, acceptEncoding: 'br', ifNoneMatch: null };

let handle: DatabaseHandle;
let slugs: string[];

beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, CONTENT_DIR);
  slugs = (await handle.db.selectFrom('products').select('slug').orderBy('slug').execute()).map((r) => r.slug);
});

afterEach(async () => {
  await handle.close();
});

const path = (slug: string, view = '') => `/images/generated/products/${slug}${view}.svg`;

/** The SVG an answer carries. */
function svgOf(answer: { body: Buffer | null }): string {
  return brotliDecompressSync(answer.body!).toString('utf8');
}

/**
 * Renames a product as the services do (its version moves), or, with `keepVersion`, behind their
 * back, which the database allows only once the trigger that moves versions is dropped: the way to
 * show what the cache reads again and what it keeps.
 */
async function rename(slug: string, name: string, keepVersion = false): Promise<void> {
  if (keepVersion) await sql`DROP TRIGGER IF EXISTS products_move_version`.execute(handle.db);
  await handle.db
    .updateTable('products')
    .set(keepVersion ? { name } : { name, version: sql`version + 1` })
    .where('slug', '=', slug)
    .execute();
}

describe('isProductArtPath', () => {
  it('accepts a well-formed SVG name under the product art folder only', () => {
    expect(isProductArtPath('/images/generated/products/dc-pail-5g.svg')).toBe(true);
    expect(isProductArtPath('/images/generated/products/dc-pail-5g-swatch.svg')).toBe(true);
    for (const other of ['/images/generated/products/', '/images/generated/products/a.png', '/images/generated/products/A.svg', '/images/generated/products/a/b.svg', '/images/generated/products/-a.svg', '/images/generated/products/a--b.svg', '/images/generated/logos/a.svg', `/images/generated/products/${'a'.repeat(221)}.svg`]) {
      expect(isProductArtPath(other), other).toBe(false);
    }
  });
});

describe('ProductArtCache', () => {
  it('draws a product once per version of its row', async () => {
    const cache = new ProductArtCache(64 * 1024 * 1024);
    const first = await cache.answer(handle.db, path(slugs[0]!), BR);
    await rename(slugs[0]!, 'Renamed Behind The Version', true);
    expect(svgOf(await cache.answer(handle.db, path(slugs[0]!), BR))).toBe(svgOf(first));
    await rename(slugs[0]!, 'Renamed Behind The Version');
    const drawn = await cache.answer(handle.db, path(slugs[0]!), BR);
    expect(svgOf(drawn)).toContain('Renamed Behind The Version');
    expect(drawn.headers.etag).not.toBe(first.headers.etag);
  });

  it('takes the whole file name as a slug before reading a view suffix off it', async () => {
    const [main, other] = [slugs[0]!, slugs[1]!];
    await handle.db.updateTable('products').set({ slug: `${main}-swatch`, version: sql`version + 1` }).where('slug', '=', other).execute();
    const renamed = rowToProduct(await handle.db.selectFrom('products').selectAll().where('slug', '=', `${main}-swatch`).executeTakeFirstOrThrow());
    const cache = new ProductArtCache(64 * 1024 * 1024);
    // '<main>-swatch.svg' is now the studio shot of the product called '<main>-swatch', not <main>'s swatch.
    expect(svgOf(await cache.answer(handle.db, path(main, '-swatch'), BR))).toBe(renderProductMain(describeProduct(renamed)));
    expect(svgOf(await cache.answer(handle.db, path(`${main}-swatch`, '-swatch'), BR))).toBe(renderSwatch(describeProduct(renamed)));
    expect((await cache.answer(handle.db, path(main, '-detail'), BR)).status).toBe(200);
    expect((await cache.answer(handle.db, path('no-such-product', '-detail'), BR)).status).toBe(404);
  });

  it('keeps the drawings within its byte budget, the least recently used out first', async () => {
    const one = new ProductArtCache(64 * 1024 * 1024);
    await one.answer(handle.db, path(slugs[0]!), BR);
    const weight = one.bytes;
    expect(weight).toBeGreaterThan(1024);
    const cache = new ProductArtCache(weight * 3.5);
    for (const slug of slugs.slice(0, 10)) {
      expect((await cache.answer(handle.db, path(slug), BR)).status).toBe(200);
      expect(cache.bytes).toBeLessThanOrEqual(weight * 3.5);
    }
    // The first drawing was dropped: a rename behind the version shows, as it is drawn again.
    await rename(slugs[0]!, 'Drawn Again After Eviction', true);
    expect(svgOf(await cache.answer(handle.db, path(slugs[0]!), BR))).toContain('Drawn Again After Eviction');
    // The last one is still kept: the same rename does not show.
    await rename(slugs[9]!, 'Still Kept', true);
    expect(svgOf(await cache.answer(handle.db, path(slugs[9]!), BR))).not.toContain('Still Kept');
  });

  it('draws what staff type (names, brands, specs) as text, never as markup', async () => {
    const hostile = '</title><script>alert(1)</script><foreignObject>&x;';
    await handle.db
      .updateTable('products')
      .set({ name: hostile, brand: hostile, finish: hostile, coverage: hostile, sku: hostile, version: sql`version + 1` })
      .where('slug', '=', slugs[0]!)
      .execute();
    const cache = new ProductArtCache(64 * 1024 * 1024);
    for (const view of ['', '-swatch', '-detail']) {
      const svg = svgOf(await cache.answer(handle.db, path(slugs[0]!, view), BR));
      expect(svg).not.toMatch(/<script|<foreignObject|&x;/i);
      expect(svg).toContain('&lt;/title&gt;&lt;script&gt;');
    }
  });

  it('keeps nothing with a budget of 0, and still answers', async () => {
    const cache = new ProductArtCache(0);
    expect((await cache.answer(handle.db, path(slugs[0]!), BR)).status).toBe(200);
    expect(cache.bytes).toBe(0);
  });
});
