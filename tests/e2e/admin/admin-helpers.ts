// Shared steps of the back-office journeys: a server of the file's own (its own database, mail and
// media folders, demo staff), Chromium pages whose console errors fail the test, staff signing in
// as a person does, shoppers placing orders, the mail folder and the database the server writes.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Order } from '../../../src/lib/schemas/order';
import { expectNoBrowserErrors, expectNone, launchBrowser, newPage, type NewPageOptions, type TrackedPage } from '../../helpers/browser';
import { shooterFor } from '../../helpers/screenshots';
import { startBuiltServer, type RunningServer } from '../../helpers/server';

/** A demo staff account of SHOP_DEMO=1 (README, "The back office"). */
export interface Staff {
  name: string;
  email: string;
  password: string;
}

/** The super admin: every view. */
export const SUPER_ADMIN: Staff = { name: 'Dana Whitfield', email: 'admin@example.com', password: 'Demo-Admin-2026' };
/** The order manager: orders only (lands on Orders). */
export const ORDER_MANAGER: Staff = { name: 'Omar Reyes', email: 'orders@example.com', password: 'Demo-Orders-2026' };

/** The password every customer of these journeys signs up with. */
export const CUSTOMER_PASSWORD = 'Harbour7!Lights';

/** The server a back-office file starts for itself, and where it keeps its data. */
export interface AdminServer {
  /** Absolute URL of a path on this server. */
  at(path: string): string;
  /** The SQLite file the server uses. */
  readonly dbFile: string;
  /** The folder the server writes .eml files to. */
  readonly mailDir: string;
}

/**
 * Starts the built server for this file in beforeAll (demo staff on, its own scratch database, mail
 * and media folders, no sign-up limit) and stops it in afterAll, so the file shares no state.
 */
export function useAdminServer(options: { /** More settings, read when the server starts (e.g. a stand-in's keys). */ env?: () => Record<string, string> } = {}): AdminServer {
  let scratch = '';
  let server: RunningServer | undefined;
  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'graphene-admin-'));
    mkdirSync(join(scratch, 'mail'), { recursive: true });
    server = await startBuiltServer({
      env: {
        DATABASE_URL: `file:${join(scratch, 'shop.db')}`,
        MEDIA_DIR: join(scratch, 'media'),
        MAIL_DIR: join(scratch, 'mail'),
        IMPORT_DIR: join(scratch, 'imports'),
        // Batches of 100 rows: a 6,000-row import runs long enough for the journey to pause it mid-way.
        IMPORT_BATCH_ROWS: '100',
        SHOP_DEMO: '1',
        SIGNUP_LIMIT_PER_HOUR: '100000',
        ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000',
        // Sign-ins hash at the lowest CPU priority, behind the browsers: the gate's 503 has its own API test.
        PASSWORD_WAIT_MS: '120000',
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...options.env?.(),
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });
  return {
    at(path) {
      if (!server) throw new Error('useAdminServer: the server is not started yet (call at() inside a test)');
      return `${server.url}${path}`;
    },
    get dbFile() {
      return join(scratch, 'shop.db');
    },
    get mailDir() {
      return join(scratch, 'mail');
    },
  };
}

/** Time for a whole journey with several people's browsers (a busy machine included). */
export const JOURNEY_TIMEOUT_MS = 120_000;

/** How long a navigation may take before the test fails. */
export const NAVIGATION_TIMEOUT_MS = 30_000;

/** What {@link useBrowserPages} gives a test file. */
export interface BrowserPages {
  /** A fresh page in its own context (a person's own browser); closed after the test. */
  open(options: NewPageOptions): Promise<Page>;
  /** A fresh page kept open for the rest of the file (closed after the last test); its errors still fail each test. */
  keep(options: NewPageOptions): Promise<Page>;
}

/**
 * One Chromium for the file; pages a test opens are closed after it, kept pages after the file,
 * and a test fails on any console or page error a page did not allow.
 */
export function useBrowserPages(): BrowserPages {
  let browser: Browser | undefined;
  const opened: TrackedPage[] = [];
  const kept: TrackedPage[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const pages = opened.splice(0);
    const errors = [...pages, ...kept].flatMap((t) => t.errors.splice(0));
    await Promise.all(pages.map((t) => t.close()));
    expectNoBrowserErrors(errors, 'the back-office journey');
  });
  afterAll(async () => {
    await Promise.all(kept.splice(0).map((t) => t.close()));
    await browser?.close();
  });
  const start = async (options: NewPageOptions, into: TrackedPage[]) => {
    if (!browser) throw new Error('useBrowserPages: the browser is not launched yet (open pages inside a test or a later hook)');
    const tracked = await newPage(browser, options);
    // A cold server on a busy machine can take a while for its first pages.
    tracked.page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    into.push(tracked);
    return tracked.page;
  };
  return {
    open: (options) => start(options, opened),
    keep: (options) => start(options, kept),
  };
}

/** Waits until the island holding an element has hydrated (Astro drops the island's `ssr` mark). */
export async function waitForIsland(inside: Locator): Promise<void> {
  await inside.locator('xpath=ancestor::astro-island[not(@ssr)]').first().waitFor({ state: 'attached' });
}

/** Opens /admin/login and waits for the form to be live. */
export async function openAdminLogin(page: Page, server: AdminServer): Promise<void> {
  await page.goto(server.at('/admin/login'), { waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { level: 1, name: 'Admin Portal' }).waitFor();
  await waitForIsland(page.getByRole('button', { name: 'Sign In to Admin Panel' }));
}

/** Signs a staff member in at /admin/login with the form, as a person does, and waits for the dashboard. */
export async function signInStaff(page: Page, server: AdminServer, staff: Staff): Promise<void> {
  await openAdminLogin(page, server);
  await page.getByLabel('Email address').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In to Admin Panel' }).click();
  await page.waitForURL(/\/admin\/dashboard(\/|$)/, { waitUntil: 'commit' });
  await waitForIsland(page.getByRole('main'));
}

/** An order change staff make: approve, decline with a reason, or a status with its details. */
export type StaffChange = { approve: true } | { decline: string } | { status: string; carrier?: string; trackingNumber?: string };

/** A staff member signed in over HTTP, for tests that need orders in some state before a person looks. */
export interface StaffApi {
  /** Makes one change to an order and returns the order as the server answers it. */
  change(orderId: string, change: StaffChange): Promise<{ status: string }>;
}

/** Signs a staff member in through the API (POST /api/admin/auth/login) and keeps the session cookie. */
export async function signInStaffByApi(server: AdminServer, staff: Staff): Promise<StaffApi> {
  const origin = server.at('');
  const login = await fetch(server.at('/api/admin/auth/login'), {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ email: staff.email, password: staff.password }),
  });
  expect(login.status, await login.text()).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';', 1)[0])
    .join('; ');
  return {
    async change(orderId, change) {
      const [action, body] = 'approve' in change ? ['approve', {}] : 'decline' in change ? ['decline', { reason: change.decline }] : ['status', change];
      const response = await fetch(server.at(`/api/admin/orders/${encodeURIComponent(orderId)}/${action}`), {
        method: 'POST',
        headers: { origin, cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      return JSON.parse(text) as { status: string };
    },
  };
}

/** A fresh e-mail address for one shopper. */
export function freshEmail(tag: string): string {
  const local = tag.normalize('NFD').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return `${local}.${randomUUID()}@example.com`;
}

/** Signs a new customer up with the /signup form, as a person does; the page ends signed in on /shop. */
export async function signUpCustomer(page: Page, server: AdminServer, customer: { fullName: string; email: string }): Promise<void> {
  await page.goto(server.at('/signup'), { waitUntil: 'domcontentloaded' });
  const submit = page.getByRole('button', { name: 'Create Account' });
  await waitForIsland(submit);
  await page.getByLabel('Full name').fill(customer.fullName);
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Phone number').fill('+447700900456');
  await page.getByLabel('Date of birth').fill('1987-03-14');
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  await page.getByLabel('Confirm password').fill(CUSTOMER_PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await expect.poll(() => submit.isEnabled()).toBe(true);
  await submit.click();
  await page.waitForURL(/\/shop\/?$/, { waitUntil: 'commit' });
}

/** Places a guest's order with the call the checkout makes (POST /api/orders); returns it. */
export async function placeOrderByApi(
  server: AdminServer,
  customer: { firstName: string; lastName: string; email: string },
  lines: { productId: string; quantity: number }[],
): Promise<Order> {
  const response = await fetch(server.at('/api/orders'), {
    method: 'POST',
    headers: { origin: server.at(''), 'content-type': 'application/json' },
    body: JSON.stringify({
      idempotencyKey: randomUUID(),
      items: lines,
      customer: { ...customer, phone: '07700 900123' },
      shippingAddress: { address: '4 Kiln Yard', city: 'Leeds', postalCode: 'LS1 4AP', country: 'United Kingdom' },
      payment: { cardName: `${customer.firstName} ${customer.lastName}`.toUpperCase(), brand: 'mastercard', last4: '4444', expiryDate: '11/29' },
    }),
  });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text) as Order;
}

/** One .eml file the server wrote: its headers of interest and its whole text. */
export interface WrittenMail {
  file: string;
  subject: string;
  to: string;
  text: string;
}

/** Reads a header's value (unfolded) from an RFC 5322 message. */
function headerOf(message: string, name: string): string {
  const head = message.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** Decodes quoted-printable soft line breaks and escapes (=3D, =E2=80=99) of an .eml body. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every .eml file in the server's mail folder. */
export function readMails(server: AdminServer): WrittenMail[] {
  let files: string[];
  try {
    files = readdirSync(server.mailDir).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const text = readFileSync(join(server.mailDir, file), 'utf8');
    return { file, subject: headerOf(text, 'Subject'), to: headerOf(text, 'To'), text: decodeQuotedPrintable(text) };
  });
}

/** Waits (the outbox delivers within a few seconds) for the .eml with this subject and returns it. */
export async function waitForMail(server: AdminServer, subject: string, timeoutMs = 10_000): Promise<WrittenMail> {
  let found: WrittenMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails(server).find((m) => m.subject === subject);
        return found?.subject;
      },
      { timeout: timeoutMs, interval: 100, message: `an .eml file with the subject '${subject}'` },
    )
    .toBe(subject);
  return found!;
}

/** Waits for the quote e-mail to `email` and returns it with the path of its link (/quotes/<token>). */
export async function waitForQuoteMail(server: AdminServer, email: string): Promise<{ mail: WrittenMail; link: string }> {
  let found: { mail: WrittenMail; link: string } | undefined;
  await expect
    .poll(
      () => {
        const mail = readMails(server).find((m) => m.to.includes(email) && m.subject.startsWith('Your quote from'));
        const link = /\/quotes\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0];
        found = mail && link ? { mail, link } : undefined;
        return found?.link ?? '';
      },
      { timeout: 15_000, message: `the quote e-mail to ${email}` },
    )
    .not.toBe('');
  return found!;
}

/** Sets a product's counted stock in the server's database, as a stock take would. */
export function setStock(server: AdminServer, productId: string, quantity: number): void {
  const db = new Database(server.dbFile);
  try {
    db.pragma('busy_timeout = 5000');
    const changed = db.prepare('UPDATE products SET stock_quantity = ?, in_stock = ? WHERE id = ?').run(quantity, quantity > 0 ? 1 : 0, productId).changes;
    if (changed !== 1) throw new Error(`No product ${productId} in ${server.dbFile}`);
  } finally {
    db.close();
  }
}

/** A product's stock as the live catalogue tells shoppers (GET /api/products/:id). */
export async function stockOf(server: AdminServer, productId: string): Promise<{ inStock: boolean; stockQuantity: number | undefined }> {
  const response = await fetch(server.at(`/api/products/${encodeURIComponent(productId)}`), { headers: { accept: 'application/json' } });
  expect(response.status).toBe(200);
  const product = (await response.json()) as { inStock: boolean; stockQuantity?: number };
  return { inStock: product.inStock, stockQuantity: product.stockQuantity };
}

/** The pending-orders bell of the top bar ('Pending orders: N'). */
export function pendingBell(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: /^Pending orders/ });
}

/** The orders table. */
export function ordersTable(page: Page): Locator {
  return page.getByRole('table', { name: /^Orders/ });
}

/** An order's row in the orders table. */
export function orderRow(page: Page, orderNumber: string): Locator {
  return ordersTable(page).getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber, exact: true }) });
}

/** The detail panel of an order: a region named after its number. */
export function orderPanel(page: Page, orderNumber: string): Locator {
  return page.getByRole('region', { name: orderNumber, exact: true });
}

/** The lines of the panel's timeline, as text. */
export function timelineEntries(panel: Locator): Locator {
  return panel.getByRole('listitem').filter({ has: panel.page().locator('time') });
}

/** An order's status in the panel header (the first badge after the heading). */
export async function expectPanelStatus(panel: Locator, label: string): Promise<void> {
  await panel.getByText(label, { exact: true }).first().waitFor();
}

/** Saves a PNG of the page into ADMIN_SHOTS_DIR when that is set (for a person to look at). */
export const shoot = shooterFor('ADMIN_SHOTS_DIR');
