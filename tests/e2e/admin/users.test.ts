// Staff look after customers in the back office (issue #13): the Users view. At 1440 px a customer
// signed in to the shop is blocked by a super admin through the confirmation; the customer's very
// next click in the shop finds them signed out, and signing in again is refused with the blocked
// message; staff unblock them from the customer's detail and they sign in again. Staff delete a
// customer through the confirmation and then meet 'No users found' searching for them. At 375 and
// 1440 px axe checks the list, the detail panel and the confirmations. With ADMIN_SHOTS_DIR set, PNGs
// of the list and the detail are saved for a person to look at.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../src/lib/schemas/auth';
import { ADMIN_USER_MESSAGES } from '../../../src/lib/schemas/admin-users';
import { expectAccessible } from '../../helpers/axe';
import { VIEWPORT_WIDTHS } from '../../helpers/browser';
import { randomUUID } from 'node:crypto';
import { DEMO_CUSTOMERS } from '../../../src/server/customers/demo';
import { CUSTOMER_PASSWORD, freshEmail, JOURNEY_TIMEOUT_MS, shoot, signInStaff, signInStaffByApi, signUpCustomer, SUPER_ADMIN, useAdminServer, useBrowserPages, waitForIsland } from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();
/** The shop checks a cached profile with GET /api/auth/me: once the customer is blocked it answers 401. */
const EXPECTED_401 = /status of 401 \(Unauthorized\) @ .*\/api\/auth\/me/;
/** The sign-in form's refused request. */
const EXPECTED_403 = /status of 403 \(Forbidden\) @ .*\/api\/auth\/login/;

/** Opens the Users view (optionally with a search in the URL) and waits for its table or empty state. */
async function openUsersView(page: Page, search = ''): Promise<void> {
  await page.goto(server.at(`/admin/dashboard/users${search}`), { waitUntil: 'domcontentloaded' });
  await waitForIsland(page.getByRole('main'));
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByRole('table', { name: 'Users, newest first' }).or(page.getByText(ADMIN_USER_MESSAGES.empty)).waitFor();
}

/** Types in the search box as staff do and waits for the URL (and list) to follow. */
async function searchUsers(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
  await page.waitForURL((url) => url.searchParams.get('q') === text);
}

/** The table row of a customer, by name. */
function rowOf(page: Page, name: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
}

/** Confirms the open confirmation with its question and button. */
async function confirm(page: Page, question: string, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: question });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

let sarahsOrders: Promise<{ approved: string; pending: string; spent: string }> | undefined;

/**
 * Once per file: the demo customer Sarah Mitchell signs in over HTTP and places two orders; staff
 * approve one. Her detail then lists both and counts the approved one's total as spent.
 */
function placeSarahsOrders(): Promise<{ approved: string; pending: string; spent: string }> {
  sarahsOrders ??= (async () => {
    const origin = server.at('');
    const sarah = DEMO_CUSTOMERS[0];
    const login = await fetch(server.at('/api/auth/login'), { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ email: sarah.email, password: sarah.password }) });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';', 1)[0]).join('; ');
    const catalog = (await (await fetch(server.at('/api/catalog'))).json()) as { products: { id: string; inStock: boolean; requestQuoteOnly?: boolean }[] };
    const product = catalog.products.find((p) => p.inStock && !p.requestQuoteOnly)!;
    const place = async (quantity: number) => {
      const response = await fetch(server.at('/api/orders'), {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          idempotencyKey: randomUUID(),
          items: [{ productId: product.id, quantity }],
          customer: { firstName: 'Sarah', lastName: 'Mitchell', email: sarah.email, phone: '07700 900123' },
          shippingAddress: { address: '4 Kiln Yard', city: 'Leeds', postalCode: 'LS1 4AP', country: 'United Kingdom' },
          payment: { cardName: 'SARAH MITCHELL', brand: 'visa', last4: '4242', expiryDate: '11/29' },
        }),
      });
      const text = await response.text();
      expect(response.status, text).toBe(201);
      return JSON.parse(text) as { id: string; orderNumber: string; total: number };
    };
    const approved = await place(2);
    const pending = await place(1);
    await (await signInStaffByApi(server, SUPER_ADMIN)).change(approved.id, { approve: true });
    const spent = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(approved.total);
    return { approved: approved.orderNumber, pending: pending.orderNumber, spent };
  })();
  return sarahsOrders;
}

/** The shop's navbar (the banner landmark). */
const banner = (page: Page) => page.getByRole('banner');

describe('staff block and unblock a signed-in customer', () => {
  it(
    'signs the customer out on their next click, refuses their sign-in, and lets them back in once unblocked',
    async () => {
      const shopper = await pages.open({ width: 1440, allowErrors: [EXPECTED_401, EXPECTED_403] });
      const email = freshEmail('Blake Harrow');
      await signUpCustomer(shopper, server, { fullName: 'Blake Harrow', email });
      await banner(shopper).getByRole('button', { name: 'Account' }).waitFor();

      const staff = await pages.open({ width: 1440 });
      await signInStaff(staff, server, SUPER_ADMIN);
      await openUsersView(staff);
      // The demo has one blocked customer already.
      await staff.getByText('1 User(s) Currently Blocked').waitFor();
      await searchUsers(staff, email);
      const row = rowOf(staff, 'Blake Harrow');
      await row.getByText('Active', { exact: true }).filter({ visible: true }).waitFor();
      await row.getByText('Just now').filter({ visible: true }).waitFor();

      await row.getByRole('button', { name: 'Block Blake Harrow' }).click();
      await confirm(staff, ADMIN_USER_MESSAGES.confirmBlock, 'Block user');
      await staff.getByText(ADMIN_USER_MESSAGES.blocked).first().waitFor();
      await row.getByText('Blocked', { exact: true }).filter({ visible: true }).waitFor();
      await staff.getByText('2 User(s) Currently Blocked').waitFor();
      expect(await staff.getByText('Blocked users cannot access the platform', { exact: false }).isVisible()).toBe(true);

      // The customer's very next click in the shop: signed out.
      await banner(shopper).getByRole('link', { name: 'Contact' }).first().click();
      await shopper.waitForURL(/\/contact\/?$/);
      await banner(shopper).getByRole('link', { name: 'Sign Up' }).first().waitFor();
      expect(await banner(shopper).getByRole('button', { name: 'Account' }).isVisible()).toBe(false);

      // Signing in again is refused with the blocked message.
      await shopper.goto(server.at('/login'), { waitUntil: 'domcontentloaded' });
      const signIn = shopper.getByRole('button', { name: /sign in/i });
      await waitForIsland(signIn);
      await shopper.getByLabel('Email address').fill(email);
      await shopper.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
      await signIn.click();
      await shopper.getByText(AUTH_MESSAGES.blocked).waitFor();
      expect(shopper.url()).toContain('/login');

      // Staff open the customer's detail (its id in the URL) and unblock them there.
      await row.getByRole('link', { name: 'Blake Harrow' }).click();
      await staff.waitForURL(/\/admin\/dashboard\/users\/[^/?]+\?q=/);
      const panel = staff.getByRole('region', { name: 'Blake Harrow' });
      await panel.getByText('No orders placed from this account yet.').waitFor();
      await panel.getByRole('button', { name: 'Unblock user' }).click();
      await confirm(staff, ADMIN_USER_MESSAGES.confirmUnblock, 'Unblock user');
      await staff.getByText(ADMIN_USER_MESSAGES.unblocked).first().waitFor();
      await panel.getByRole('button', { name: 'Block user' }).waitFor();
      await staff.getByText('1 User(s) Currently Blocked').waitFor();

      await signIn.click();
      await shopper.waitForURL(/\/shop\/?$/);
      await banner(shopper).getByRole('button', { name: 'Account' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'deletes a customer through the confirmation, after which the search finds no users',
    async () => {
      const shopper = await pages.open({ width: 1440, allowErrors: [EXPECTED_401] });
      const email = freshEmail('Della Gone');
      await signUpCustomer(shopper, server, { fullName: 'Della Gone', email });

      const staff = await pages.open({ width: 1440 });
      await signInStaff(staff, server, SUPER_ADMIN);
      await openUsersView(staff, `?q=${encodeURIComponent(email)}`);
      await rowOf(staff, 'Della Gone').getByRole('link', { name: 'Della Gone' }).click();
      const panel = staff.getByRole('region', { name: 'Della Gone' });
      await panel.getByRole('button', { name: 'Delete user' }).click();
      // Cancel first: nothing happens.
      const dialog = staff.getByRole('alertdialog', { name: ADMIN_USER_MESSAGES.confirmDelete });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await panel.getByRole('button', { name: 'Delete user' }).click();
      await confirm(staff, ADMIN_USER_MESSAGES.confirmDelete, 'Delete user');
      await staff.getByText(ADMIN_USER_MESSAGES.deleted).first().waitFor();
      // The detail closes and the list no longer has them.
      await staff.waitForURL((url) => url.pathname === '/admin/dashboard/users');
      await staff.getByText(ADMIN_USER_MESSAGES.empty).waitFor();

      await banner(shopper).getByRole('link', { name: 'Contact' }).first().click();
      await banner(shopper).getByRole('link', { name: 'Sign Up' }).first().waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe.each(VIEWPORT_WIDTHS)('the Users view at %i px', (width) => {
  it(
    'is accessible with the list, a customer\'s detail and the confirmations',
    async () => {
      const orders = await placeSarahsOrders();
      const page = await pages.open({ width });
      await signInStaff(page, server, SUPER_ADMIN);
      await openUsersView(page);
      await page.getByRole('link', { name: 'Sarah Mitchell', exact: true }).waitFor();
      await expectAccessible(page, `the Users view at ${width} px`);
      await shoot(page, `users-${width}`);

      // The filter lives in the URL.
      await page.getByLabel('Status').selectOption('blocked');
      await page.waitForURL((url) => url.searchParams.get('status') === 'blocked');
      await page.getByRole('link', { name: 'Lena Novak', exact: true }).waitFor();
      // The list follows the URL once the blocked page has arrived.
      await expect.poll(() => page.getByRole('link', { name: 'Sarah Mitchell', exact: true }).count()).toBe(0);
      await page.getByLabel('Status').selectOption('all');

      await page.getByRole('link', { name: 'Sarah Mitchell', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Sarah Mitchell' });
      await panel.getByText('Total spent', { exact: true }).waitFor();
      await panel.getByText(orders.approved).waitFor();
      await panel.getByText(orders.pending).waitFor();
      // Only the approved order counts as spent; the pending one does not.
      expect(await panel.locator('dt', { hasText: /^Total spent$/ }).locator('xpath=following-sibling::dd[1]').textContent()).toBe(orders.spent);
      await expectAccessible(page, `a customer's detail at ${width} px`);
      await shoot(page, `users-detail-${width}`);

      await panel.getByRole('button', { name: 'Block user' }).click();
      const dialog = page.getByRole('alertdialog', { name: ADMIN_USER_MESSAGES.confirmBlock });
      await dialog.waitFor();
      await expectAccessible(page, `the block confirmation at ${width} px`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await panel.getByRole('button', { name: 'Block user' }).waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
