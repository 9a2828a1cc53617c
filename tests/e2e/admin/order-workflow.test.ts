// The order workflow of the back office as people do it (issue #11, spec §2.12, §2.13, §4, §5):
// a customer orders through the shop and checkout, an order manager signs in, sees the bell, opens
// the order and approves it, moves it to processing, shipped (with tracking) and delivered, and the
// customer sees each step in Track Your Order and gets the e-mails. A second order is declined with
// a reason and its stock goes back on sale; a third appears while staff watch the list. Runs on a
// server of its own (its own database and mail folder).
import { expect, describe, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../src/lib/schemas/admin';
import { ORDER_MESSAGES } from '../../../src/lib/schemas/order';
import {
  addFromShop,
  BUYABLE,
  continueButton,
  EXPECTED_STATUS_ERRORS,
  fillPayment,
  fillShipping,
  orderNumberOf,
  waitForCheckout,
} from '../checkout/checkout-helpers';
import {
  expectPanelStatus,
  freshEmail,
  JOURNEY_TIMEOUT_MS,
  openAdminLogin,
  ORDER_MANAGER,
  orderPanel,
  orderRow,
  ordersTable,
  pendingBell,
  placeOrderByApi,
  readMails,
  setStock,
  signInStaff,
  signUpCustomer,
  stockOf,
  timelineEntries,
  useAdminServer,
  useBrowserPages,
  waitForMail,
} from './admin-helpers';

const server = useAdminServer();
const pages = useBrowserPages();

/**
 * How long a new order may take to show in the list and the bell: they refresh every 3 s, each on
 * its own timer, and a refresh that began just before the order misses it (two periods, and a
 * fetch and a render on a machine running two browsers and two servers).
 */
const LIVE_UPDATE_MS = 8_000;

/** A shopper's own browser: the signed-out session check and a refused look-up are expected answers. */
function openShopper(width = 1440) {
  return pages.open({ width, reducedMotion: 'reduce', allowErrors: EXPECTED_STATUS_ERRORS });
}

/** Staff's browser. */
function openStaff(width = 1440) {
  return pages.open({ width, reducedMotion: 'reduce' });
}

describe('the back-office guard', () => {
  it('sends a visitor without a staff session to /admin/login, before any dashboard markup', async () => {
    for (const path of ['/admin/dashboard', '/admin/dashboard/orders']) {
      const response = await fetch(server.at(path), { redirect: 'manual' });
      expect([302, 303], `status of ${path}`).toContain(response.status);
      expect(new URL(response.headers.get('location') ?? '', server.at('/')).pathname).toBe('/admin/login');
      const body = await response.text();
      expect(body).not.toContain('admin-main');
      expect(body).not.toContain('Welcome');
    }

    const page = await openStaff();
    await page.goto(server.at('/admin/dashboard/orders'), { waitUntil: 'domcontentloaded' });
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Portal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Return to Customer Login' }).getAttribute('href')).toBe('/login');
  });

  it('shows a wrong password in the red alert and keeps the visitor on the sign-in page', async () => {
    const page = await pages.open({ width: 375, reducedMotion: 'reduce', allowErrors: [/status of 401 \(Unauthorized\) @ .*\/api\/admin\/auth\/login/] });
    await openAdminLogin(page, server);
    await page.getByLabel('Email address').fill(ORDER_MANAGER.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('not-the-password');
    // The show/hide toggle reveals what was typed.
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');

    await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
    await page.getByRole('alert').getByText(ADMIN_MESSAGES.invalidCredentials).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    expect(await page.getByLabel('Email address').inputValue()).toBe(ORDER_MANAGER.email);
  });
});

describe('an order from checkout to the customer’s door', () => {
  it('is approved, processed, shipped with tracking and delivered, and the customer sees each step and gets the e-mails', async () => {
    const product = BUYABLE[0]!;
    const email = freshEmail('marta');

    // The customer signs up and orders through the shop and the checkout.
    const shopper = await openShopper();
    await signUpCustomer(shopper, server, { fullName: 'Marta Kowalski', email });
    await addFromShop(shopper, product);
    await shopper.goto(server.at('/checkout'), { waitUntil: 'domcontentloaded' });
    await waitForCheckout(shopper);
    await expect.poll(() => shopper.getByLabel('Email address').inputValue(), { timeout: 10_000 }).toBe(email);
    await continueButton(shopper).click();
    await fillShipping(shopper);
    await continueButton(shopper).click();
    await fillPayment(shopper);
    await shopper.getByRole('button', { name: 'Complete Order' }).click();
    await shopper.waitForURL(/\/checkout\/success\?order=ORD-\d{8}$/, { waitUntil: 'commit' });
    const orderNumber = orderNumberOf(shopper);
    await shopper.getByText(/pending admin approval/).waitFor();

    // The order manager signs in, lands on Orders and sees one order waiting.
    const staff = await openStaff();
    await signInStaff(staff, server, ORDER_MANAGER);
    expect(new URL(staff.url()).pathname).toBe('/admin/dashboard/orders');
    await staff.getByText(`Welcome, ${ORDER_MANAGER.name}`).waitFor();
    await staff.getByRole('heading', { name: 'Select an Order' }).waitFor();
    const bell = pendingBell(staff);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: LIVE_UPDATE_MS }).toBe('Pending orders: 1');
    expect(await bell.textContent()).toBe('1');

    // The bell opens the pending orders; the order opens in the panel.
    await bell.click();
    await staff.waitForURL(/\/admin\/dashboard\/orders\?status=pending$/);
    expect(await staff.getByLabel('Status').inputValue()).toBe('pending');
    const row = orderRow(staff, orderNumber);
    await row.getByText('Marta Kowalski').filter({ visible: true }).waitFor();
    // The badge is drawn twice (under the number for a narrow list, in its column for a wide one); one shows.
    await row.getByText('Pending', { exact: true }).filter({ visible: true }).waitFor();
    await row.getByRole('link', { name: orderNumber }).click();
    const panel = orderPanel(staff, orderNumber);
    await panel.waitFor();
    await expectPanelStatus(panel, 'Pending');
    await panel.getByText(product.name).waitFor();
    await panel.getByText(email).waitFor();
    await timelineEntries(panel).filter({ hasText: 'Order placed' }).waitFor();

    // The bank transfer arrives: staff record it in the payment block, and the order is paid in full.
    await panel.getByRole('button', { name: 'Record a payment' }).click();
    const payDialog = staff.getByRole('dialog', { name: `Record a payment for ${orderNumber}` });
    await payDialog.getByLabel('Reference on the statement').fill(`${orderNumber} M KOWALSKI`);
    await payDialog.getByRole('button', { name: 'Record payment' }).click();
    await payDialog.waitFor({ state: 'detached' });
    await timelineEntries(panel).filter({ hasText: 'Paid in full' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Record a payment' }).count()).toBe(0);

    // Approve: the toast, the status, the timeline and the bell say so.
    await panel.getByRole('button', { name: 'Approve' }).click();
    await staff.getByText(ADMIN_MESSAGES.approved).waitFor();
    await expectPanelStatus(panel, 'Approved');
    await timelineEntries(panel).filter({ hasText: 'Order approved' }).waitFor();
    expect(await panel.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: LIVE_UPDATE_MS }).toBe('Pending orders: 0');

    // The customer sees it approved and has the confirmation e-mail.
    await shopper.goto(server.at('/account/orders'), { waitUntil: 'domcontentloaded' });
    const card = shopper.getByRole('region', { name: 'Your orders' }).getByRole('article', { name: orderNumber });
    await card.getByText('Approved', { exact: true }).waitFor();
    await card.getByText('Payment approved').waitFor();
    await card.getByRole('link', { name: /^Download invoice INV-\d{6} \(PDF\)$/ }).waitFor();
    const approvedMail = await waitForMail(server, `Order ${orderNumber} confirmed: Graphene Coatings`);
    expect(approvedMail.to).toContain(email);
    expect(approvedMail.text).toContain(orderNumber);
    expect(readMails(server).filter((m) => m.subject.includes(orderNumber)).map((m) => m.subject)).toContain(`Order ${orderNumber} received: Graphene Coatings`);

    // Processing, shipped with the carrier and tracking number, delivered.
    await panel.getByRole('button', { name: 'Mark as processing' }).click();
    await expectPanelStatus(panel, 'Processing');
    await panel.getByRole('button', { name: 'Mark as shipped' }).click();
    const shipDialog = staff.getByRole('dialog', { name: `Mark ${orderNumber} as shipped` });
    await shipDialog.getByLabel(/Carrier/).fill('Royal Mail');
    await shipDialog.getByLabel(/Tracking number/).fill('RM123456785GB');
    await shipDialog.getByRole('button', { name: 'Confirm shipment' }).click();
    await shipDialog.waitFor({ state: 'detached' });
    await expectPanelStatus(panel, 'Shipped');
    await panel.getByText('RM123456785GB').waitFor();
    await panel.getByRole('button', { name: 'Mark as delivered' }).click();
    await expectPanelStatus(panel, 'Delivered');
    await panel.getByText(`This order is delivered: no further changes are possible.`).waitFor();
    for (const step of ['Order approved', 'Processing', 'Shipped', 'Delivered']) {
      expect(await timelineEntries(panel).filter({ hasText: step }).count(), `timeline entry '${step}'`).toBeGreaterThan(0);
    }

    // The customer sees the delivery, the tracking and the history.
    await shopper.reload({ waitUntil: 'domcontentloaded' });
    await card.getByText('Delivered', { exact: true }).first().waitFor();
    await card.getByText('Royal Mail RM123456785GB').waitFor();
    await card.getByText('Order history').click();
    const history = card.getByRole('list', { name: `History of ${orderNumber}` });
    for (const step of ['Order placed', 'Order approved', 'Marked processing', 'Marked shipped', 'Marked delivered']) {
      await history.getByText(step, { exact: true }).waitFor();
    }
    const shippedMail = await waitForMail(server, `Order ${orderNumber} is on its way: Graphene Coatings`);
    expect(shippedMail.text).toContain('RM123456785GB');
  }, JOURNEY_TIMEOUT_MS);
});

describe('declining an order', () => {
  it('needs a reason, changes nothing when cancelled, and puts the stock back on sale', async () => {
    const product = BUYABLE[1]!;
    setStock(server, product.id, 7);
    expect(await stockOf(server, product.id)).toEqual({ inStock: true, stockQuantity: 7 });

    // A guest orders two.
    const shopper = await openShopper(375);
    const email = freshEmail('guest');
    const order = await placeOrderByApi(server, { firstName: 'Ravi', lastName: 'Patel', email }, [{ productId: product.id, quantity: 2 }]);
    expect(await stockOf(server, product.id)).toEqual({ inStock: true, stockQuantity: 5 });

    // Staff find it with the search box and open it.
    const staff = await openStaff();
    await signInStaff(staff, server, ORDER_MANAGER);
    await ordersTable(staff).waitFor();
    await staff.getByRole('searchbox', { name: 'Search orders' }).fill(order.orderNumber);
    await staff.waitForURL((url) => url.searchParams.get('q') === order.orderNumber);
    await expect.poll(() => ordersTable(staff).getByRole('row').count(), { timeout: LIVE_UPDATE_MS }).toBe(2);
    await orderRow(staff, order.orderNumber).getByRole('link', { name: order.orderNumber }).click();
    const panel = orderPanel(staff, order.orderNumber);
    await expectPanelStatus(panel, 'Pending');
    // The timeline arrives with the order's detail, after the status the list already knew.
    await timelineEntries(panel).first().waitFor();
    const entriesBefore = await timelineEntries(panel).count();

    const declineRequests: string[] = [];
    staff.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/admin\/orders\/[^/]+\/decline$/.test(request.url())) declineRequests.push(request.url());
    });

    // An empty reason is refused in the dialog, with nothing sent.
    await panel.getByRole('button', { name: 'Decline' }).click();
    const dialog = staff.getByRole('dialog', { name: `Decline ${order.orderNumber}?` });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm decline' }).click();
    await dialog.getByText(ADMIN_MESSAGES.declineReasonRequired).waitFor();
    const reason = dialog.getByLabel('Reason for declining');
    expect(await reason.getAttribute('aria-invalid')).toBe('true');
    await reason.fill('   ');
    await dialog.getByRole('button', { name: 'Confirm decline' }).click();
    await dialog.getByText(ADMIN_MESSAGES.declineReasonRequired).waitFor();
    expect(await dialog.isVisible()).toBe(true);

    // Going back changes nothing.
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectPanelStatus(panel, 'Pending');
    expect(await timelineEntries(panel).count()).toBe(entriesBefore);
    expect(declineRequests).toEqual([]);
    expect(await stockOf(server, product.id)).toEqual({ inStock: true, stockQuantity: 5 });

    // With a reason it is declined.
    await panel.getByRole('button', { name: 'Decline' }).click();
    await dialog.getByLabel('Reason for declining').fill('Payment could not be verified');
    await dialog.getByRole('button', { name: 'Confirm decline' }).click();
    await staff.getByText(ADMIN_MESSAGES.declined).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectPanelStatus(panel, 'Declined');
    await timelineEntries(panel).filter({ hasText: 'Order declined' }).filter({ hasText: 'Payment could not be verified' }).waitFor();
    await panel.getByText('This order is declined: no further changes are possible.').waitFor();
    expect(declineRequests).toHaveLength(1);

    // The two are back on sale, and the customer is told why.
    expect(await stockOf(server, product.id)).toEqual({ inStock: true, stockQuantity: 7 });
    const mail = await waitForMail(server, `Order ${order.orderNumber} could not be accepted: Graphene Coatings`);
    expect(mail.to).toContain(email);
    expect(mail.text).toContain('Payment could not be verified');

    // The guest looks the order up and sees it declined with the reason.
    await shopper.goto(server.at(`/account/orders?order=${order.orderNumber}`), { waitUntil: 'domcontentloaded' });
    await expect.poll(() => shopper.getByLabel('Order number').inputValue(), { timeout: 10_000 }).toBe(order.orderNumber);
    await shopper.getByLabel('E-mail address').fill(email);
    await shopper.getByRole('button', { name: 'Track order' }).click();
    const card = shopper.getByRole('article', { name: order.orderNumber });
    await card.getByText('Declined', { exact: true }).waitFor();
    expect(await shopper.getByText(ORDER_MESSAGES.orderNotFound).count()).toBe(0);
    await card.getByText('Order history').click();
    await card.getByRole('list', { name: `History of ${order.orderNumber}` }).getByText(/Payment could not be verified/).waitFor();
  }, JOURNEY_TIMEOUT_MS);
});

describe('the orders list while staff watch it', () => {
  it(`shows a new order in the list and the bell within ${LIVE_UPDATE_MS / 1000} s, without a reload`, async () => {
    const staff = await openStaff();
    await signInStaff(staff, server, ORDER_MANAGER);
    await ordersTable(staff).waitFor();
    const bell = pendingBell(staff);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: LIVE_UPDATE_MS }).toMatch(/^Pending orders: \d+$/);
    const before = Number((await bell.getAttribute('aria-label'))!.split(': ')[1]);
    let reloaded = false;
    staff.on('framenavigated', (frame) => {
      if (frame === staff.mainFrame()) reloaded = true;
    });

    const order = await placeOrderByApi(server, { firstName: 'Chidi', lastName: 'Okafor', email: freshEmail('chidi') }, [{ productId: BUYABLE[2]!.id, quantity: 1 }]);
    const placedAt = Date.now();

    await orderRow(staff, order.orderNumber).waitFor({ timeout: LIVE_UPDATE_MS });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: Math.max(1, LIVE_UPDATE_MS - (Date.now() - placedAt)) }).toBe(`Pending orders: ${before + 1}`);
    expect(Date.now() - placedAt).toBeLessThanOrEqual(LIVE_UPDATE_MS);
    // Newest first: the new order heads the list.
    expect(await ordersTable(staff).getByRole('row').nth(1).getByRole('link').first().textContent()).toBe(order.orderNumber);
    expect(reloaded, 'the page reloaded').toBe(false);
  });
});
