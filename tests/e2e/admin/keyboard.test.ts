// The back office with the keyboard alone (issue #11): staff sign in with Tab, typing and Enter,
// reach the orders list from the sidebar, open an order, open and leave the decline dialog (focus
// kept inside it, Escape closes it and gives focus back) and approve the order. Every stop of the
// Tab key shows where focus is, and no pointer is used at all. Runs on a server of its own.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/lib/schemas/admin';
import { hasFocus } from '../../helpers/wait';
import { BUYABLE } from '../checkout/checkout-helpers';
import {
  expectPanelStatus,
  freshEmail,
  JOURNEY_TIMEOUT_MS,
  openAdminLogin,
  orderPanel,
  orderRow,
  ordersTable,
  placeOrderByApi,
  SUPER_ADMIN,
  useAdminServer,
  useBrowserPages,
  waitForIsland,
} from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** Counts pointer presses on the page (none may happen in a keyboard-only pass). */
const COUNT_POINTER = `window.__pointerPresses = 0; addEventListener('pointerdown', () => { window.__pointerPresses += 1; }, true);`;

/** A page for keyboard-only use, counting any pointer press. */
function openKeyboardPage(width: number): Promise<Page> {
  return pages.open({ width, reducedMotion: 'reduce', initScript: COUNT_POINTER });
}

/** The pointer presses the page saw since it loaded. */
function pointerPresses(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __pointerPresses: number }).__pointerPresses);
}

/**
 * Describes the focused element when focus cannot be seen: no outline or box shadow on it or on the
 * two elements around it (a table cell draws the ring of its link), or it lies off screen. Null when visible.
 */
function invisibleFocus(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'focus is on the page itself';
    const name = `${active.tagName.toLowerCase()} '${(active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40)}'`;
    const rect = active.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.bottom < 0 || rect.top > innerHeight || rect.right < 0 || rect.left > innerWidth) return `${name} is not on screen`;
    let el: HTMLElement | null = active;
    for (let depth = 0; el && depth < 3; depth += 1, el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) return null;
      if (style.boxShadow !== 'none' && depth === 0) return null;
    }
    return `${name} shows no focus ring`;
  });
}

/**
 * Where focus could not be seen during a pass. Collected rather than thrown at once, so the rest of
 * the pass still runs and the end of the test lists every such stop.
 */
const unseen = new Set<string>();

/** Notes the focused element when focus cannot be seen on it. */
async function noteFocus(page: Page, where: string): Promise<void> {
  const problem = await invisibleFocus(page);
  if (problem) unseen.add(`${where}: ${problem}`);
}

/** Fails with every stop of the pass where focus could not be seen. */
function expectFocusAlwaysVisible(): void {
  const stops = [...unseen];
  unseen.clear();
  expect(stops, 'Tab stops where focus could not be seen (no outline or ring)').toEqual([]);
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has focus, noting every stop where focus cannot
 * be seen; fails after `max` presses. Returns how many presses it took.
 */
async function tabTo(page: Page, target: Locator, { max = 30, back = false }: { max?: number; back?: boolean } = {}): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    await noteFocus(page, new URL(page.url()).pathname);
    if (await hasFocus(target)) return presses;
  }
  throw new Error(`${target} did not get focus within ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

describe('the back office with the keyboard only', () => {
  it('signs in, reaches the orders list, opens an order, leaves the decline dialog with Escape and approves it', async () => {
    const order = await placeOrderByApi(server, { firstName: 'Ines', lastName: 'Moreau', email: freshEmail('ines') }, [{ productId: BUYABLE[0]!.id, quantity: 1 }]);

    const page = await openKeyboardPage(1440);
    await openAdminLogin(page, server);

    // Sign in: Tab to the e-mail field; Enter on an empty form points at what is missing.
    const email = page.getByLabel('Email address');
    expect(await tabTo(page, email, { max: 4 })).toBeLessThanOrEqual(3);
    await page.keyboard.press('Enter');
    await page.getByText(ADMIN_MESSAGES.email).waitFor();
    expect(await hasFocus(email)).toBe(true);
    await page.keyboard.type(SUPER_ADMIN.email);
    await page.keyboard.press('Tab');
    expect(await hasFocus(page.getByLabel('Password', { exact: true }))).toBe(true);
    await page.keyboard.type(SUPER_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard$/, { waitUntil: 'commit' });
    await waitForIsland(page.getByRole('main'));

    // The first Tab offers a way past the sidebar; the sidebar's Orders opens the list.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await hasFocus(skip)).toBe(true);
    expect(await skip.isVisible()).toBe(true);
    const ordersLink = page.getByRole('navigation', { name: 'Back office views' }).getByRole('link', { name: 'Orders' });
    await tabTo(page, ordersLink, { max: 8 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard\/orders$/);
    expect(await ordersLink.getAttribute('aria-current')).toBe('page');

    // The order opens from its number in the list.
    const link = orderRow(page, order.orderNumber).getByRole('link', { name: order.orderNumber });
    await link.waitFor();
    await tabTo(page, link, { max: 20 });
    await page.keyboard.press('Enter');
    const panel = orderPanel(page, order.orderNumber);
    await expectPanelStatus(panel, 'Pending');
    const decline = panel.getByRole('button', { name: 'Decline' });
    await tabTo(page, decline, { max: 15 });

    // The decline dialog takes focus, keeps it inside, and Escape closes it with nothing changed.
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Decline ${order.orderNumber}?` });
    await dialog.waitFor();
    const reason = dialog.getByLabel('Reason for declining');
    expect(await hasFocus(reason)).toBe(true);
    const goBack = dialog.getByRole('button', { name: 'Go back' });
    const confirm = dialog.getByRole('button', { name: 'Confirm decline' });
    for (const next of [goBack, confirm, reason]) {
      await page.keyboard.press('Tab');
      expect(await hasFocus(next), `Tab moves to ${next}`).toBe(true);
      await noteFocus(page, 'the decline dialog');
    }
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(confirm), 'Shift+Tab from the first field wraps to the last button').toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByText(ADMIN_MESSAGES.declineReasonRequired).waitFor();
    expect(await hasFocus(reason), 'an empty reason sends focus back to the field').toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(decline), { timeout: 2_000 }).toBe(true);
    await expectPanelStatus(panel, 'Pending');

    // Approve is just before Decline; afterwards focus rests on the order's heading in the panel.
    await page.keyboard.press('Shift+Tab');
    expect(await hasFocus(panel.getByRole('button', { name: 'Approve' }))).toBe(true);
    await noteFocus(page, 'the order panel');
    await page.keyboard.press('Enter');
    await page.getByText(ADMIN_MESSAGES.approved).waitFor();
    await expectPanelStatus(panel, 'Approved');
    await expect.poll(() => hasFocus(panel.getByRole('heading', { name: order.orderNumber })), { timeout: 2_000 }).toBe(true);
    // From there the next Tab reaches the next action.
    await tabTo(page, panel.getByRole('button', { name: 'Mark as processing' }), { max: 3 });

    expect(await pointerPresses(page)).toBe(0);
    expect(await ordersTable(page).isVisible()).toBe(true);
    expectFocusAlwaysVisible();
  }, JOURNEY_TIMEOUT_MS);

  it('opens the phone menu from the keyboard, keeps focus in it and gives focus back on Escape', async () => {
    const page = await openKeyboardPage(375);
    await openAdminLogin(page, server);
    await tabTo(page, page.getByLabel('Email address'), { max: 4 });
    await page.keyboard.type(SUPER_ADMIN.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(SUPER_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard$/, { waitUntil: 'commit' });
    await waitForIsland(page.getByRole('main'));

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, menuButton, { max: 4 });
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    // Focus is inside the menu and stays there however far Tab goes.
    const stops = await menu.locator('a[href], button:not([disabled])').count();
    for (let i = 0; i <= stops; i += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1} stays in the menu`).toBe(true);
      await noteFocus(page, 'the phone menu');
    }
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(menuButton), { timeout: 2_000 }).toBe(true);

    // The menu's Orders link opens the list with the keyboard too.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await tabTo(page, menu.getByRole('link', { name: 'Orders' }), { max: 8 });
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/dashboard\/orders$/);
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await pointerPresses(page)).toBe(0);
    expectFocusAlwaysVisible();
  });
});
