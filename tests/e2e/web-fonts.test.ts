// The storefront's web fonts (src/layouts/BaseLayout.astro): a first visit's page stays in
// metric-matched local fallbacks and fetches the two web fonts only after it has loaded and painted,
// for the next page (nothing on it moves, nor is laid out again); once both have arrived, later
// pages declare them before their first paint. The fallbacks are sized to the web fonts: a first
// page and the next look alike, the first screen's lines where they are, and hardly a line below.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../helpers/base-url';
import { expectNoBrowserErrors, launchBrowser, newPage } from '../helpers/browser';
import { usePagePerTest } from '../helpers/page-per-test';

const pages = usePagePerTest();

/** The key BaseLayout's inline script sets once both web fonts have loaded. */
const FONTS_CACHED_KEY = 'web-fonts';

/** A text box: its top and height in document coordinates, its left and right in the viewport (CSS px). */
interface TextBox {
  top: number;
  height: number;
  left: number;
  right: number;
  /** Whether it is seen: not hidden, nor transparent (the home carousel's other slides lie under the first). */
  visible: boolean;
  text: string;
}

/** Where the page's headings, paragraphs, list items and links are. */
function textBoxes(page: Page): Promise<TextBox[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main h1, main h2, main h3, main p, main li, main a, main button, main label')].map((element) => {
      const box = element.getBoundingClientRect();
      return {
        top: Math.round(box.top + scrollY),
        height: Math.round(box.height),
        left: Math.round(box.left),
        right: Math.round(box.right),
        visible: element.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
        text: `${element.tagName} ${element.textContent!.trim().slice(0, 60)}`,
      };
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

/** The font Chromium draws the text of the first element matching `selector` with (its own answer, not the CSS stack). */
async function drawnFont(page: Page, selector: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    return fonts.map((font) => font.familyName).join('+');
  } finally {
    await cdp.detach();
  }
}

/** The font families the page has loaded. */
function loadedFamilies(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family));
}

/** Waits until both web fonts have loaded on the page. */
async function webFontsLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.fonts].filter((f) => f.family.endsWith('Variable') && f.status === 'loaded').length === 2);
}

/** Boxes by their text and its occurrence on the page ('P Price $5' #2). */
function keyed(boxes: TextBox[]): Map<string, TextBox> {
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
  it('a first visit fetches the web fonts only after the load event, for the next page, which declares them at once; the first stays in its fallbacks', async () => {
    const page = await pages.open({ width: 375 });
    await page.goto(urlOf('/login'));
    await page.waitForFunction((key) => localStorage.getItem(key) === '1', FONTS_CACHED_KEY);
    // The page's own clock: each font's request started during or after the load event.
    const timing = await page.evaluate(() => ({
      loadEventStart: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      fonts: performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('.woff2')).map((entry) => entry.startTime),
    }));
    expect(timing.fonts).toHaveLength(2);
    for (const at of timing.fonts) expect(at).toBeGreaterThanOrEqual(timing.loadEventStart);
    // This page's text stays as it was painted: the web fonts' faces are not declared here.
    expect(await loadedFamilies(page)).not.toContain('Inter Variable');
    expect(await page.evaluate(() => (document.getElementById('web-fonts') as HTMLStyleElement).media)).toBe('not all');
    expect(await page.locator('h1').first().evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"Fraunces Variable", "Fraunces Fallback"/);
    expect(await drawnFont(page, 'h1')).not.toBe('Fraunces');

    // The next page: the faces are declared by the head's script, not after the load, and used.
    await page.goto(urlOf('/checkout'), { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => (document.getElementById('web-fonts') as HTMLStyleElement).media)).toBe('all');
    await webFontsLoaded(page);
  });

  it('a browser without local storage declares the web fonts from the first paint (it could never remember them)', async () => {
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
    // Lighthouse's phone (the heading wrapped onto a third line in Chromium when the fallbacks were one face per family).
    ['/shop', 412],
    ['/shop', 1440],
    ['/', 390],
    ['/products/decorative-paints', 1440],
  ] as const) {
    it(`${path} at ${width} px: the fallbacks set the first screen's lines where the web fonts do, and wrap all but 1 % of the others alike`, async () => {
      // The web fonts refused: the page stays in its fallbacks.
      const withFallback = await newPage(browser, { width, allowErrors: [/\.woff2/, /Failed to load resource/] });
      const withFonts = await newPage(browser, { width });
      try {
        await withFallback.page.route(/\.woff2$/, (route) => route.abort());
        await withFallback.page.goto(urlOf(path));
        await liveCatalogue(withFallback.page, path);
        await withFallback.settle();
        const fallbackBoxes = await textBoxes(withFallback.page);
        expect(await loadedFamilies(withFallback.page)).not.toContain('Inter Variable');

        // A later page: the web fonts declared from its first paint, as optional fonts, drawn when
        // they come within the browser's block period (from the HTTP cache: loaded again until they do).
        await withFonts.page.addInitScript((key) => localStorage.setItem(key, '1'), FONTS_CACHED_KEY);
        for (let attempt = 0; attempt < 4; attempt += 1) {
          await withFonts.page.goto(urlOf(path));
          await webFontsLoaded(withFonts.page);
          if ((await drawnFont(withFonts.page, 'h1')) === 'Fraunces') break;
        }
        expect(await drawnFont(withFonts.page, 'h1')).toBe('Fraunces');
        // And the body text: the first element of main seen, set in Inter, with text of its own.
        await withFonts.page.evaluate(() =>
          [...document.querySelectorAll('main *')]
            .find(
              (e) =>
                getComputedStyle(e).fontFamily.startsWith('"Inter Variable"') &&
                e.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
                e.getBoundingClientRect().width > 1 &&
                [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent!.trim()),
            )!
            .setAttribute('data-font-probe', ''),
        );
        expect(await drawnFont(withFonts.page, '[data-font-probe]')).toBe('Inter');
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
        const { width: viewWidth, height } = withFonts.page.viewportSize()!;
        const onScreen = (box: TextBox) => box.visible && box.top < height && box.right > 0 && box.left < viewWidth;
        expect(moved.filter(onScreen), 'text boxes moved in the first screen').toEqual([]);
        // Below it, a box wrapped onto more or fewer lines moves all after it, however far: count the rewrapped ones.
        const rewrapped = paired.filter(([key, box]) => Math.abs(box.height - fallbackByKey.get(key)!.height) > 2).map(([, box]) => box);
        expect(rewrapped.length, `text boxes wrapped differently: ${JSON.stringify(rewrapped)}`).toBeLessThanOrEqual(Math.ceil(paired.length / 100));
        expectNoBrowserErrors(withFallback.errors, path);
        expectNoBrowserErrors(withFonts.errors, path);
      } finally {
        await withFallback.close();
        await withFonts.close();
      }
    });
  }
});
