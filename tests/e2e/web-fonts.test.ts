// The storefront's web fonts (src/layouts/BaseLayout.astro): a first visit paints in metric-matched
// local fallbacks and asks for the two web fonts only after the page has loaded and painted, so on
// a slow line they never come before the page's own text, images and scripts; once both have
// loaded, later pages declare them before their first paint. The fallbacks are sized to the web
// fonts: the swap moves nothing on the first screen, and hardly a line below it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../helpers/base-url';
import { expectNoBrowserErrors, launchBrowser, newPage } from '../helpers/browser';
import { usePagePerTest } from '../helpers/page-per-test';

const pages = usePagePerTest();

/** The key BaseLayout's inline script sets once both web fonts have loaded. */
const FONTS_CACHED_KEY = 'web-fonts';

/** Where the page's headings, paragraphs, list items and links are (document coordinates, CSS px). */
function textBoxes(page: Page): Promise<{ top: number; height: number; text: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main h1, main h2, main h3, main p, main li, main a, main button, main label')].map((element) => {
      const box = element.getBoundingClientRect();
      return { top: Math.round(box.top + scrollY), height: Math.round(box.height), text: `${element.tagName} ${element.textContent!.trim().slice(0, 60)}` };
    }),
  );
}

/**
 * On /shop, waits for the live catalogue: its Featured grid and brand counts replace the built ones
 * (other files' orders move stock on the shared server), so both pages compared show the same cards.
 */
async function liveCatalogue(page: Page, path: string): Promise<void> {
  if (path === '/shop') await page.locator('[data-shop-ready="true"]').waitFor({ state: 'attached' });
}

/** Boxes by their text and its occurrence on the page ('P Price $5' #2). */
function keyed(boxes: { top: number; height: number; text: string }[]): Map<string, { top: number; height: number; text: string }> {
  const seen = new Map<string, number>();
  return new Map(
    boxes.map((box) => {
      const n = (seen.get(box.text) ?? 0) + 1;
      seen.set(box.text, n);
      return [`${box.text} #${n}`, box];
    }),
  );
}

describe('web fonts', () => {
  it('a first visit asks for the web fonts only after the load event, then uses them and remembers it; the next page declares them at once', async () => {
    const page = await pages.open({ width: 375 });
    const fontRequests: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontRequests.push(Date.now());
    });
    let loadedAt = 0;
    page.on('load', () => (loadedAt = Date.now()));
    await page.goto(urlOf('/login'));
    await page.waitForFunction((key) => localStorage.getItem(key) === '1', FONTS_CACHED_KEY);
    expect(fontRequests).toHaveLength(2);
    for (const at of fontRequests) expect(at).toBeGreaterThanOrEqual(loadedAt);
    const faces = await page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
    expect(faces).toEqual(expect.arrayContaining(['Inter Variable', 'Fraunces Variable']));
    expect(await page.locator('h1').first().evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Fraunces Variable", "Fraunces Fallback"/);

    // The next page: the faces are declared by the head's script, not after the load.
    await page.goto(urlOf('/checkout'), { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => (document.getElementById('web-fonts') as HTMLStyleElement).media)).toBe('all');
  });

  it('a browser without local storage still gets the web fonts after load', async () => {
    const page = await pages.open({ width: 1440, initScript: "Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });" });
    await page.goto(urlOf('/about'));
    await page.waitForFunction(() => [...document.fonts].some((f) => f.family === 'Inter Variable' && f.status === 'loaded'));
  });

});

describe('fallback fonts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [path, width] of [
    ['/login', 375],
    ['/login', 1440],
    ['/shop', 375],
    ['/shop', 1440],
    ['/products/decorative-paints', 1440],
  ] as const) {
    it(`${path} at ${width} px: the fallbacks set the first screen's lines where the web fonts do, and all but 1 % below`, async () => {
      // The web fonts refused: the page stays in its fallbacks.
      const withFallback = await newPage(browser, { width, allowErrors: [/\.woff2/, /Failed to load resource/] });
      const withFonts = await newPage(browser, { width });
      try {
        await withFallback.page.route(/\.woff2$/, (route) => route.abort());
        await withFallback.page.goto(urlOf(path));
        await liveCatalogue(withFallback.page, path);
        await withFallback.settle();
        const fallbackBoxes = await textBoxes(withFallback.page);
        expect(await withFallback.page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family))).not.toContain('Inter Variable');

        await withFonts.page.goto(urlOf(path));
        await withFonts.page.waitForFunction(() => [...document.fonts].filter((f) => f.family.endsWith('Variable') && f.status === 'loaded').length === 2);
        await liveCatalogue(withFonts.page, path);
        await withFonts.settle();
        const fontBoxes = await textBoxes(withFonts.page);

        // Boxes paired by their text (and its occurrence): what the islands draw after the load may differ in count between the two pages.
        const fallbackByKey = keyed(fallbackBoxes);
        const paired = [...keyed(fontBoxes)].filter(([key]) => fallbackByKey.has(key));
        expect(paired.length).toBeGreaterThan(fontBoxes.length * 0.9);
        const moved = paired
          .filter(([key, box]) => Math.abs(box.top - fallbackByKey.get(key)!.top) > 2 || Math.abs(box.height - fallbackByKey.get(key)!.height) > 2)
          .map(([, box]) => box);
        // What a late swap could shift on screen (the first viewport: what layout-shift scores count)
        // nothing; further down a line may wrap a word earlier or later (a card's price line at 1440 px).
        const height = withFonts.page.viewportSize()!.height;
        expect(moved.filter((box) => box.top < height), 'text boxes moved in the first screen').toEqual([]);
        expect(moved.length, `text boxes moved: ${JSON.stringify(moved)}`).toBeLessThanOrEqual(Math.ceil(paired.length / 100));
        expectNoBrowserErrors(withFallback.errors, path);
        expectNoBrowserErrors(withFonts.errors, path);
      } finally {
        await withFallback.close();
        await withFonts.close();
      }
    });
  }
});
