// The navbar as a visitor uses it (spec §2.3): desktop dropdowns by mouse and keyboard, the nested
// Diamond Collection submenu, the scrolled style, the cart badge, and the full-screen mobile menu.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BADGE_CAP_TEXT, CART_STORAGE_KEY, DESKTOP_NAV_BREAKPOINT_PX, NAVBAR_SCROLL_THRESHOLD_PX } from '../../src/lib/constants';
import { urlOf } from '../helpers/base-url';
import { usePagePerTest } from '../helpers/page-per-test';
import type { NewPageOptions } from '../helpers/browser';
import { hasFocus, isScrollLocked, waitForAttribute, waitForCondition } from '../helpers/wait';

const PAINT_CATALOG = '/Catalog/diamond_paints_catalog.pdf';
const EQUIPMENT_CATALOG = '/Catalog/airless_spray_equipment_catalog.pdf';

const pages = usePagePerTest();

/** Opens a path at a width and returns the page. */
async function open(path: string, options: NewPageOptions): Promise<Page> {
  const page = await pages.open(options);
  await page.goto(urlOf(path), { waitUntil: 'load' });
  return page;
}

/** The desktop navigation inside the header. */
function mainNav(page: Page): Locator {
  return page.getByRole('banner').getByRole('navigation').filter({ visible: true }).first();
}

/** The header's cart button (its name starts with 'Cart' and may carry the count). */
function cartButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^(open )?cart\b/i }).filter({ visible: true }).first();
}

/** Seeds the persisted cart before any page script runs. */
function seedCart(lines: unknown[]): string {
  return `localStorage.setItem(${JSON.stringify(CART_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(lines))});`;
}

describe('desktop navbar at 1440 px', () => {
  it('opens the Products dropdown on hover and closes it when the pointer leaves', async () => {
    const page = await open('/about', { width: 1440 });
    const trigger = mainNav(page).getByRole('button', { name: 'Products' });
    const range = mainNav(page).getByRole('link', { name: /Decorative Paints/ });
    expect(await range.isVisible()).toBe(false);

    await trigger.hover();
    await waitForAttribute(trigger, 'aria-expanded', 'true');
    await range.waitFor({ state: 'visible' });
    expect(await range.getAttribute('href')).toBe('/products/decorative-paints');

    await page.mouse.move(700, 700);
    await waitForAttribute(trigger, 'aria-expanded', 'false');
    await range.waitFor({ state: 'hidden' });
  });

  it('keeps a clicked dropdown open after the pointer leaves and closes it on a click outside', async () => {
    const page = await pages.open({ width: 1440 });
    // Playwright's fake clock: the test moves time past the hover-close delay instead of sleeping.
    await page.clock.install();
    await page.goto(urlOf('/about'), { waitUntil: 'load' });
    const trigger = mainNav(page).getByRole('button', { name: 'Vendors' });
    const rustoleum = mainNav(page).getByRole('link', { name: 'Rustoleum', exact: true });

    await trigger.click();
    await rustoleum.waitFor({ state: 'visible' });
    expect(await rustoleum.getAttribute('href')).toBe('/vendors/rustoleum');
    await page.mouse.move(700, 700);
    // Longer than any hover-close delay: a pinned menu must still be open afterwards.
    await page.clock.runFor(600);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');

    await page.mouse.click(700, 700);
    await waitForAttribute(trigger, 'aria-expanded', 'false');
    await rustoleum.waitFor({ state: 'hidden' });
  });

  it('opens a dropdown with the keyboard and closes it with Escape, returning focus to its button', async () => {
    const page = await open('/about', { width: 1440 });
    const trigger = mainNav(page).getByRole('button', { name: 'Products' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await waitForAttribute(trigger, 'aria-expanded', 'true');
    await mainNav(page).getByRole('link', { name: /Eco-Friendly Paints/ }).waitFor({ state: 'visible' });

    // Into the panel, then back out with Escape.
    await page.keyboard.press('Tab');
    expect(await hasFocus(trigger)).toBe(false);
    await page.keyboard.press('Escape');
    await waitForAttribute(trigger, 'aria-expanded', 'false');
    expect(await hasFocus(trigger)).toBe(true);
  });

  it('shows the Diamond Collection submenu with both catalogue PDFs', async () => {
    const page = await open('/about', { width: 1440 });
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'Vendors' }).click();
    const diamond = nav.getByRole('link', { name: 'Diamond Collection', exact: true });
    await diamond.waitFor({ state: 'visible' });
    expect(await diamond.getAttribute('href')).toBe('/vendors/diamond-collection');

    const paintPdf = nav.locator(`a[href="${PAINT_CATALOG}"]`);
    const equipmentPdf = nav.locator(`a[href="${EQUIPMENT_CATALOG}"]`);
    expect(await paintPdf.isVisible()).toBe(false);

    const toggle = nav.getByRole('button', { name: /Diamond Collection/ });
    if ((await toggle.count()) > 0) await toggle.first().click();
    else await diamond.hover();
    await paintPdf.waitFor({ state: 'visible' });
    await equipmentPdf.waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: /Electrical Paints/ }).waitFor({ state: 'visible' });
    await nav.getByRole('link', { name: /Spray Equipment/ }).filter({ visible: true }).first().waitFor({ state: 'visible' });
  });

  it(`marks the header data-scrolled="true" only after scrolling past ${NAVBAR_SCROLL_THRESHOLD_PX} px`, async () => {
    const page = await open('/about', { width: 1440 });
    const header = page.getByRole('banner');
    expect(await header.getAttribute('data-scrolled')).not.toBe('true');

    await page.evaluate((y) => window.scrollTo(0, y), NAVBAR_SCROLL_THRESHOLD_PX - 20);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await header.getAttribute('data-scrolled')).not.toBe('true');

    await page.evaluate((y) => window.scrollTo(0, y), NAVBAR_SCROLL_THRESHOLD_PX + 70);
    await waitForAttribute(header, 'data-scrolled', 'true');

    await page.evaluate(() => window.scrollTo(0, 0));
    await waitForCondition(page, 'header no longer scrolled', () =>
      document.querySelector('header')?.getAttribute('data-scrolled') !== 'true',
    );
  });

  it(`shows '${BADGE_CAP_TEXT}' on the cart badge for 100 units`, async () => {
    const line = {
      product: { id: 'zinsser-bulls-eye-123', name: 'Bulls Eye 1-2-3 Primer', price: 34.99, image: '/images/generated/products/zinsser-bulls-eye-123.svg', category: 'Zinsser' },
      quantity: 100,
    };
    const page = await open('/about', { width: 1440, initScript: seedCart([line]) });
    const button = cartButton(page);
    await button.getByText(BADGE_CAP_TEXT, { exact: true }).waitFor({ state: 'visible' });
  });

  it('hides the cart badge for an empty cart', async () => {
    const page = await open('/about', { width: 1440, initScript: seedCart([]) });
    const button = cartButton(page);
    await button.waitFor({ state: 'visible' });
    expect((await button.innerText()).trim()).not.toMatch(/\d/);
  });
});

describe('mobile menu at 375 px', () => {
  /** Opens the menu from the header's menu button and returns the dialog. */
  async function openMenu(page: Page): Promise<{ dialog: Locator; button: Locator }> {
    const button = page.getByRole('banner').getByRole('button', { name: /^(open )?(main )?menu$/i });
    await button.click();
    const dialog = page.getByRole('dialog').filter({ visible: true }).first();
    await dialog.waitFor({ state: 'visible' });
    return { dialog, button };
  }

  it('opens a full-screen dialog and locks the page scroll behind it', async () => {
    const page = await open('/about', { width: 375 });
    expect(await isScrollLocked(page)).toBe(false);
    const { dialog } = await openMenu(page);
    const box = await dialog.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box, 'dialog box').not.toBeNull();
    expect(box!.x).toBeLessThanOrEqual(0.5);
    expect(box!.width).toBeGreaterThanOrEqual(viewport.width - 1);
    expect(box!.height).toBeGreaterThanOrEqual(viewport.height - 1);
    expect(await isScrollLocked(page)).toBe(true);
  });

  it('navigates when a link is chosen and the menu is closed afterwards', async () => {
    const page = await open('/about', { width: 375 });
    const { dialog } = await openMenu(page);
    await dialog.getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('dialog').filter({ visible: true }).first().waitFor({ state: 'hidden' });
    expect(await isScrollLocked(page)).toBe(false);
  });

  it(`closes when the window widens to ${DESKTOP_NAV_BREAKPOINT_PX} px or more`, async () => {
    const page = await open('/about', { width: 375 });
    const { dialog } = await openMenu(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await dialog.waitFor({ state: 'hidden' });
    await waitForCondition(page, 'scroll lock released', () => {
      const locked = (el: Element) => ['hidden', 'clip'].includes(getComputedStyle(el).overflowY);
      return !locked(document.documentElement) && !locked(document.body) && getComputedStyle(document.body).position !== 'fixed';
    });
  });

  it('closes on Escape and gives focus back to the menu button', async () => {
    const page = await open('/about', { width: 375 });
    const { dialog, button } = await openMenu(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog hides at once; its 'close' event (unlock, focus back) follows as a task.
    await waitForCondition(page, 'scroll lock released', () => !document.body.classList.contains('scroll-locked'));
    expect(await isScrollLocked(page)).toBe(false);
    expect(await hasFocus(button)).toBe(true);
  });
});
