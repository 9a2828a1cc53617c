// The navbar's account controls as a customer meets them: signed in, every page shows Account
// (desktop) or My Orders and Sign Out (mobile menu) instead of Sign Up, from the first paint;
// Sign Out ends the session and brings Sign Up back; a stale cached profile is corrected by the
// server; a guest with no cached profile causes no session request at all.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USER_SESSION_KEY } from '../../../src/lib/constants';
import { urlOf } from '../../helpers/base-url';
import { usePagePerTest } from '../../helpers/page-per-test';

const PASSWORD = 'Harbour7!Lights';
const EXPECTED_401 = /status of 401 \(Unauthorized\) @ .*\/api\/auth\/me/;
const pages = usePagePerTest();

/** A fresh browser page at a width. */
async function open(width: number, allowErrors: RegExp[] = []): Promise<Page> {
  return pages.open({ width, allowErrors: [EXPECTED_401, ...allowErrors] });
}

/** Creates an account and signs in through the sign-in form, as a person does. */
async function signIn(page: Page): Promise<string> {
  const email = `nav.${randomUUID()}@example.com`;
  const created = await fetch(urlOf('/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Marta Kowalski', email, phone: '+12145550177', dateOfBirth: '1987-03-14', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true }),
  });
  expect(created.status).toBe(201);
  await page.goto(urlOf('/login'));
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/shop/);
  return email;
}

/** The navbar (the site header's banner landmark). */
const banner = (page: Page) => page.getByRole('banner');

describe('navbar account controls', () => {
  it('shows Account instead of Sign Up on every page once signed in, and Sign Out brings Sign Up back', async () => {
    const page = await open(1440);
    await signIn(page);
    await page.goto(urlOf('/about'));
    const account = banner(page).getByRole('button', { name: 'Account' });
    await account.waitFor();
    expect(await banner(page).getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(false);

    await account.click();
    expect(await banner(page).getByText('Marta Kowalski').isVisible()).toBe(true);
    expect(await banner(page).getByRole('link', { name: 'Track Your Order' }).getAttribute('href')).toBe('/account/orders');
    await banner(page).getByRole('button', { name: 'Sign Out' }).click();

    const signUp = banner(page).getByRole('link', { name: 'Sign Up' });
    await signUp.waitFor();
    expect(await account.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Sign Up');
    expect(await page.evaluate(async () => (await (await fetch('/api/auth/me')).json()) as unknown)).toEqual({ user: null });
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_SESSION_KEY)).toBeNull();
  });

  it('is right from the first paint on the next page, without a flash of Sign Up', async () => {
    const page = await open(1440, [/net::ERR_FAILED @ .*\/_astro\//]);
    await signIn(page);
    // Scripts off: what the first paint shows comes from the HTML, the CSS and the inline head script.
    await page.route('**/_astro/*.js', (route) => route.abort());
    await page.goto(urlOf('/contact'));
    expect(await banner(page).getByRole('button', { name: 'Account' }).isVisible()).toBe(true);
    expect(await banner(page).getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(false);
    await page.unroute('**/_astro/*.js');
  });

  it('offers My Orders and Sign Out in the mobile menu', async () => {
    const page = await open(375);
    await signIn(page);
    await page.goto(urlOf('/'));
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('link', { name: 'My Orders' }).waitFor();
    expect(await menu.getByText('Marta Kowalski').isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(false);
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await menu.getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await menu.getByRole('link', { name: 'My Orders' }).isVisible()).toBe(false);
  });

  it('corrects a cached profile the server no longer knows, back to Sign Up', async () => {
    const page = await open(1440);
    await page.goto(urlOf('/about'));
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ id: 'gone', fullName: 'Old Session', email: 'old@example.com', phone: '+12145550100', dateOfBirth: '1980-01-01', role: 'user', createdAt: '2026-01-01T00:00:00Z' })),
      USER_SESSION_KEY,
    );
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await page.reload();
    // No session cookie: the server knows no one.
    expect(await (await checked).json()).toEqual({ user: null });
    await banner(page).getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(await page.evaluate((key) => localStorage.getItem(key), USER_SESSION_KEY)).toBeNull();
  });

  it('makes no session request for a guest without a cached profile', async () => {
    const page = await open(1440);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/')) asked.push(request.url());
    });
    // The navbar's account script is a module script: it has run, and made any request it makes, by 'load'.
    await page.goto(urlOf('/about'), { waitUntil: 'load' });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
    expect(await banner(page).getByRole('link', { name: 'Sign Up' }).isVisible()).toBe(true);
    expect(asked).toEqual([]);
  });
});
