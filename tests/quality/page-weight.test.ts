// What every page type's first paint waits for (issue #15 item 3), on the built pages the e2e
// server serves (SHOP_DIST_DIR for another build): no stylesheet request, an inlined stylesheet cut
// to the page (the storefront's whole one is about 92 KB) and a compressed page that arrives in
// few round trips. /shop's own budget is in shop-html-size.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';

const clientDir = join(resolve(process.env.SHOP_DIST_DIR || 'dist'), 'client');

/** Brotli KB budget of each page type's HTML (measured 15.8-25.4 KB at 177 products, fonts and styles of issue #15 in). */
const PAGES: Record<string, number> = {
  '/': 28,
  '/login': 18,
  '/checkout': 18,
  '/about': 22,
  '/products/decorative-paints': 28,
  '/vendors/devoe-coatings': 28,
};
/** The most stylesheet a page inlines, KB (no page type needs more than about 55). */
const INLINE_CSS_MAX_KB = 64;

/** The pre-rendered HTML of a route. */
function readPage(route: string): string {
  const file = join(clientDir, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  expect(existsSync(file), `${file} exists`).toBe(true);
  return readFileSync(file, 'utf8');
}

describe.each(Object.entries(PAGES))('%s', (route, budgetKb) => {
  const html = readPage(route);

  it('asks for no stylesheet before it can paint and inlines only the styles it uses', () => {
    expect(html.match(/<link\b[^>]*rel=["']?stylesheet[^>]*>/gi) ?? []).toEqual([]);
    const inlined = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce((n, m) => n + m[1]!.length, 0);
    expect(inlined / 1024, 'KB of inlined CSS').toBeLessThanOrEqual(INLINE_CSS_MAX_KB);
  });

  it(`is at most ${budgetKb} KB brotli`, () => {
    const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    expect(br / 1024, `brotli KB of ${route}`).toBeLessThanOrEqual(budgetKb);
  });
});
