// Customer accounts as a person uses them (issue #5): sign up, sign out, sign in with remember me
// and stay signed in after a reload; forget the password, open the .eml, follow its link, reset,
// sign in with the new password. Runs its own server so the test can read the mail folder.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { USER_SESSION_KEY } from '../../../src/lib/constants';
import { expectNoBrowserErrors, launchBrowser, newPage, type TrackedPage } from '../../helpers/browser';
import { startBuiltServer, type RunningServer } from '../../helpers/server';

// Signed-out visits ask GET /api/auth/me (401) and a wrong password is a 401: the browser logs both.
const EXPECTED_401 = /status of 401 \(Unauthorized\) @ .*\/api\/auth\/(me|login)/;
const PASSWORD = 'Harbour7!Lights';
const NEW_PASSWORD = 'Fresh-Coat-2027';

let browser: Browser;
let server: RunningServer;
let scratch: string;
let tracked: TrackedPage | undefined;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'graphene-accounts-e2e-'));
  server = await startBuiltServer({
    env: { DATABASE_URL: `file:${join(scratch, 'shop.db')}`, MAIL_DIR: join(scratch, 'mail'), MEDIA_DIR: join(scratch, 'media'), SHOP_DEMO: '0' },
  });
  browser = await launchBrowser();
});
afterEach(async () => {
  const errors = tracked?.errors ?? [];
  const where = tracked?.page.url() ?? 'the page';
  await tracked?.close();
  tracked = undefined;
  expectNoBrowserErrors(errors, where);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** Opens a fresh browser at a width. */
async function openBrowser(width: number): Promise<Page> {
  tracked = await newPage(browser, { width, allowErrors: [EXPECTED_401] });
  return tracked.page;
}

/** Goes to a path and waits for its islands to hydrate. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
  await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
}

/** Fills the sign-up form with a valid customer. */
async function fillSignUp(page: Page, email: string): Promise<void> {
  await page.getByLabel('Full name').fill('Marta Kowalski');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('+12145550177');
  await page.getByLabel('Date of birth').fill('1987-03-14');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
}

/** Creates an account through the API, for journeys that start at sign-in. */
async function register(fullName: string, email: string): Promise<void> {
  const created = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName, email, phone: '+12145550177', dateOfBirth: '1987-03-14', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true }),
  });
  expect(created.status).toBe(201);
}

/** Decodes the quoted-printable soft line breaks and '=3D' of an .eml body. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for an .eml to `email` whose subject matches, and returns its decoded text. */
async function waitForMail(email: string, subject: string): Promise<string> {
  const dir = join(scratch, 'mail');
  for (let i = 0; i < 100; i++) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      // The folder appears with the first message.
    }
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      if (text.includes(`To: ${email}`) && text.includes(`Subject: ${subject}`)) return decodeQuotedPrintable(text);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no "${subject}" e-mail to ${email} in ${dir}`);
}

describe('a new customer', () => {
  it('signs up, signs out, signs in with remember me and is still signed in after a reload', async () => {
    const page = await openBrowser(1440);
    const email = `marta.${Date.now()}@example.com`;
    await visit(page, '/signup');
    const submit = page.getByRole('button', { name: 'Create Account' });
    expect(await submit.isDisabled()).toBe(true);
    await fillSignUp(page, email);
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await page.waitForURL(/\/shop\/?$/);
    const cached = await page.evaluate((key) => localStorage.getItem(key), USER_SESSION_KEY);
    expect(JSON.parse(cached!)).toMatchObject({ email, fullName: 'Marta Kowalski', role: 'user' });
    expect(cached).not.toMatch(/password|token|hash/i);

    await visit(page, '/account/orders');
    await expect.poll(() => page.getByRole('main').getByText(email, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByText('Marta Kowalski', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('heading', { name: 'No orders yet' }).waitFor();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_SESSION_KEY)).toBeNull();

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid password. Please try again.');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/shop\/?$/);
    const cookie = (await tracked!.context.cookies()).find((c) => c.name === 'gc_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie!.expires).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);

    await page.reload();
    await visit(page, '/login');
    // Signed in: the sign-in page sends the customer on to the shop.
    await page.waitForURL(/\/shop\/?$/);
  });
});

describe('a customer on a slow connection', () => {
  it('types and presses Sign In before the scripts arrive: nothing is lost and the password never reaches an address', async () => {
    const email = `slow.${Date.now()}@example.com`;
    await register('Marta Kowalski', email);
    const page = await openBrowser(375);
    const addresses: string[] = [];
    page.on('request', (request) => addresses.push(request.url()));
    // The page's scripts wait until the test lets them through, as on a slow mobile connection.
    let release!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/_astro/*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Module scripts hold back DOMContentLoaded: the page is there once its HTML has arrived.
    await page.goto(`${server.url}/login`, { waitUntil: 'commit' });
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const signIn = page.getByRole('button', { name: 'Sign In' });
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    expect(page.url()).toBe(`${server.url}/login`);

    release();
    await signIn.click();
    await page.waitForURL(/\/shop\/?$/);
    expect(addresses.filter((url) => url.includes(encodeURIComponent(PASSWORD)) || url.includes('password='))).toEqual([]);
  });
});

describe('a customer who forgot the password', () => {
  it('gets an e-mail, follows its link, chooses a new password and signs in with it', async () => {
    const email = `reset.${Date.now()}@example.com`;
    await register('Tomas Reyes', email);

    const page = await openBrowser(375);
    await visit(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    await page.getByLabel('Email address').fill(`nobody.${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('No account found with this email address.');
    tracked!.errors.splice(0, tracked!.errors.length, ...tracked!.errors.filter((e) => !/status of 404 .*forgot-password/.test(e)));

    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('status').filter({ hasText: 'reset link' }).waitFor();

    const mail = await waitForMail(email, 'Reset your Graphene Coatings password');
    const link = /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link!).pathname + new URL(link!).search;
    await visit(page, path);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('link', { name: 'Sign in with your new password' }).click();
    await page.waitForURL(/\/login$/);
    await page.waitForSelector('astro-island:not([ssr])', { state: 'attached' });
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/shop\/?$/);

    // The link works once.
    await visit(page, path);
    await page.getByLabel('New password', { exact: true }).fill('Another-Coat-2028');
    await page.getByLabel('Confirm new password').fill('Another-Coat-2028');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('This password reset link has already been used.');
    tracked!.errors.splice(0, tracked!.errors.length, ...tracked!.errors.filter((e) => !/status of 400 .*reset-password/.test(e)));
  });
});
