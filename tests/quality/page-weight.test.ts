// What every page type's first paint waits for (issue #15 item 3), on the built pages the e2e
// server serves (SHOP_DIST_DIR for another build): no stylesheet request, an inlined stylesheet cut
// to the page (the storefront's whole one is about 92 KB), a compressed page that arrives in few
// round trips, and every module its scripts import statically announced by the page itself, so
// none waits for the module importing it. /shop's own budget is in shop-html-size.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
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

/** Static import specifiers of a built module. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+\.js)["']/g)].map((m) => m[1]!);
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

  it('names every module its scripts import statically, so none waits on another to be found', () => {
    const named = new Set(
      [...html.matchAll(/<(?:script\b[^>]*\bsrc|link\b[^>]*rel=["']?modulepreload["']?[^>]*\bhref)=["']([^"']+)["']/gi)].map((m) => m[1]!),
    );
    const entries = [...html.matchAll(/<script\b[^>]*\btype=["']?module["']?[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]!);
    const missing: string[] = [];
    for (const entry of entries) {
      for (const specifier of staticImports(readFileSync(join(clientDir, entry), 'utf8'))) {
        const path = specifier.startsWith('/') ? specifier : posix.join(posix.dirname(entry), specifier);
        if (!named.has(path)) missing.push(`${path} (imported by ${entry})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
