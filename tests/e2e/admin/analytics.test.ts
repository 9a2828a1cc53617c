// The overview and analytics as staff use them (issue #13 items 4-5): two shoppers order, the order
// manager approves both, and a super admin opens the dashboard (the cards count them, the activity
// tells the approvals) and Analytics (the period chooser in the URL, the uPlot charts drawn, the
// table beside them with today's exact figures, the best sellers, the CSV link). axe at a phone
// and a desktop width. Runs on a server of its own.
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../../src/lib/analytics/days';
import { formatMoney, roundToCents } from '../../../src/lib/money';
import type { Order } from '../../../src/lib/schemas/order';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { BUYABLE } from '../checkout/checkout-helpers';
import { freshEmail, JOURNEY_TIMEOUT_MS, placeOrderByApi, shoot, signInStaff, signInStaffByApi, ORDER_MANAGER, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** The two orders staff approved, placed before any page opens. */
let placed: [Order, Order];

beforeAll(async () => {
  const first = await placeOrderByApi(server, { firstName: 'Amelia', lastName: 'Hartley', email: freshEmail('amelia') }, [{ productId: BUYABLE[0]!.id, quantity: 2 }]);
  const second = await placeOrderByApi(server, { firstName: 'Bogdan', lastName: 'Ivanov', email: freshEmail('bogdan') }, [
    { productId: BUYABLE[0]!.id, quantity: 1 },
    { productId: BUYABLE[1]!.id, quantity: 3 },
  ]);
  const staff = await signInStaffByApi(server, ORDER_MANAGER);
  await staff.change(first.id, { approve: true });
  await staff.change(second.id, { approve: true });
  placed = [first, second];
}, JOURNEY_TIMEOUT_MS);

/** The sum of both orders' totals as the views write it. */
function bothTotals(): string {
  return formatMoney(roundToCents(placed[0].total) + roundToCents(placed[1].total));
}

/** The shop's zone (the server's default). */
const ZONE = 'America/Chicago';

/** A day (YYYY-MM-DD) as the day table writes it. */
function dayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

async function openAnalytics(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'Analytics' }).first().click();
  await page.waitForURL(/\/admin\/dashboard\/analytics/);
  await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor();
  await page.getByRole('region', { name: 'Figures by day' }).waitFor();
}

describe('the overview and analytics after two approved orders', () => {
  it('counts both orders on the dashboard and tells who approved them', async () => {
    const page = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const orders = page.locator('dl > div').filter({ has: page.getByText('Orders', { exact: true }) });
    await expect.poll(() => orders.locator('dd').first().textContent()).toMatch(/^2/);
    const revenue = page.locator('dl > div').filter({ has: page.getByText('Revenue', { exact: true }) });
    expect(await revenue.locator('dd').first().textContent()).toContain(bothTotals());
    const activity = page.getByRole('region', { name: 'Recent activity' }).or(page.locator('section[aria-labelledby="activity-heading"]'));
    for (const order of placed) await expect.poll(() => activity.getByText(`Omar Reyes approved order ${order.orderNumber}`).count()).toBe(1);
    // An activity line leads to the order.
    await activity.getByRole('link', { name: `Omar Reyes approved order ${placed[1].orderNumber}` }).click();
    await page.waitForURL(new RegExp(`/admin/dashboard/orders/${placed[1].id}$`));
  }, JOURNEY_TIMEOUT_MS);

  it('draws the charts with a table of the right figures, and keeps the period in the URL', async () => {
    const page = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);
    await openAnalytics(page);
    // uPlot draws on canvases inside the chart figures.
    for (const title of ['Revenue by day', 'Orders and new customers by day']) {
      const chart = page.getByRole('img', { name: `${title} chart; the figures are in the table below` });
      await chart.locator('canvas').first().waitFor();
      expect((await chart.boundingBox())!.height).toBeGreaterThan(200);
    }
    // The orders' day in the shop's zone (today, unless local midnight passed since they were placed).
    const day = localDateOf(placed[0].createdAt, ZONE);
    const today = page.getByRole('region', { name: 'Figures by day' }).getByRole('row', { name: new RegExp(`^${dayLabel(day)}`) });
    // New customers that day: the demo accounts the server made at start, and any made since.
    const database = new Database(server.dbFile, { readonly: true });
    const joined = database.prepare('SELECT created_at FROM customers').all() as { created_at: string }[];
    database.close();
    const customers = joined.filter((c) => localDateOf(c.created_at, ZONE) === day).length;
    if (localDateOf(placed[1].createdAt, ZONE) === day) {
      expect(await today.getByRole('cell').allTextContents()).toEqual(['2', bothTotals(), bothTotals(), String(customers)]);
    }
    const statuses = page.getByRole('table', { name: 'Orders and their totals by status' });
    expect(await statuses.getByRole('row', { name: /^Approved/ }).getByRole('cell').allTextContents()).toEqual(['2', bothTotals()]);
    const byUnits = page.getByRole('table', { name: 'Best sellers by units sold' });
    const firstSeller = byUnits.getByRole('row').nth(1);
    // BUYABLE[1] × 3 against BUYABLE[0] × 2 + 1: a tie on units is broken by revenue.
    expect(await firstSeller.getByRole('rowheader').textContent()).toMatch(BUYABLE[0]!.price * 3 >= BUYABLE[1]!.price * 3 ? BUYABLE[0]!.name : BUYABLE[1]!.name);
    expect(await page.getByRole('link', { name: 'Download CSV of revenue and orders by day' }).getAttribute('href')).toBe('/api/admin/stats/export.csv?series=daily&days=30');

    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.waitForURL(/\/admin\/dashboard\/analytics\?days=7$/);
    await expect.poll(() => page.getByRole('region', { name: 'Figures by day' }).getByRole('row').count()).toBe(8);
    expect(await page.getByRole('button', { name: 'Last 7 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.goBack();
    await page.waitForURL(/\/admin\/dashboard\/analytics$/);
    await expect.poll(() => page.getByRole('region', { name: 'Figures by day' }).getByRole('row').count()).toBe(31);
  }, JOURNEY_TIMEOUT_MS);

  it('shows an empty state for a period without orders', async () => {
    const page = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);
    await page.goto(server.at('/admin/dashboard/analytics?from=2025-01-01&to=2025-01-31'));
    await waitForIsland(page.getByRole('main'));
    await page.getByText('No orders in this period').waitFor();
  }, JOURNEY_TIMEOUT_MS);

  for (const width of VIEWPORT_WIDTHS) {
    it(`passes axe on the overview and the analytics at ${width} px`, async () => {
      const page = await pages.open({ width, reducedMotion: 'reduce' });
      await signInStaff(page, server, SUPER_ADMIN);
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Recent activity' }).waitFor();
      await shoot(page, `overview-${width}`);
      await expectAccessible(page, `the overview at ${width} px`);
      await page.goto(server.at('/admin/dashboard/analytics'));
      await waitForIsland(page.getByRole('main'));
      await page.getByRole('region', { name: 'Figures by day' }).waitFor();
      await page.getByRole('img', { name: /^Revenue by day chart/ }).locator('canvas').first().waitFor();
      await shoot(page, `analytics-${width}`);
      await expectAccessible(page, `the analytics at ${width} px`);
    }, JOURNEY_TIMEOUT_MS);
  }
});
