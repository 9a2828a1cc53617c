import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOnDemandPagePath, ON_DEMAND_PAGE_PATTERNS, patternOfRouteFile } from '../../../../src/server/http/route-methods';

const PAGES = new URL('../../../../src/pages', import.meta.url).pathname;

/** Every page file outside /api that is rendered on demand, as its URL pattern. */
function onDemandPageFiles(dir = PAGES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return relative(PAGES, path) === 'api' ? [] : onDemandPageFiles(path);
    if (!/\.(astro|ts)$/.test(entry.name) || !/export const prerender = false/.test(readFileSync(path, 'utf8'))) return [];
    return [patternOfRouteFile(`/pages/${relative(PAGES, path)}`.replace(/\.astro$/, '.ts'))];
  });
}

describe('the pages rendered on demand', () => {
  it('are exactly the page files that say prerender = false (the edge answers 404 for any other path)', () => {
    expect([...ON_DEMAND_PAGE_PATTERNS].sort()).toEqual(onDemandPageFiles().sort());
  });

  it('match their paths and nothing made up', () => {
    for (const path of ['/admin', '/admin/login', '/admin/dashboard', '/admin/dashboard/orders', '/shop/some-paint', '/media/products/a/b.webp', '/sitemap-products.xml']) {
      expect(isOnDemandPagePath(path), path).toBe(true);
    }
    for (const path of ['/wp-login.php', '/shop/a/b', '/administrator', '/.env', '/shop']) {
      expect(isOnDemandPagePath(path), path).toBe(false);
    }
  });
});
