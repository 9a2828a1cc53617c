// Product art drawn by the server on first request (issue #15): /images/generated/products/<slug>.svg,
// -swatch.svg and -detail.svg are drawn from the product's row with the generator's drawing code,
// sent compressed with an ETag of the drawing's bytes and a day's caching, follow an edit of what
// they are drawn from (and only that), follow a rename, and are 404 for no product or a withdrawn one.
// The file starts its own server on its own database of the lane: it edits the catalogue.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProduct, renderDetail, renderProductMain, renderSwatch } from '../../src/lib/product-art/products.mjs';
import { readProductFiles } from '../../src/server/catalog/content-files';
import { recordFormerSlug } from '../../src/server/catalog/product-slugs.repository';
import { resolveDatabaseTarget } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { PRODUCT_ART_CACHE_CONTROL } from '../../src/server/media/product-art';
import { rawRequest, type RawResponse } from './helpers/http';
import { createTestDatabase, ROOT } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';

const content = readProductFiles(ROOT).map(({ product }) => product);
const paint = content.find((p) => p.visual?.kind === 'can')!;
const equipment = content.find((p) => p.visual && !['can', 'pail', 'drum', 'aerosol', 'bottle', 'kit'].includes(p.visual.kind))!;
/** Products this file edits, renames and withdraws (none of the two above). */
const [edited, renamed, withdrawn] = content.filter((p) => p !== paint && p !== equipment && p.visual).slice(0, 3) as [typeof paint, typeof paint, typeof paint];

let server: TestServer;
let handle: DatabaseHandle;

beforeAll(async () => {
  const contentDir = join(mkdtempSync(join(tmpdir(), 'shop-art-')), 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  const databaseUrl = await createTestDatabase();
  server = await startServer({ env: { DATABASE_URL: databaseUrl, CONTENT_DIR: contentDir, PRODUCT_ART_CACHE_MB: '1' } });
  handle = openDatabase(resolveDatabaseTarget(databaseUrl));
});

afterAll(async () => {
  await handle?.close();
  await server?.stop();
});

const art = (file: string) => `/images/generated/products/${file}`;

/** GET (or HEAD) of a path with the given request headers, bytes undecoded. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return rawRequest(`${server.url}${path}`, { method, headers });
}

/** The SVG text of an answer, decoded as its Content-Encoding says. */
function svgOf(answer: RawResponse): string {
  const encoding = answer.headers['content-encoding'];
  const bytes = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : answer.body;
  return bytes.toString('utf8');
}

/** Changes a product's row as a back-office edit would (its version moves). */
async function editProduct(id: string, change: { name?: string; price_cents?: number; stock_quantity?: number }): Promise<void> {
  await handle.db
    .updateTable('products')
    .set((eb) => ({ ...change, version: eb('version', '+', 1), updated_at: new Date().toISOString() }))
    .where('id', '=', id)
    .execute();
}

describe('product art drawn by the server', () => {
  it("answers each of a product's three drawings as SVG, byte for byte what the drawing code makes of the product", async () => {
    for (const product of [paint, equipment]) {
      const info = describeProduct(product);
      for (const [suffix, render] of [['', renderProductMain], ['-swatch', renderSwatch], ['-detail', renderDetail]] as const) {
        const answer = await get(art(`${product.slug}${suffix}.svg`), { 'accept-encoding': 'identity' });
        expect(answer.status, `${product.slug}${suffix}`).toBe(200);
        expect(answer.headers['content-type']).toBe('image/svg+xml');
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.body.toString('utf8')).toBe(render(info));
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      }
    }
  });

  it('sends the art compressed as the browser accepts, with long-lived caching and nosniff', async () => {
    const path = art(`${paint.slug}.svg`);
    const plain = svgOf(await get(path, { 'accept-encoding': 'identity' }));
    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(plain.length / 2);
    expect(svgOf(br)).toBe(plain);
    const gz = await get(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(svgOf(gz)).toBe(plain);
    for (const answer of [br, gz]) {
      expect(answer.headers['cache-control']).toBe(PRODUCT_ART_CACHE_CONTROL);
      expect(answer.headers['cache-control']).toMatch(/max-age=86400/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(br.headers.etag).not.toBe(gz.headers.etag);
  });

  it('answers 304 to the ETag it sent, and HEAD with the headers alone', async () => {
    const path = art(`${equipment.slug}-detail.svg`);
    const first = await get(path, { 'accept-encoding': 'br' });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    // The same drawing held in another encoding is still the same drawing.
    expect((await get(path, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(304);
    expect((await get(path, { 'accept-encoding': 'br', 'if-none-match': '"something-else"' })).status).toBe(200);
    const head = await get(path, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
    expect(head.headers.etag).toBe(etag);
  });

  it('answers 404 for a product that does not exist, a view that does not, or a malformed name', async () => {
    for (const file of ['no-such-product.svg', 'no-such-product-swatch.svg', `${paint.slug}-back.svg`]) {
      const answer = await get(art(file));
      expect(answer.status, file).toBe(404);
      expect(answer.headers['cache-control'], file).toBe('no-store');
    }
    // Not a drawing's name at all: the site's not-found page, as for any path.
    for (const file of [`${paint.slug}.png`, 'Not_A_Slug.svg', `${'a'.repeat(300)}.svg`]) expect((await get(art(file))).status, file).toBe(404);
  });

  it('draws the art again when what it is drawn from changes, and keeps its ETag when only the price or stock does', async () => {
    const path = art(`${edited.slug}-detail.svg`);
    const before = await get(path, { 'accept-encoding': 'br' });
    expect(svgOf(before)).toContain(`<title>`);
    await editProduct(edited.id, { price_cents: 123_45, stock_quantity: 3 });
    const sameArt = await get(path, { 'accept-encoding': 'br', 'if-none-match': before.headers.etag! });
    expect(sameArt.status).toBe(304);

    await editProduct(edited.id, { name: 'Renamed Ceiling Flat 1 gal' });
    const after = await get(path, { 'accept-encoding': 'br', 'if-none-match': before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(svgOf(after)).not.toBe(svgOf(before));
    expect(svgOf(after)).toBe(renderDetail(describeProduct({ ...edited, name: 'Renamed Ceiling Flat 1 gal' })));
  });

  it('still draws the art under a slug the product had before a rename, and stops when the product is withdrawn', async () => {
    const old = art(`${renamed.slug}.svg`);
    const before = svgOf(await get(old));
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ slug: `${renamed.slug}-new`, updated_at: new Date().toISOString() }).where('id', '=', renamed.id).execute();
      await recordFormerSlug(trx, renamed.id, renamed.slug, new Date().toISOString());
    });
    const fromOld = await get(old);
    expect(fromOld.status).toBe(200);
    expect(svgOf(fromOld)).toBe(before);
    expect(svgOf(await get(art(`${renamed.slug}-new.svg`)))).toBe(before);

    expect((await get(art(`${withdrawn.slug}-swatch.svg`))).status).toBe(200);
    await handle.db.updateTable('products').set({ withdrawn_at: new Date().toISOString() }).where('id', '=', withdrawn.id).execute();
    expect((await get(art(`${withdrawn.slug}-swatch.svg`))).status).toBe(404);
  });

  it('draws every image a product page and the shop page name under the product art folder', async () => {
    const page = await get(`/shop/${paint.slug}`, { 'accept-encoding': 'identity' });
    expect(page.status).toBe(200);
    const shop = await get('/shop', { 'accept-encoding': 'identity' });
    const html = page.body.toString('utf8') + shop.body.toString('utf8');
    const named = [...new Set([...html.matchAll(/\/images\/generated\/products\/[a-z0-9-]+\.svg/g)].map((m) => m[0]))];
    expect(named).toEqual(expect.arrayContaining([art(`${paint.slug}.svg`)]));
    // The shop page was built before this file withdrew a product.
    for (const path of named.filter((p) => !p.includes(`/${withdrawn.slug}`))) expect((await get(path)).status, path).toBe(200);
  });

  it('draws every product when its memory (PRODUCT_ART_CACHE_MB, 1 here) holds only some of them', async () => {
    // 1 MB holds about 30 drawings: the oldest are dropped, and drawn again when asked for.
    const live = content.filter((p) => p !== withdrawn && p !== renamed).slice(0, 60);
    for (const product of live) expect((await get(art(`${product.slug}.svg`), { 'accept-encoding': 'br' })).status, product.slug).toBe(200);
    expect((await get(art(`${live[0]!.slug}.svg`), { 'accept-encoding': 'br' })).status).toBe(200);
  });
});
