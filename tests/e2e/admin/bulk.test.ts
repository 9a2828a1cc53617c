// The back office at volume (issue #26): staff select a page of pending orders with one checkbox,
// approve them with one confirmation that names how many, read the summary (the refused one named,
// still selected), then sort by a column header and change the page size, which the URL keeps
// across a reload. With ADMIN_SHOTS_DIR set, PNGs of the selection and its bulk bar are saved at
// 375 and 1440 px. Runs on a server of its own.
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/lib/schemas/admin';
import { TEMPLATE_COLUMNS } from '../../../src/lib/schemas/admin-imports';
import { BUYABLE } from '../checkout/checkout-helpers';
import {
  freshEmail,
  JOURNEY_TIMEOUT_MS,
  ORDER_MANAGER,
  SUPER_ADMIN,
  ordersTable,
  placeOrderByApi,
  shoot,
  signInStaff,
  signInStaffByApi,
  useAdminServer,
  useBrowserPages,
} from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** How many orders of these ids have `status` in the server's database. */
function countWithStatus(ids: string[], status: string): number {
  const db = new Database(server.dbFile, { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const row = db.prepare(`SELECT count(*) AS n FROM orders WHERE status = ? AND id IN (${ids.map(() => '?').join(', ')})`).get(status, ...ids) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/** The bulk bar over the list. */
const bulkBar = (page: Page) => page.getByRole('region', { name: 'Bulk actions' });

describe('bulk actions and sortable lists', () => {
  it('approves 20 pending orders with one confirmation, lists the one refused, and keeps sort and page size in the URL', async () => {
    const orders = [];
    for (let i = 0; i < 21; i++) orders.push(await placeOrderByApi(server, { firstName: 'Bulk', lastName: `Buyer${i}`, email: freshEmail(`bulk${i}`) }, [{ productId: BUYABLE[0]!.id, quantity: 1 + (i % 3) }]));
    // The oldest is declined by a colleague first: it will be refused when the page is approved.
    const staff = await signInStaffByApi(server, ORDER_MANAGER);
    await staff.change(orders[0]!.id, { decline: 'Duplicate order' });

    for (const width of [1440, 375]) {
      const page = await pages.open({ width, reducedMotion: 'reduce' });
      await signInStaff(page, server, ORDER_MANAGER);
      await page.goto(server.at('/admin/dashboard/orders'));
      await ordersTable(page).waitFor();
      if (width === 375) {
        // At 375 px: the selection and its bar, pictured and nothing more.
        await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
        await bulkBar(page).getByText('20 orders selected').waitFor();
        await shoot(page, 'bulk-orders-selection-375');
        continue;
      }
      // One checkbox selects the page (the 20 newest: 20 pending orders and none older).
      await page.getByRole('checkbox', { name: 'Select all orders on this page' }).check();
      const bar = bulkBar(page);
      await bar.getByText('20 orders selected').waitFor();
      await bar.getByRole('button', { name: 'Select all 21 orders matching' }).waitFor();
      // Swap the newest for the declined one, so the summary has a refusal to show.
      await page.getByRole('checkbox', { name: `Select ${orders[20]!.orderNumber}` }).uncheck();
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.getByRole('checkbox', { name: `Select ${orders[0]!.orderNumber}` }).check();
      await bar.getByText('20 orders selected').waitFor();
      await page.getByRole('button', { name: 'Page 1' }).click();
      await ordersTable(page).getByRole('link', { name: orders[19]!.orderNumber }).waitFor();
      await shoot(page, 'bulk-orders-selection-1440');

      await bar.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Approve 20 orders?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Approve 20 orders' }).click();
      const summary = bar.getByRole('status');
      await summary.getByText('Approve: 19 orders changed, 1 order refused (still selected):').waitFor();
      await summary.getByText(`${orders[0]!.orderNumber}`).waitFor();
      expect(await summary.textContent()).toContain(`${ADMIN_MESSAGES.transitionRefused} declined.`);
      await bar.getByText('1 order selected').waitFor();
      await shoot(page, 'bulk-orders-summary-1440');
      expect(countWithStatus(orders.slice(1, 20).map((o) => o.id), 'approved')).toBe(19);
      expect(countWithStatus([orders[20]!.id], 'pending')).toBe(1);
      await bar.getByRole('button', { name: 'Clear selection' }).click();

      // Sort by total, highest first (a second click turns it), and 50 a page: the URL keeps both.
      const totalHeader = ordersTable(page).getByRole('columnheader', { name: /Total/ });
      expect(await totalHeader.getAttribute('aria-sort')).toBe('none');
      await totalHeader.getByRole('button').click();
      await page.waitForURL(/sort=total%3Adesc|sort=total:desc/);
      await expect.poll(() => totalHeader.getAttribute('aria-sort')).toBe('descending');
      await page.getByLabel('Per page').selectOption('50');
      await page.waitForURL(/pageSize=50/);
      await page.reload();
      await ordersTable(page).waitFor();
      await expect.poll(() => ordersTable(page).getByRole('columnheader', { name: /Total/ }).getAttribute('aria-sort')).toBe('descending');
      expect(await page.getByLabel('Per page').inputValue()).toBe('50');
      await expect.poll(() => ordersTable(page).getByRole('row').count()).toBe(22);
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('pageSize=50'));
    }
  }, JOURNEY_TIMEOUT_MS * 2);

  it('searches orders, products and customers at once with /, opens an order with Enter and closes its panel with Escape', async () => {
    const order = await placeOrderByApi(server, { firstName: 'Palette', lastName: 'Finder', email: freshEmail('palette') }, [{ productId: BUYABLE[0]!.id, quantity: 1 }]);
    for (const width of [375, 1440]) {
      const page = await pages.open({ width, reducedMotion: 'reduce' });
      await signInStaff(page, server, SUPER_ADMIN);
      await page.goto(server.at('/admin/dashboard/orders'));
      await ordersTable(page).waitFor();
      await page.locator('body').focus();

      // '?' lists the shortcuts; Escape closes the list.
      await page.keyboard.press('?');
      const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await shortcuts.waitFor();
      await page.keyboard.press('Escape');
      await shortcuts.waitFor({ state: 'detached' });

      await page.keyboard.press('/');
      const palette = page.getByRole('dialog', { name: 'Search orders, products and customers' });
      await palette.waitFor();
      await page.keyboard.type('Palette');
      const results = palette.getByRole('listbox', { name: 'Results' });
      await results.getByRole('group', { name: 'Orders' }).getByRole('option', { name: new RegExp(order.orderNumber) }).waitFor();
      await shoot(page, `bulk-search-palette-${width}`);
      // Arrows move through every group and come round; Enter opens the active one (the order, first).
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      expect(await results.getByRole('option', { selected: true }).textContent()).toContain(order.orderNumber);
      await page.keyboard.press('Enter');
      await palette.waitFor({ state: 'detached' });
      const panel = page.getByRole('region', { name: order.orderNumber, exact: true });
      await panel.waitFor();
      await page.waitForURL(new RegExp(`/orders/${order.id}`));
      await page.locator('body').focus();
      await page.keyboard.press('Escape');
      await page.waitForURL(/\/admin\/dashboard\/orders(\?|$)/);
    }
  }, JOURNEY_TIMEOUT_MS);

  it('undoes an import from its card: the preview names the counts, one confirmation deletes what it created and nothing names', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const skus = [`UNDO-${stamp}-1`, `UNDO-${stamp}-2`];
    const page = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);
    const header = TEMPLATE_COLUMNS.join(',');
    const lines = skus.map((sku) => TEMPLATE_COLUMNS.map((c) => ({ name: `Undo Journey ${sku}`, description: 'Made by the import.', price: '8', sku, stockQuantity: '5' })[c as string] ?? '').join(','));
    const jobId = await page.evaluate(async (csv) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'undo-journey.csv');
      const response = await fetch('/api/admin/imports', { method: 'POST', body: form });
      return ((await response.json()) as { id: string }).id;
    }, [header, ...lines].join('\n') + '\n');
    await expect
      .poll(async () => page.evaluate(async (id) => ((await (await fetch(`/api/admin/imports/${id}`)).json()) as { status: string }).status, jobId), { timeout: 60_000 })
      .toBe('completed');

    await page.goto(server.at('/admin/dashboard/products?section=bulk'));
    const card = page.getByRole('region', { name: 'Last import' });
    await card.getByText('undo-journey.csv').waitFor();
    await card.getByRole('button', { name: 'Undo this import' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Undo the import of undo-journey.csv?' });
    await dialog.getByText(/2 products it created will be deleted/).waitFor();
    await dialog.getByRole('button', { name: 'Undo this import' }).click();
    await page.getByText('Import undone: 2 products deleted, 0 products withdrawn, 0 products set back').waitFor();
    const db = new Database(server.dbFile, { readonly: true });
    try {
      const row = db.prepare(`SELECT count(*) AS n FROM products WHERE sku IN (?, ?)`).get(...skus) as { n: number };
      expect(row.n).toBe(0);
    } finally {
      db.close();
    }

    // The audit log shows the import as one line, its product entries on asking, and the undo.
    await page.goto(server.at('/admin/dashboard/audit'));
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    await table.getByText('Undid the import of undo-journey.csv').waitFor();
    await table.getByText('Imported 2 products from undo-journey.csv').waitFor();
    // The products it added (and its undo deleted) are not lines of their own.
    expect((await table.getByRole('rowheader').allTextContents()).filter((t) => t.includes('Added product') && t.includes('Undo Journey'))).toEqual([]);
    await shoot(page, 'audit-import-1440');
    // Undone already: no second Undo on its line.
    expect(await table.getByRole('button', { name: 'Undo this import' }).count()).toBe(0);
    await table.getByRole('button', { name: 'Show its 2 product entries' }).click();
    await page.getByText('The products one import created or updated.').waitFor();
    await expect.poll(async () => table.getByRole('rowheader').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('Added product')]));
    expect((await table.getByRole('rowheader').allTextContents()).filter((t) => t.includes('Added product') && t.includes('Undo Journey'))).toHaveLength(2);
    await page.getByRole('button', { name: 'Back to the whole log' }).click();
    await table.getByText('Imported 2 products from undo-journey.csv').waitFor();
    await page.setViewportSize({ width: 375, height: 812 });
    await table.getByRole('button', { name: 'Show its 2 product entries' }).waitFor();
    await shoot(page, 'audit-import-375');
  }, JOURNEY_TIMEOUT_MS);

  it('sorts products by price from the Sort menu and blocks two customers with one confirmation', async () => {
    const emails = [freshEmail('blockme'), freshEmail('blockme')];
    for (const email of emails) {
      const response = await fetch(server.at('/api/auth/register'), {
        method: 'POST',
        headers: { origin: server.at(''), 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'Bulk Blockee', email, phone: '+12145550123', dateOfBirth: '1990-05-17', password: 'Harbour7!Lights', confirmPassword: 'Harbour7!Lights', acceptTerms: true }),
      });
      expect(response.status).toBe(201);
    }
    const page = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);

    await page.goto(server.at('/admin/dashboard/products'));
    await page.getByLabel('Sort').selectOption({ label: 'Price, low to high' });
    await page.waitForURL(/sort=price%3Aasc|sort=price:asc/);
    const expected = await page.evaluate(async () => {
      const body = (await (await fetch('/api/admin/products?q=&page=1&pageSize=24&sort=price:asc')).json()) as { products: { name: string; price: number }[] };
      return body.products.map((p) => p.name);
    });
    const prices = await page.evaluate(async () => {
      const body = (await (await fetch('/api/admin/products?q=&page=1&pageSize=24&sort=price:asc')).json()) as { products: { price: number }[] };
      return body.products.map((p) => p.price);
    });
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const grid = page.getByRole('list', { name: /products/i }).first();
    await expect.poll(async () => (await grid.getByRole('heading', { level: 3 }).allTextContents()).slice(0, 5)).toEqual(expected.slice(0, 5));

    await page.goto(server.at('/admin/dashboard/users?q=Bulk%20Blockee'));
    const users = page.getByRole('table', { name: /^Users/ });
    await users.getByText(emails[0]!).waitFor();
    await page.getByRole('checkbox', { name: 'Select all users on this page' }).check();
    const bar = bulkBar(page);
    await bar.getByText('2 customers selected').waitFor();
    await bar.getByRole('button', { name: 'Block', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Block 2 customers?' });
    await dialog.getByRole('button', { name: 'Block 2 customers' }).click();
    await bar.getByRole('status').getByText('Block: 2 customers changed.').waitFor();
    await expect.poll(() => users.getByText('Blocked', { exact: true }).count()).toBeGreaterThanOrEqual(2);
  }, JOURNEY_TIMEOUT_MS);

  it('raises the prices of three products by 10 % with one confirmation; the one a colleague edited meanwhile is refused and stays selected', async () => {
    const page = await pages.open({ width: 1440, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);
    await page.goto(server.at('/admin/dashboard/products'));
    const grid = page.getByRole('list', { name: 'Products' });
    await grid.getByRole('heading', { level: 3 }).first().waitFor();
    const shown = await page.evaluate(async () => {
      const body = (await (await fetch('/api/admin/products?q=&page=1&pageSize=24')).json()) as { products: { id: string; name: string; sku: string; price: number; originalPrice?: number }[] };
      // Without a reduced-from price, which a 10 % rise could reach and be refused for.
      return body.products.filter((p) => p.originalPrice === undefined || p.originalPrice === null).slice(0, 3);
    });
    expect(shown).toHaveLength(3);
    for (const product of shown) await grid.getByRole('checkbox', { name: `Select ${product.name} (${product.sku})` }).check();
    const bar = bulkBar(page);
    await bar.getByText('3 products selected').waitFor();
    await shoot(page, 'bulk-products-selection-1440');

    // A colleague saves the first one after it was selected: its version moves on.
    const stale = shown[0]!;
    const saved = await page.evaluate(async (id) => {
      const product = (await (await fetch(`/api/admin/products/${encodeURIComponent(id)}`)).json()) as Record<string, unknown>;
      const response = await fetch(`/api/admin/products/${encodeURIComponent(id)}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...product, description: `${String(product.description)} Edited meanwhile.` }) });
      return response.status;
    }, stale.id);
    expect(saved).toBe(200);

    await bar.getByRole('button', { name: 'Change price by %' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Change the price of 3 products by a percentage?' });
    await dialog.getByLabel('Percentage').fill('10');
    await dialog.getByRole('button', { name: 'Change price by % 3 products' }).click();
    await bar.getByRole('status').getByText('Change price by %: 2 products changed, 1 product refused (still selected):').waitFor();
    await bar.getByRole('status').getByRole('listitem').filter({ hasText: `${stale.name} (${stale.sku})` }).getByText('This product was changed since the selection was read.').waitFor();
    await bar.getByText('1 product selected').waitFor();
    await expect.poll(() => grid.getByRole('checkbox', { name: `Select ${stale.name} (${stale.sku})` }).isChecked()).toBe(true);

    const prices = await page.evaluate(async (ids) => {
      const all = await Promise.all(ids.map(async (id) => ((await (await fetch(`/api/admin/products/${encodeURIComponent(id)}`)).json()) as { price: number }).price));
      return all;
    }, shown.map((p) => p.id));
    expect(prices[0]).toBe(stale.price);
    expect(prices[1]).toBe(Math.round(shown[1]!.price * (1 + 10 / 100) * 100) / 100);
    expect(prices[2]).toBe(Math.round(shown[2]!.price * (1 + 10 / 100) * 100) / 100);
    await shoot(page, 'bulk-products-summary-1440');

    const narrow = await pages.open({ width: 375, reducedMotion: 'reduce' });
    await signInStaff(narrow, server, SUPER_ADMIN);
    await narrow.goto(server.at('/admin/dashboard/products'));
    await narrow.getByRole('checkbox', { name: 'Select all products on this page' }).check();
    await bulkBar(narrow).getByText(/products selected$/).waitFor();
    await bulkBar(narrow).scrollIntoViewIfNeeded();
    await shoot(narrow, 'bulk-products-selection-375');
  }, JOURNEY_TIMEOUT_MS);

  it('keeps the bell whole beside a 99+ pill at 375 and 1440 px', async () => {
    for (const width of [375, 1440]) {
      const page = await pages.open({ width, reducedMotion: 'reduce' });
      // The real summary, with more pending orders than the pill can count.
      await page.route('**/api/admin/summary', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), pendingOrders: 1234 } });
      });
      await signInStaff(page, server, SUPER_ADMIN);
      await page.goto(server.at('/admin/dashboard/products'));
      const bell = page.getByRole('link', { name: 'Pending orders: 1234' });
      await bell.getByText('99+').waitFor();
      const icon = (await bell.locator('svg').boundingBox())!;
      const pill = (await bell.getByText('99+').boundingBox())!;
      // The pill starts right of the bell's middle and ends above its lower two thirds.
      expect(pill.x).toBeGreaterThan(icon.x + icon.width / 2);
      expect(pill.y + pill.height).toBeLessThan(icon.y + icon.height / 3);
      await shoot(page, `bulk-bell-99-${width}`);
    }
  }, JOURNEY_TIMEOUT_MS);
});
