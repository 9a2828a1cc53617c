import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { selectCatalogRevision } from '../../../../src/server/catalog/catalog.repository';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { ProductPageCache } from '../../../../src/server/catalog/product-pages';
import { recordFormerSlug } from '../../../../src/server/catalog/product-slugs.repository';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
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

/** Renames the product; `keepRevision` puts the revision back, as if nothing had changed. */
async function rename(name: string, keepRevision = false): Promise<void> {
  const revision = await selectCatalogRevision(handle.db);
  await handle.db.updateTable('products').set({ name }).where('id', '=', product.id).execute();
  if (keepRevision) await handle.db.updateTable('catalog_revision').set({ revision }).where('id', '=', 1).execute();
}

describe('ProductPageCache', () => {
  it('reads a product once per catalogue revision', async () => {
    const cache = new ProductPageCache();
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { id: product.id, name: product.name } });
    await rename('Renamed behind the revision', true);
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { name: product.name } });
  });

  it('reads the product again once the revision moves', async () => {
    const cache = new ProductPageCache();
    await cache.lookup(handle.db, product.slug);
    await rename('Renamed');
    expect(await cache.lookup(handle.db, product.slug)).toMatchObject({ kind: 'product', product: { name: 'Renamed' } });
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
    const revision = await selectCatalogRevision(handle.db);
    await handle.db.updateTable('products').set({ name: 'Changed' }).where('slug', 'in', slugs).execute();
    await handle.db.updateTable('catalog_revision').set({ revision }).where('id', '=', 1).execute();
    const names: string[] = [];
    // Newest first, so reading the dropped one again evicts nothing that is still to be checked.
    for (const slug of [...slugs].reverse()) names.push(((await cache.lookup(handle.db, slug)) as { product: { name: string } }).product.name);
    expect(names).toEqual([expect.not.stringMatching('Changed'), expect.not.stringMatching('Changed'), 'Changed']);
  });
});
