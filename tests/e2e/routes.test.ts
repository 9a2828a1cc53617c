// Every public route answers, has one visible h1, sized images with alt text, no horizontal
// overflow and no console error at phone and desktop widths; unknown paths reach the not-found
// page; the sitemap, robots.txt and each page's metadata are there for search engines.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../helpers/base-url';
import { expectNoBrowserErrors, expectNone, launchBrowser, newPage, scrollThrough, VIEWPORT_WIDTHS } from '../helpers/browser';
import { PUBLIC_ROUTES, UNKNOWN_ROUTES } from '../helpers/routes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** <img> elements lacking alt, width or height, as short HTML snippets. */
function findUnsizedImages(page: Page): Promise<string[]> {
  return page.$$eval('img', (images) =>
    images
      .filter((img) => !img.hasAttribute('alt') || !img.hasAttribute('width') || !img.hasAttribute('height'))
      .map((img) => img.outerHTML.slice(0, 160)),
  );
}

/** How far the document is wider than the viewport (0 when it fits). */
function measureOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

describe.each(VIEWPORT_WIDTHS)('public routes at %i px', (width) => {
  it.each(PUBLIC_ROUTES)('%s answers 200 with one h1, sized images, no overflow and no console error', async (route) => {
    const tracked = await newPage(browser, { width });
    try {
      const { page } = tracked;
      const response = await page.goto(urlOf(route), { waitUntil: 'load' });
      expect(response?.status(), `status of ${route}`).toBe(200);

      const headings = page.locator('h1');
      expect(await headings.count(), `h1 count on ${route}`).toBe(1);
      expect(await headings.first().isVisible(), `the h1 of ${route} is visible`).toBe(true);

      await scrollThrough(page);
      await tracked.settle();
      expectNone(await findUnsizedImages(page), `<img> without alt, width or height on ${route}`);
      expect(await measureOverflow(page), `horizontal overflow (px) on ${route}`).toBeLessThanOrEqual(0);
      expectNoBrowserErrors(tracked.errors, route);
    } finally {
      await tracked.close();
    }
  });
});

describe('page metadata', () => {
  let page: Page;
  let closePage: () => Promise<void>;
  beforeAll(async () => {
    const tracked = await newPage(browser, { width: 1440 });
    page = tracked.page;
    closePage = tracked.close;
  });
  afterAll(async () => {
    await closePage?.();
  });

  it.each(PUBLIC_ROUTES)('%s has a canonical URL, a description, og:title and Organization JSON-LD', async (route) => {
    await page.goto(urlOf(route), { waitUntil: 'domcontentloaded' });
    const meta = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '',
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
    }));

    expect(meta.canonical, 'canonical link').not.toBeNull();
    expect(new URL(meta.canonical!).pathname).toBe(route);
    expect(meta.description.trim().length, 'meta description length').toBeGreaterThan(0);
    expect(meta.ogTitle.trim().length, 'og:title length').toBeGreaterThan(0);

    const documents = meta.jsonLd.map((text) => JSON.parse(text) as unknown);
    const nodes = documents.flatMap((doc) => {
      const list = Array.isArray(doc) ? doc : [doc];
      return list.flatMap((node) =>
        node && typeof node === 'object' && '@graph' in node ? [node, ...((node as { '@graph': unknown[] })['@graph'])] : [node],
      );
    });
    const types = nodes.flatMap((node) => {
      const type = node && typeof node === 'object' ? (node as { '@type'?: unknown })['@type'] : undefined;
      return Array.isArray(type) ? type : [type];
    });
    expect(types, 'JSON-LD @type values').toContain('Organization');
  });
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
  });
});
