// /shop must not grow with the catalogue (issue #15): its pre-rendered HTML carries the brand
// tiles and the Featured products, never the product list, which the island fetches from the live
// catalogue. Measured on the built page the e2e server serves (SHOP_DIST_DIR for another build,
// e.g. one of bench/catalog-generate.mjs with 10,000 products).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SHOP_FEATURED_COUNT } from '../../src/lib/constants';
import { readProductFiles } from '../../src/server/catalog/content-files';

const distDir = resolve(process.env.SHOP_DIST_DIR || 'dist');
const shopHtml = join(distDir, 'client', 'shop.html');
/** The goal of issue #15: /shop at most 40 KB gzip whatever the catalogue holds. */
const SHOP_HTML_GZIP_BUDGET_KB = 40;

/** The catalogue the build was made from: the content/ beside the build (a generated bench copy has its own). */
function readBuiltCatalogue() {
  const root = resolve(distDir, '..');
  return readProductFiles(existsSync(join(root, 'content', 'products')) ? root : process.cwd()).map(({ product }) => product);
}

describe('/shop does not carry the catalogue', () => {
  const html = readFileSync(shopHtml, 'utf8');
  const catalogue = readBuiltCatalogue();

  it(`is at most ${SHOP_HTML_GZIP_BUDGET_KB} KB gzip`, () => {
    const kb = gzipSync(html, { level: 9 }).length / 1024;
    expect(kb, `gzip KB of ${shopHtml}`).toBeLessThanOrEqual(SHOP_HTML_GZIP_BUDGET_KB);
  });

  it('names no product beyond the Featured ones, however many the catalogue holds', () => {
    expect(catalogue.length).toBeGreaterThan(SHOP_FEATURED_COUNT);
    // Every product record in the page (island props are HTML-escaped JSON, a JSON string prop escaped once more).
    const text = html.replaceAll('&quot;', '"').replaceAll('\\"', '"');
    const skus = new Set([...text.matchAll(/"sku":"([^"]+)"/g)].map((m) => m[1]));
    const present = catalogue.filter((p) => skus.has(p.sku));
    expect(present.map((p) => p.id)).toEqual(catalogue.slice(0, SHOP_FEATURED_COUNT).map((p) => p.id));
  });

  it('hands its islands props of a fixed size: the Featured products and the brand tiles', () => {
    const props = [...html.matchAll(/<astro-island\b[^>]*\bprops="([^"]*)"/g)].map((m) => m[1]!.length);
    expect(props.length).toBeGreaterThan(0);
    // Ten products with their details and a dozen tiles: about 36 KB escaped (the whole catalogue was 488 KB at 177 products).
    const total = props.reduce((a, b) => a + b, 0);
    expect(total / 1024, 'KB of escaped island props').toBeLessThanOrEqual(64);
  });
});
