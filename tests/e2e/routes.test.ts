// Unknown paths reach the not-found page; the sitemap and robots.txt are there for search engines.
// Each public route itself is checked by the page sweep (tests/quality/page-sweep.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../helpers/base-url';
import { expectNoBrowserErrors, expectNone, launchBrowser, newPage } from '../helpers/browser';
import { PUBLIC_ROUTES, UNKNOWN_ROUTES } from '../helpers/routes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('unknown paths', () => {
  it.each(UNKNOWN_ROUTES)('%s answers 404 with the Under Construction page showing the attempted path', async (path) => {
    const url = urlOf(path);
    const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // The document's own 404 is what this page is for; Chromium logs it as a failed resource.
    const tracked = await newPage(browser, {
      width: 1440,
      allowErrors: [new RegExp(`^Failed to load resource: the server responded with a status of 404 .* @ ${escaped}$`)],
    });
    try {
      const { page } = tracked;
      const response = await page.goto(url, { waitUntil: 'load' });
      expect(response?.status()).toBe(404);
      await page.getByRole('heading', { name: /Under Construction/i }).first().waitFor({ state: 'visible', timeout: 5_000 });
      await page.getByText(path).first().waitFor({ state: 'visible', timeout: 5_000 });
      const home = page.getByRole('link', { name: 'Return to Home' });
      expect(await home.getAttribute('href')).toBe('/');
      expect(await page.locator('h1').count()).toBe(1);
      await tracked.settle();
      expectNoBrowserErrors(tracked.errors, path);
    } finally {
      await tracked.close();
    }
  });
});

describe('search engine files', () => {
  /** Reads the <loc> values of a sitemap XML document. */
  function readLocs(xml: string): string[] {
    return [...xml.matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)].map((m) => m[1]!);
  }

  it('/sitemap-index.xml lists sitemaps that name every public route', async () => {
    const response = await fetch(urlOf('/sitemap-index.xml'));
    expect(response.status).toBe(200);
    const index = await response.text();
    expect(index).toContain('<sitemapindex');
    const sitemaps = readLocs(index);
    expect(sitemaps.length).toBeGreaterThan(0);

    const paths = new Set<string>();
    for (const loc of sitemaps) {
      // The sitemap names the public origin (SITE_URL); fetch the same path from the server under test.
      const sitemap = await fetch(urlOf(new URL(loc).pathname));
      expect(sitemap.status, loc).toBe(200);
      for (const page of readLocs(await sitemap.text())) {
        const pathname = new URL(page).pathname;
        paths.add(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
      }
    }
    expectNone(PUBLIC_ROUTES.filter((route) => !paths.has(route)), 'routes missing from the sitemap');
  });

  it('/robots.txt exists and points to the sitemap index', async () => {
    const response = await fetch(urlOf('/robots.txt'));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^User-agent:/im);
    expect(text).toMatch(/^Sitemap:\s*\S+\/sitemap-index\.xml\s*$/im);
    // A path is kept out when a Disallow rule is a prefix of it (robots.txt, RFC 9309 §2.2.2).
    const disallowed = [...text.matchAll(/^Disallow:\s*(\S+)\s*$/gim)].map((m) => m[1]!);
    const crawlable = (path: string) => !disallowed.some((rule) => path.startsWith(rule));
    expect(['/', '/shop', '/checkout', '/login'].filter((p) => !crawlable(p))).toEqual([]);
    expect(['/checkout/success', '/admin/dashboard', '/account/orders', '/api/catalog'].filter(crawlable)).toEqual([]);
  });
});
