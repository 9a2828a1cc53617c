// A painter on a paint's page (issue 24, items 1-3): sees the paint's sizes with their prices, price
// per gallon and stock, switches size, measures two walls with a door in the calculator, and adds
// the cheapest mix it suggests to the cart, where it shows. At 375 and 1440 px.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, VIEWPORT_WIDTHS, type TrackedPage } from '../../helpers/browser';
import { cartButton, cartDrawer, openPage, readCatalogue } from './shop-helpers';
import { measureTwoWallsAndADoor } from '../../helpers/paint-calculator';

const catalogue = readCatalogue();
const gallon = catalogue.find((p) => p.id === 'dc-ultra-interior-eggshell-1g')!;
const fiveGallon = catalogue.find((p) => p.id === 'dc-ultra-interior-eggshell-5g')!;
const SHOTS = '/tmp/shots-family';

let browser: Browser;
const opened: TrackedPage[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterEach(async () => {
  const errors = opened.flatMap((t) => t.errors);
  await Promise.all(opened.splice(0).map((t) => t.close()));
  expect(errors.join('\n'), 'console errors').toBe('');
});
afterAll(async () => {
  await browser?.close();
});

async function visit(path: string, width: number): Promise<Page> {
  const tracked = await openPage(browser, path, { width });
  opened.push(tracked);
  return tracked.page;
}

describe.each(VIEWPORT_WIDTHS)('a paint page with sizes and the calculator at %i px', (width) => {
  it('switches size, measures two walls with a door, and adds the suggested mix to the cart', async () => {
    const page = await visit(`/shop/${gallon.slug}`, width);
    const sizes = page.getByRole('navigation', { name: 'Sizes' });
    const current = sizes.locator('a[aria-current="page"]');
    await expect.poll(() => current.textContent()).toMatch(/^1 gal\$54\.99\$54\.99 per gallon(In stock|Only \d+ left)$/);
    await sizes.getByRole('link', { name: /^5 gal/ }).click();
    await page.waitForURL(`**/shop/${fiveGallon.slug}`);
    await page.getByRole('heading', { level: 1, name: fiveGallon.name }).waitFor();
    await expect.poll(() => page.getByRole('navigation', { name: 'Sizes' }).locator('a[aria-current="page"]').textContent()).toMatch(/^5 gal\$239\.99\$48\.00 per gallon/);

    await page.getByRole('button', { name: 'Calculate how much you need' }).click();
    const calculator = page.getByRole('region', { name: 'How much do you need?' });
    await calculator.waitFor();
    await calculator.getByText('Metric (m, L)').click();
    expect(await calculator.getByRole('radio', { name: 'Metric (m, L)' }).isChecked()).toBe(true);
    await measureTwoWallsAndADoor(calculator);
    const mix = calculator.getByRole('list', { name: 'The cheapest mix in stock' }).getByRole('listitem');
    await expect.poll(() => mix.allTextContents()).toEqual(['2 × 1 gal$109.98']);
    await calculator.getByText('Buy all the paint of one colour at once', { exact: false }).waitFor();
    await calculator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/paint-page-${width}.png`, fullPage: true });

    await calculator.getByRole('button', { name: 'Add these to cart' }).click();
    await page.getByRole('region', { name: /Cart notifications/ }).getByText(`2 × ${gallon.name}`, { exact: true }).waitFor();
    await cartButton(page).click();
    const drawer = cartDrawer(page);
    await drawer.getByText(gallon.name, { exact: true }).waitFor();
    await expect.poll(() => drawer.getByLabel(`Quantity of ${gallon.name}`, { exact: true }).inputValue()).toBe('2');
    await page.screenshot({ path: `${SHOTS}/paint-cart-${width}.png` });
  });

  it('remembers US units for the next paint page', async () => {
    const page = await visit(`/shop/${gallon.slug}`, width);
    await page.getByRole('button', { name: 'Calculate how much you need' }).click();
    const calculator = page.getByRole('region', { name: 'How much do you need?' });
    await calculator.getByText('US (ft, gal)').click();
    await calculator.getByRole('radio', { name: 'Total area' }).check();
    await calculator.getByLabel('Area to paint (sq ft)').fill('700');
    // 700 sq ft, two coats at 400 sq ft/gal: 3.5 gal, the cheapest mix of 1 and 5 gal cans is four 1 gal.
    await calculator.getByText(/^700 sq ft to paint, 2 coats: you need 3\.5 gal/).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Calculate how much you need' }).click();
    await page.getByRole('region', { name: 'How much do you need?' }).getByLabel('Wall 1 length (ft)').waitFor();
  });
});
