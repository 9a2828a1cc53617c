// A shopper opens a hazardous product's page: the hazard pictograms (named by their official names),
// the signal word, the hazard statements and the label reminder are there before the Add to Cart
// button, on a phone and a desktop, and the page has no WCAG 2.1 A/AA violation. The shop's
// quick-view modal shows the same block above its Add to Cart button.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../../helpers/axe';
import { urlOf } from '../../helpers/base-url';
import { launchBrowser, newPage, VIEWPORT_WIDTHS } from '../../helpers/browser';
import { productList, searchBox, waitForShop } from './shop-helpers';

const AEROSOL = '/shop/rustoleum-painters-touch-2x-flat-black-12oz';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(VIEWPORT_WIDTHS)('a hazardous product at %i px', (width) => {
  it('shows pictograms, signal word and statements before it can be added, with no accessibility violation', async () => {
    const tracked = await newPage(browser, { width, reducedMotion: 'reduce' });
    try {
      const { page } = tracked;
      await page.goto(urlOf(AEROSOL), { waitUntil: 'load' });
      const safety = page.getByRole('region', { name: 'Safety information' });
      await safety.waitFor();
      for (const name of ['Flame', 'Exclamation mark']) expect(await safety.getByRole('img', { name }).isVisible()).toBe(true);
      expect(await safety.getByText('Danger', { exact: true }).isVisible()).toBe(true);
      expect(await safety.getByText('Extremely flammable aerosol.').isVisible()).toBe(true);
      expect(await safety.getByText('Always read the label and product information before use.').isVisible()).toBe(true);
      const add = page.getByRole('button', { name: /Add to Cart/ });
      await add.waitFor();
      // The safety block comes first in reading order, so a shopper meets it before the button.
      const before = await safety.evaluate((el, button) => Boolean(el.compareDocumentPosition(button!) & Node.DOCUMENT_POSITION_FOLLOWING), await add.elementHandle());
      expect(before).toBe(true);
      const box = [await safety.boundingBox(), await add.boundingBox()];
      expect(box[0]!.y).toBeLessThan(box[1]!.y);
      await expectAccessible(page, 'the hazardous product page');
      await page.screenshot({ path: `/tmp/shots-hazard/e2e-product-${width}.png`, fullPage: false }).catch(() => undefined);
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});

describe('a product without hazard data', () => {
  it('shows its VOC label line and no hazard pictograms', async () => {
    const tracked = await newPage(browser, { width: 1440, reducedMotion: 'reduce' });
    try {
      const { page } = tracked;
      await page.goto(urlOf('/shop/dc-ultra-interior-eggshell-1g'), { waitUntil: 'load' });
      const safety = page.getByRole('region', { name: 'Safety information' });
      await safety.getByText('EU limit value for this product (cat. A/b): 100 g/l (2010). This product contains max 50 g/l VOC.').waitFor();
      expect(await safety.getByRole('img').count()).toBe(0);
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});

describe.each(VIEWPORT_WIDTHS)("the shop's quick view of a hazardous product at %i px", (width) => {
  it('shows the safety block above its Add to Cart button', async () => {
    const tracked = await newPage(browser, { width, reducedMotion: 'reduce' });
    try {
      const { page } = tracked;
      await page.goto(urlOf('/shop?view=products'), { waitUntil: 'load' });
      await waitForShop(page);
      await searchBox(page).fill('RO-PT2X-249127');
      await page.getByText(/^1 result for RO-PT2X-249127$/).waitFor();
      await productList(page).getByRole('link', { name: /Painter's Touch 2X Ultra Cover Spray Paint Flat Black/ }).click();
      const dialog = page.getByRole('dialog', { name: /Painter's Touch 2X Ultra Cover Spray Paint Flat Black/ });
      const safety = dialog.getByRole('region', { name: 'Safety information' });
      await safety.waitFor();
      for (const name of ['Flame', 'Exclamation mark']) expect(await safety.getByRole('img', { name }).isVisible()).toBe(true);
      expect(await safety.getByText('Danger', { exact: true }).isVisible()).toBe(true);
      expect(await safety.getByText('Extremely flammable aerosol.').isVisible()).toBe(true);
      expect(await safety.getByText('Always read the label and product information before use.').isVisible()).toBe(true);
      const add = dialog.getByRole('button', { name: /Add to Cart/ });
      const box = [await safety.boundingBox(), await add.boundingBox()];
      expect(box[0]!.y).toBeLessThan(box[1]!.y);
      await safety.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/shots-safetyui/quick-view-${width}.png` }).catch(() => undefined);
      await expectAccessible(page, 'the quick view of a hazardous product');
      expect(tracked.errors).toEqual([]);
    } finally {
      await tracked.close();
    }
  });
});
