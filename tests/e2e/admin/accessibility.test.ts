// axe (WCAG 2.1 A/AA) on every state of the back office built so far (issue #11), at a phone and a
// desktop width: the sign-in page (empty, refused), each dashboard view, the orders list (full and
// empty), an order's panel, the decline and shipping dialogs, a toast and the phone menu. With
// ADMIN_SHOTS_DIR set, a PNG of each state is saved there for a person to look at. Runs on a server
// of its own, with orders in every status so the list looks as it does in use.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/lib/schemas/admin';
import type { Order } from '../../../src/lib/schemas/order';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { BUYABLE } from '../checkout/checkout-helpers';
import {
  expectPanelStatus,
  freshEmail,
  JOURNEY_TIMEOUT_MS,
  openAdminLogin,
  ORDER_MANAGER,
  orderPanel,
  ordersTable,
  placeOrderByApi,
  shoot,
  signInStaff,
  signInStaffByApi,
  SUPER_ADMIN,
  useAdminServer,
  useBrowserPages,
  waitForIsland,
} from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/** The refused sign-in of an unknown address answers 401, which Chromium logs. */
const REFUSED_SIGN_IN = /status of 401 \(Unauthorized\) @ .*\/api\/admin\/auth\/login/;

const CUSTOMERS = [
  ['Amelia', 'Hartley'],
  ['Bogdan', 'Ivanov'],
  ['Chloé', 'Durand'],
  ['Dmitri', 'Sokolov'],
  ['Esther', 'Mensah'],
  ['Farah', 'Haddad'],
  ['Gwen', 'Pryce-Llewellyn'],
  ['Hiro', 'Tanaka'],
  ['Isabella', 'Fernández García'],
] as const;

/** Orders in the states the views show, placed and moved on before the pages are opened. */
const orders: { pending: Order; processing: Order; shipped: Order; toApprove: Record<number, Order> } = {} as never;

beforeAll(async () => {
  const placed: Order[] = [];
  for (const [index, [firstName, lastName]] of CUSTOMERS.entries()) {
    const lines = [{ productId: BUYABLE[index % BUYABLE.length]!.id, quantity: 1 + (index % 3) }];
    if (index % 2 === 0) lines.push({ productId: BUYABLE[(index + 5) % BUYABLE.length]!.id, quantity: 1 });
    placed.push(await placeOrderByApi(server, { firstName, lastName, email: freshEmail(firstName.toLowerCase()) }, lines));
  }
  const staff = await signInStaffByApi(server, ORDER_MANAGER);
  const [approved, processing, shipped, delivered, declined, cancelled, pending, toApprove375, toApprove1440] = placed as [Order, Order, Order, Order, Order, Order, Order, Order, Order];
  for (const order of [approved, processing, shipped, delivered]) await staff.change(order.id, { approve: true });
  for (const order of [processing, shipped, delivered]) await staff.change(order.id, { status: 'processing' });
  for (const order of [shipped, delivered]) await staff.change(order.id, { status: 'shipped', carrier: 'DPD', trackingNumber: '15501234567890' });
  await staff.change(delivered.id, { status: 'delivered' });
  await staff.change(declined.id, { decline: 'The delivery address could not be verified' });
  await staff.change(cancelled.id, { status: 'cancelled' });
  Object.assign(orders, { pending, processing, shipped, toApprove: { 375: toApprove375, 1440: toApprove1440 } });
}, JOURNEY_TIMEOUT_MS);

/** Saves the page's picture as `<name>-<width>` when asked to, then checks it once nothing is loading (a list fades while it loads). */
async function check(page: Page, name: string, width: number): Promise<void> {
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  await shoot(page, `${name}-${width}`);
  await expectAccessible(page, `${name} at ${width} px`);
}

/** Opens a dashboard URL in the signed-in page and waits for the island. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(server.at(path), { waitUntil: 'domcontentloaded' });
  await waitForIsland(page.getByRole('main'));
}

describe.each(VIEWPORT_WIDTHS)('the back office at %i px has no WCAG 2.1 A/AA violations', (width) => {
  let login: Page;
  let page: Page;

  it('on the sign-in page', async () => {
    login = await pages.keep({ width, reducedMotion: 'reduce', allowErrors: [REFUSED_SIGN_IN] });
    await openAdminLogin(login, server);
    await check(login, 'login', width);
  });

  it('on the sign-in page refusing a wrong password in its red alert', async () => {
    await login.getByLabel('Email address').fill('nobody@example.com');
    await login.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
    await login.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
    await login.getByRole('alert').getByText(ADMIN_MESSAGES.invalidCredentials).waitFor();
    await check(login, 'login-refused', width);
  });

  it('on the overview', async () => {
    page = await pages.keep({ width, reducedMotion: 'reduce' });
    await signInStaff(page, server, SUPER_ADMIN);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await check(page, 'overview', width);
  });

  it.each([
    ['/admin/dashboard/products', 'Products'],
    ['/admin/dashboard/users', 'Users'],
    ['/admin/dashboard/analytics', 'Analytics'],
    ['/admin/dashboard/enquiries', 'Enquiries'],
    ['/admin/dashboard/staff', 'Staff'],
    ['/admin/dashboard/audit', 'Audit log'],
    ['/admin/dashboard/products?section=bulk', 'Products'],
  ] as const)('on %s', async (path, heading) => {
    await visit(page, path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await check(page, path.split('/').pop()!.replace(/\W+/g, '-'), width);
  });

  it('on the orders list with orders in every status', async () => {
    await visit(page, '/admin/dashboard/orders');
    await ordersTable(page).getByRole('link', { name: orders.shipped.orderNumber }).waitFor();
    await check(page, 'orders-list', width);
  });

  it.runIf(width < 1024)('in the phone menu', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await check(page, 'menu', width);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
  });

  it('on a pending order’s panel', async () => {
    await visit(page, `/admin/dashboard/orders/${orders.pending.id}`);
    const panel = orderPanel(page, orders.pending.orderNumber);
    await expectPanelStatus(panel, 'Pending');
    await panel.getByText('Order placed').first().waitFor();
    await check(page, 'order-panel', width);
  });

  it('in the decline dialog refusing an empty reason', async () => {
    await orderPanel(page, orders.pending.orderNumber).getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: `Decline ${orders.pending.orderNumber}?` });
    await dialog.getByRole('button', { name: 'Confirm decline' }).click();
    await dialog.getByText(ADMIN_MESSAGES.declineReasonRequired).waitFor();
    await check(page, 'decline-dialog', width);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('in the shipping dialog', async () => {
    await visit(page, `/admin/dashboard/orders/${orders.processing.id}`);
    await orderPanel(page, orders.processing.orderNumber).getByRole('button', { name: 'Mark as shipped' }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${orders.processing.orderNumber} as shipped` });
    await dialog.waitFor();
    await check(page, 'ship-dialog', width);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('on a shipped order’s panel with its tracking, and with the success toast over it', async () => {
    await visit(page, `/admin/dashboard/orders/${orders.shipped.id}`);
    await orderPanel(page, orders.shipped.orderNumber).getByText('15501234567890').waitFor();
    await shoot(page, `order-panel-shipped-${width}`);
    const toApprove = orders.toApprove[width]!;
    await visit(page, `/admin/dashboard/orders/${toApprove.id}`);
    await orderPanel(page, toApprove.orderNumber).getByRole('button', { name: 'Approve' }).click();
    await page.getByText(ADMIN_MESSAGES.approved).waitFor();
    await check(page, 'toast', width);
  });
});
