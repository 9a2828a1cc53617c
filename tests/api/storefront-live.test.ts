// Products live on the storefront without a rebuild (issue #12 item 4): /shop/<slug> is rendered on
// demand from the database, so a product that was never built has its page at once, an edit shows
// at the next view, a former slug answers 301 and a withdrawn product 404 with the not-found page;
// the live catalogue and the products' sitemap follow; a restart keeps staff edits over content/,
// and `npm run catalog:export` writes them back to content files.
// The file starts its own server on its own database of the lane: it changes the catalogue, which
// the shared server's other files read as seeded.
// Products are created, edited and withdrawn here through the project's own repository functions
// on the lane's real database, written before the admin products API landed; switch them to the
// API (POST/PUT/DELETE /api/admin/products) once it is settled.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProductJsonLd, productPath } from '../../src/lib/catalog/product-view';
import type { Product } from '../../src/lib/schemas/catalog';
import { insertProducts, selectNextPosition } from '../../src/server/catalog/catalog.repository';
import { productToColumns } from '../../src/server/catalog/catalog.rows';
import { chooseSourceFile } from '../../src/server/catalog/catalog.service';
import { readProductFiles } from '../../src/server/catalog/content-files';
import { recordFormerSlug } from '../../src/server/catalog/product-slugs.repository';
import { resolveDatabaseTarget } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { rawRequest } from './helpers/http';
import { createTestDatabase, ROOT } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';

const run = promisify(execFile);

const content = readProductFiles(ROOT).map(({ product }) => product);
/** A product of the build, whose page must read as it did when pre-rendered. */
const built = content.find((p) => p.reviews > 0 && !p.requestQuoteOnly)!;
/** A product staff add after the build: a copy of a built one under a new id, slug, SKU and name. */
const added: Product = {
  ...built,
  id: 'live-test-primer',
  slug: 'live-test-primer-1g',
  sku: 'LIVE-PRM-1G',
  name: 'Live Test Bonding Primer 1 gal',
  price: 41.5,
  originalPrice: undefined,
};
/** Another added product, kept on sale. */
const kept: Product = { ...added, id: 'live-test-sealer', slug: 'live-test-sealer-1g', sku: 'LIVE-SLR-1G', name: 'Live Test Sealer 1 gal', price: 28 };

let contentDir: string;
let databaseUrl: string;
let server: TestServer;
let handle: DatabaseHandle;

/** Starts the built server on the test database, seeding from this file's copy of content/. */
async function start(): Promise<TestServer> {
  return startServer({ env: { DATABASE_URL: databaseUrl, CONTENT_DIR: contentDir } });
}

beforeAll(async () => {
  contentDir = join(mkdtempSync(join(tmpdir(), 'shop-live-')), 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  databaseUrl = await createTestDatabase();
  server = await start();
  handle = openDatabase(resolveDatabaseTarget(databaseUrl));
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
});

/** Adds a product to the catalogue, as staff would in the back office. */
async function addProduct(product: Product): Promise<void> {
  const sourceFile = await chooseSourceFile(handle.db, product.category);
  const stamp = new Date().toISOString();
  await insertProducts(handle.db, [
    { ...productToColumns(product), source_file: sourceFile, position: await selectNextPosition(handle.db, sourceFile), version: 1, created_at: stamp, updated_at: stamp },
  ]);
}

/** Changes a product's price and name, as a back-office edit would. */
async function editProduct(id: string, change: { price: number; name: string }): Promise<void> {
  await handle.db
    .updateTable('products')
    .set((eb) => ({ price_cents: Math.round(change.price * 100), name: change.name, version: eb('version', '+', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', id)
    .execute();
}

/** Gives a product a new slug and keeps the old one as a former slug, in one transaction. */
async function changeSlug(id: string, from: string, to: string): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    await trx.updateTable('products').set({ slug: to, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    await recordFormerSlug(trx, id, from, new Date().toISOString());
  });
}

/** Withdraws a product: it leaves the shop, its row stays for the orders that name it. */
async function withdrawProduct(id: string): Promise<void> {
  await handle.db.updateTable('products').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** GET of a storefront path on the server, redirects not followed. */
async function get(path: string): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** What a product page's head and body tell search engines and shoppers. */
function readProductPage(html: string): { title: string; canonical: string; jsonLd: Record<string, unknown>[] } {
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '',
    jsonLd,
  };
}

/** The Product JSON-LD node of a page. */
function productJsonLdOf(html: string): Record<string, unknown> | undefined {
  return readProductPage(html).jsonLd.find((node) => node['@type'] === 'Product');
}

/** Ids of the products of the live catalogue. */
async function liveCatalogIds(): Promise<string[]> {
  const response = await fetch(`${server.url}/api/catalog`);
  return ((await response.json()) as { products: { id: string }[] }).products.map((p) => p.id);
}

/** The paths the products' sitemap lists. */
async function sitemapPaths(): Promise<string[]> {
  const response = await fetch(`${server.url}/sitemap-products.xml`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

/** Whether a page is the site's not-found page. */
function isNotFoundPage(html: string): boolean {
  return html.includes('Under Construction') && html.includes('Error 404');
}

describe('product pages rendered from the database', () => {
  it('renders a built product with its title, canonical URL and Product JSON-LD as the pre-rendered page had them', async () => {
    const page = await get(productPath(built.slug));
    expect(page.status).toBe(200);
    const head = readProductPage(page.text);
    expect(head.title).toBe(`${built.name} (${built.sku}) | Graphene Coatings`);
    expect(new URL(head.canonical).pathname).toBe(productPath(built.slug));
    expect(productJsonLdOf(page.text)).toEqual(buildProductJsonLd(built, head.canonical));
    expect(head.jsonLd.map((n) => n['@type'])).toEqual(expect.arrayContaining(['Organization', 'Product', 'BreadcrumbList']));
  });

  it('sends the page compressed as the browser accepts, with a weak ETag that revalidates with 304', async () => {
    const path = `${server.url}${productPath(built.slug)}`;
    const plain = await rawRequest(path, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await rawRequest(path, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(plain.body.toString());
    const gz = await rawRequest(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    const etag = br.headers.etag!;
    expect(etag).toMatch(/^W\/"/);
    const again = await rawRequest(path, { headers: { 'accept-encoding': 'gzip, br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('answers an unknown or malformed slug with 404 and the not-found page', async () => {
    for (const path of ['/shop/no-such-product', '/shop/Not_A_Slug', `/shop/${'a'.repeat(300)}`]) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(isNotFoundPage(page.text), path).toBe(true);
    }
  });

  it('gives a product added after the build its page at once, in the live catalogue and the sitemap', async () => {
    expect((await get(productPath(added.slug))).status).toBe(404);
    await addProduct(added);
    const page = await get(productPath(added.slug));
    expect(page.status).toBe(200);
    expect(page.text).toContain(added.name);
    expect(productJsonLdOf(page.text)).toMatchObject({ name: added.name, sku: added.sku, offers: { price: '41.50' } });
    expect(await liveCatalogIds()).toContain(added.id);
    expect(await sitemapPaths()).toEqual(expect.arrayContaining([productPath(added.slug), productPath(built.slug)]));
  });

  it('lists the products sitemap in the sitemap index', async () => {
    const response = await fetch(`${server.url}/sitemap-index.xml`);
    expect(await response.text()).toMatch(/<loc>[^<]+\/sitemap-products\.xml<\/loc>/);
    expect((await sitemapPaths()).length).toBe(content.length + 1);
  });

  it('shows an edit at the next view of the page', async () => {
    expect(readProductPage((await get(productPath(added.slug))).text).title).toContain(added.name);
    await editProduct(added.id, { price: 37.25, name: 'Live Test Bonding Primer 1 gal (new label)' });
    const page = await get(productPath(added.slug));
    expect(readProductPage(page.text).title).toBe(`Live Test Bonding Primer 1 gal (new label) (${added.sku}) | Graphene Coatings`);
    expect(productJsonLdOf(page.text)).toMatchObject({ offers: { price: '37.25' } });
  });

  it('answers a former slug with 301 to the current page, and lets a slug move back', async () => {
    await changeSlug(added.id, added.slug, 'live-test-primer-gallon');
    const old = await get(productPath(added.slug));
    expect(old.status).toBe(301);
    expect(new URL(old.location!, server.url).pathname).toBe('/shop/live-test-primer-gallon');
    expect((await get('/shop/live-test-primer-gallon')).status).toBe(200);
    expect(await sitemapPaths()).not.toContain(productPath(added.slug));

    await changeSlug(added.id, 'live-test-primer-gallon', added.slug);
    expect((await get(productPath(added.slug))).status).toBe(200);
    const back = await get('/shop/live-test-primer-gallon');
    expect(back.status).toBe(301);
    expect(new URL(back.location!, server.url).pathname).toBe(productPath(added.slug));
  });

  it('answers a withdrawn product with 404 and the not-found page, and drops it from the catalogue and sitemap', async () => {
    await withdrawProduct(added.id);
    const page = await get(productPath(added.slug));
    expect(page.status).toBe(404);
    expect(isNotFoundPage(page.text)).toBe(true);
    // Its former slug leads nowhere either.
    expect((await get('/shop/live-test-primer-gallon')).status).toBe(404);
    expect(await liveCatalogIds()).not.toContain(added.id);
    expect(await sitemapPaths()).not.toContain(productPath(added.slug));
    // The row stays for the orders that name it.
    const row = await handle.db.selectFrom('products').select('id').where('id', '=', added.id).executeTakeFirst();
    expect(row?.id).toBe(added.id);
  });
});

describe('staff edits and content/', () => {
  it('keeps staff edits and added products over content/ across a restart', async () => {
    await editProduct(built.id, { price: 12.34, name: built.name });
    await addProduct(kept);
    // content/ changes too (a later checkout of the repository): a restart must not apply it.
    const file = join(contentDir, 'products', (await handle.db.selectFrom('products').select('source_file').where('id', '=', built.id).executeTakeFirstOrThrow()).source_file);
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, JSON.stringify((JSON.parse(original) as Product[]).map((p) => (p.id === built.id ? { ...p, price: 99.99 } : p))));
    await server.stop();
    server = await start();
    expect(productJsonLdOf((await get(productPath(built.slug))).text)).toMatchObject({ offers: { price: '12.34' } });
    expect((await get(productPath(kept.slug))).status).toBe(200);
    const live = await liveCatalogIds();
    expect(live).toContain(kept.id);
    expect(live).not.toContain(added.id);
    writeFileSync(file, original);
  });

  it('writes staff edits and added products back to content files with npm run catalog:export, leaving withdrawn products out', async () => {
    const exportDir = join(mkdtempSync(join(tmpdir(), 'shop-live-export-')), 'content');
    cpSync(contentDir, exportDir, { recursive: true });
    await run('npm', ['run', '--silent', 'catalog:export'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, CONTENT_DIR: exportDir },
    });
    const exported = readProductFiles(join(exportDir, '..')).map(({ product }) => product);
    expect(exported.find((p) => p.id === built.id)?.price).toBe(12.34);
    expect(exported.find((p) => p.id === kept.id)).toEqual(kept);
    expect(exported.map((p) => p.id)).not.toContain(added.id);
    expect(exported).toHaveLength(content.length + 1);
  });
});
