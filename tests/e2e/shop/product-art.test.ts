// The product art is drawn by the server on first request (issue #15), not at build: every page
// that shows products (the shop's products view, a category page, a product page) gets every
// drawing it asks for, and each one paints, at a phone's width and a desktop's.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, scrollThrough } from '../../helpers/browser';
import { readCatalogue } from './shop-helpers';

const ART = '/images/generated/products/';
const product = readCatalogue().find((p) => p.image.startsWith(ART) && p.gallery.length > 0)!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([375, 1440])('product art at %i px', (width) => {
  it.each(['/shop?view=products', '/products/decorative-paints', `/shop/${product.slug}`])('%s: every drawing asked for answers and paints', async (path) => {
    const tracked = await newPage(browser, { width });
    try {
      const { page } = tracked;
      const answers: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith(ART)) answers.push(`${response.status()} ${response.headers()['content-type']} ${url.pathname}`);
      });
      await page.goto(urlOf(path), { waitUntil: 'load' });
      // The shop's products view draws its cards once its island has the catalogue: the static
      // page's own drawings (its categories view) go while the list loads, so wait for the list's.
      const shown = path.startsWith('/shop?view=products') ? `ul[aria-label$=": products"] img[src^="${ART}"]` : `img[src^="${ART}"]`;
      await page.locator(shown).first().waitFor({ state: 'attached' });
      await scrollThrough(page);
      await tracked.settle();
      const drawn = await page.evaluate((art) => {
        const images = [...document.querySelectorAll('img')].filter((img) => new URL(img.currentSrc || img.src, location.href).pathname.startsWith(art));
        return { named: images.length, loaded: images.filter((img) => img.complete && img.naturalWidth > 0).length, broken: images.filter((img) => img.complete && img.naturalWidth === 0 && img.currentSrc).map((img) => img.currentSrc) };
      }, ART);
      expect(drawn.named, 'product images on the page').toBeGreaterThan(0);
      expect(drawn.broken).toEqual([]);
      expect(drawn.loaded).toBeGreaterThan(0);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.filter((a) => !a.startsWith('200 image/svg+xml') && !a.startsWith('304 '))).toEqual([]);
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});
