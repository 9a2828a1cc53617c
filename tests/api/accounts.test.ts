import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { resolveDatabaseTarget } from '../../src/server/config';
import { setCustomerBlocked } from '../../src/server/customers/customers.service';
import { DEMO_CUSTOMERS } from '../../src/server/customers/demo';
import { baseUrl, errorOf } from './helpers/http';
import { deliveredResetToken, mailDirOf } from './helpers/mail';
import { runSql } from './helpers/sql';

const JSON_TYPE = { 'content-type': 'application/json' };
const PASSWORD = 'Harbour7!Lights';
let counter = 0;

/** A fresh, valid sign-up for this run (unique e-mail). */
function newSignUp(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    fullName: 'Ada Lovelace',
    email: `ada.${Date.now()}.${counter}@example.com`,
    phone: '+12145550123',
    dateOfBirth: '1990-05-17',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/** POSTs JSON to an API path, with a cookie when given. */
function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { ...JSON_TYPE, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** GETs an API path, with a cookie when given. */
function get(path: string, cookie?: string): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, { headers: cookie ? { cookie } : {} });
}

/** The Set-Cookie header of a response, which must be there. */
function setCookieOf(response: Response): string {
  const value = response.headers.get('set-cookie');
  if (!value) throw new Error(`no Set-Cookie on ${response.status}`);
  return value;
}

/** `gc_session=<token>` from a Set-Cookie value, ready to send back. */
function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0]!;
}

/** Registers a new customer; returns the sign-up and the session cookie pair. */
async function register(overrides: Record<string, unknown> = {}) {
  const signUp = newSignUp(overrides);
  const response = await post('/api/auth/register', signUp);
  expect(response.status, JSON.stringify(await response.clone().json())).toBe(201);
  return { signUp, cookie: cookiePair(setCookieOf(response)), user: ((await response.json()) as { user: { id: string } }).user };
}

/** SQL string literal. */
const q = (value: string) => `'${value.replace(/'/g, "''")}'`;

describe('POST /api/auth/register', () => {
  it('creates the account, answers 201 { user } without secrets and sets an httpOnly Lax session cookie', async () => {
    const signUp = newSignUp({ fullName: '  Ada Lovelace ', email: `  Mixed.Case.${Date.now()}@Example.com ` });
    const response = await post('/api/auth/register', signUp);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { user: Record<string, unknown> };
    expect(body.user).toMatchObject({ fullName: 'Ada Lovelace', email: signUp.email.trim(), phone: '+12145550123', dateOfBirth: '1990-05-17', role: 'user' });
    expect(Object.keys(body.user).sort()).toEqual(['createdAt', 'dateOfBirth', 'email', 'fullName', 'id', 'lastLogin', 'phone', 'role']);

    const setCookie = setCookieOf(response);
    expect(setCookie).toMatch(/^gc_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    // A browser-session cookie: no lifetime; plain http: no Secure.
    expect(setCookie).not.toMatch(/Max-Age|Expires/i);
    expect(setCookie).not.toContain('Secure');

    const token = cookiePair(setCookie).split('=')[1]!;
    const [row] = await runSql<{ email: string; password_hash: string }>(inject('apiDatabaseUrl'), `SELECT email, password_hash FROM customers WHERE id = ${q(String(body.user.id))}`);
    expect(row!.email).toBe(signUp.email.trim());
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    const sessions = await runSql<{ token_hash: string }>(inject('apiDatabaseUrl'), `SELECT token_hash FROM sessions WHERE customer_id = ${q(String(body.user.id))}`);
    expect(sessions.map((s) => s.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it('writes the welcome e-mail to the outbox with the account', async () => {
    const { signUp } = await register();
    const rows = await runSql<{ kind: string; subject: string; text: string }>(inject('apiDatabaseUrl'), `SELECT kind, subject, text FROM outbox WHERE to_address = ${q(signUp.email)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'welcome', subject: 'Welcome to Graphene Coatings' });
    expect(rows[0]!.text).toContain('Welcome, Ada Lovelace');
  });

  it("answers 409 'An account with this email already exists.' for the same address in another case", async () => {
    const { signUp } = await register();
    const response = await post('/api/auth/register', newSignUp({ email: ` ${signUp.email.toUpperCase()} ` }));
    expect(response.status).toBe(409);
    expect(errorOf(await response.json()).message).toBe('An account with this email already exists.');
  });

  it('answers 422 with every field message of spec §5', async () => {
    const response = await post('/api/auth/register', {
      fullName: 'A',
      email: 'not-an-address',
      phone: '0123',
      dateOfBirth: '',
      password: 'short',
      confirmPassword: 'short',
      acceptTerms: false,
    });
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).fields).toEqual({
      fullName: 'Full name must be at least 2 characters.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      dateOfBirth: 'Date of birth is required.',
      password: 'Password must be at least 8 characters.',
      acceptTerms: 'You must accept the terms and conditions.',
    });
  });

  it("answers 422 'Passwords don't match' on confirmPassword", async () => {
    const response = await post('/api/auth/register', newSignUp({ confirmPassword: 'Harbour7!Light' }));
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.fields).toEqual({ confirmPassword: "Passwords don't match" });
  });

  it("headlines a short password with §8's 'Password must be at least 8 characters long.'", async () => {
    const response = await post('/api/auth/register', newSignUp({ password: 'Ab1!', confirmPassword: 'Ab1!' }));
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.message).toBe('Password must be at least 8 characters long.');
    expect(error.fields?.password).toBe('Password must be at least 8 characters.');
  });

  it("refuses 'password123' with 422 and 'This password is too common. Please choose one that is harder to guess.'", async () => {
    const response = await post('/api/auth/register', newSignUp({ password: 'password123', confirmPassword: 'password123' }));
    expect(response.status).toBe(422);
    expect(errorOf(await response.json())).toEqual({
      code: 'invalid_fields',
      message: 'This password is too common. Please choose one that is harder to guess.',
      fields: { password: 'This password is too common. Please choose one that is harder to guess.' },
    });
  });

  it('refuses common passwords whatever their case or decoration', async () => {
    for (const password of ['baseball', 'Password1', 'QWERTYUIOP', 'P@ssw0rd123', 'football2024']) {
      const response = await post('/api/auth/register', newSignUp({ password, confirmPassword: password }));
      expect(response.status, password).toBe(422);
      expect(errorOf(await response.json()).fields).toEqual({ password: 'This password is too common. Please choose one that is harder to guess.' });
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers 200 { user } for the session and never a hash or a token', async () => {
    const { cookie, signUp } = await register();
    const response = await get('/api/auth/me', cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const token = cookie.split('=')[1]!;
    expect(text).not.toContain(token);
    expect(text).not.toContain(createHash('sha256').update(token).digest('hex'));
    expect(text).not.toMatch(/argon2|password|hash|token/i);
    expect(JSON.parse(text).user.email).toBe(signUp.email);
  });

  it('answers 200 { user: null } to a guest without a session cookie, so a guest page logs no failed request', async () => {
    const response = await get('/api/auth/me');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ user: null });
  });

  it("answers 401 'Please sign in to continue.' with a made-up token, and clears the cookie", async () => {
    const response = await get('/api/auth/me', 'gc_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toMatch(/^gc_session=;.*Max-Age=0/);
    expect(errorOf(await response.json())).toEqual({ code: 'unauthorized', message: 'Please sign in to continue.' });
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with 200 { user }, a new token each time, and stamps lastLogin', async () => {
    const { signUp, cookie: first } = await register();
    const response = await post('/api/auth/login', { email: signUp.email.toUpperCase(), password: PASSWORD });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: { email: string; lastLogin?: string } };
    expect(body.user.email).toBe(signUp.email);
    expect(body.user.lastLogin).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const second = cookiePair(setCookieOf(response));
    expect(second).not.toBe(first);
    expect((await get('/api/auth/me', second)).status).toBe(200);
  });

  it('ends the session the browser came with when it signs in again', async () => {
    const { signUp, cookie: first } = await register();
    const response = await post('/api/auth/login', { email: signUp.email, password: PASSWORD }, first);
    expect(response.status).toBe(200);
    expect((await get('/api/auth/me', first)).status).toBe(401);
  });

  it("sets a 30-day persistent cookie with 'remember me', a browser-session cookie without", async () => {
    const { signUp } = await register();
    const remembered = setCookieOf(await post('/api/auth/login', { email: signUp.email, password: PASSWORD, remember: true }));
    expect(remembered).toContain('Max-Age=2592000');
    expect(remembered).toContain('HttpOnly');
    const session = setCookieOf(await post('/api/auth/login', { email: signUp.email, password: PASSWORD, remember: false }));
    expect(session).not.toContain('Max-Age');
  });

  it("answers 404 'User not found. Please check your email address.' for an unknown address", async () => {
    const response = await post('/api/auth/login', { email: `nobody.${Date.now()}@example.com`, password: PASSWORD });
    expect(response.status).toBe(404);
    expect(errorOf(await response.json()).message).toBe('User not found. Please check your email address.');
  });

  it("answers 401 'Invalid password. Please try again.' for a wrong password, without a cookie", async () => {
    const { signUp } = await register();
    const response = await post('/api/auth/login', { email: signUp.email, password: 'Wrong-password-1' });
    expect(response.status).toBe(401);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(errorOf(await response.json()).message).toBe('Invalid password. Please try again.');
  });

  it('answers 422 with the sign-in messages of spec §5', async () => {
    const response = await post('/api/auth/login', { email: 'nope', password: '' });
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).fields).toEqual({ email: 'Please enter a valid email address.', password: 'Password is required.' });
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204, clears the cookie and revokes the session on the server', async () => {
    const { cookie, user } = await register();
    const response = await post('/api/auth/logout', {}, cookie);
    expect(response.status).toBe(204);
    const cleared = setCookieOf(response);
    expect(cleared).toMatch(/^gc_session=;/);
    expect(cleared).toContain('Max-Age=0');
    // The old cookie no longer works even if a browser kept it.
    expect((await get('/api/auth/me', cookie)).status).toBe(401);
    expect(await runSql(inject('apiDatabaseUrl'), `SELECT id FROM sessions WHERE customer_id = ${q(user.id)}`)).toEqual([]);
  });

  it('answers 204 without a session too', async () => {
    expect((await fetch(`${baseUrl()}/api/auth/logout`, { method: 'POST' })).status).toBe(204);
  });
});

describe('session lifetime', () => {
  it('ends a browser-session cookie after 12 hours without a request', async () => {
    const { cookie, user } = await register();
    const idle = new Date(Date.now() - 13 * 3_600_000).toISOString();
    await runSql(inject('apiDatabaseUrl'), `UPDATE sessions SET last_seen_at = ${q(idle)} WHERE customer_id = ${q(user.id)}`);
    const response = await get('/api/auth/me', cookie);
    expect(response.status).toBe(401);
    expect(setCookieOf(response)).toContain('Max-Age=0');
  });

  it('keeps a remembered session through idle time until it expires', async () => {
    const { signUp, user } = await register();
    const cookie = cookiePair(setCookieOf(await post('/api/auth/login', { email: signUp.email, password: PASSWORD, remember: true })));
    const idle = new Date(Date.now() - 5 * 24 * 3_600_000).toISOString();
    await runSql(inject('apiDatabaseUrl'), `UPDATE sessions SET last_seen_at = ${q(idle)} WHERE customer_id = ${q(user.id)} AND persistent = 1`);
    expect((await get('/api/auth/me', cookie)).status).toBe(200);
    const past = new Date(Date.now() - 1000).toISOString();
    await runSql(inject('apiDatabaseUrl'), `UPDATE sessions SET expires_at = ${q(past)} WHERE customer_id = ${q(user.id)} AND persistent = 1`);
    expect((await get('/api/auth/me', cookie)).status).toBe(401);
  });
});

describe('blocking a customer', () => {
  let handle: DatabaseHandle;

  beforeAll(() => {
    handle = openDatabase(resolveDatabaseTarget(inject('apiDatabaseUrl')));
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('ends every session at once and refuses sign-in with 403 and a clear message', async () => {
    const { cookie, signUp, user } = await register();
    const other = cookiePair(setCookieOf(await post('/api/auth/login', { email: signUp.email, password: PASSWORD, remember: true })));
    expect(await setCustomerBlocked(handle.db, user.id, true)).toBe(true);
    expect((await get('/api/auth/me', cookie)).status).toBe(401);
    expect((await get('/api/auth/me', other)).status).toBe(401);

    const refused = await post('/api/auth/login', { email: signUp.email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(errorOf(await refused.json())).toEqual({ code: 'account_blocked', message: 'This account has been blocked. Please contact customer support.' });

    await setCustomerBlocked(handle.db, user.id, false);
    expect((await post('/api/auth/login', { email: signUp.email, password: PASSWORD })).status).toBe(200);
  });

  it('reports an unknown customer id', async () => {
    expect(await setCustomerBlocked(handle.db, 'no-such-customer', true)).toBe(false);
  });
});

/** The reset link's token from the newest password-reset e-mail delivered to `email` (the outbox keeps no link once sent). */
async function resetTokenFor(email: string): Promise<string> {
  return deliveredResetToken(mailDirOf(inject('apiDatabaseUrl')), email);
}

describe('forgot and reset password', () => {
  it("answers 404 'No account found with this email address.' for an unknown address", async () => {
    const response = await post('/api/auth/forgot-password', { email: `nobody.${Date.now()}@example.com` });
    expect(response.status).toBe(404);
    expect(errorOf(await response.json()).message).toBe('No account found with this email address.');
  });

  it('answers 422 for a malformed address', async () => {
    const response = await post('/api/auth/forgot-password', { email: 'x@' });
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).message).toBe('Please enter a valid email address.');
  });

  it('e-mails a link to /reset-password, stores only the hash, resets once and ends every session', async () => {
    const { signUp, cookie, user } = await register();
    const response = await post('/api/auth/forgot-password', { email: signUp.email.toUpperCase() });
    expect(response.status).toBe(202);
    const token = await resetTokenFor(signUp.email);
    // Delivered, the stored mail no longer holds the link.
    const [outbox] = await runSql<{ html: string; text: string; sent_at: string | null }>(
      inject('apiDatabaseUrl'),
      `SELECT html, text, sent_at FROM outbox WHERE to_address = ${q(signUp.email)} AND kind = 'password-reset'`,
    );
    expect(outbox!.sent_at).toBeTruthy();
    expect(`${outbox!.html}${outbox!.text}`).not.toContain(token);
    const stored = await runSql<{ token_hash: string }>(inject('apiDatabaseUrl'), `SELECT token_hash FROM password_reset_tokens WHERE customer_id = ${q(user.id)}`);
    expect(stored.map((r) => r.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);

    const newPassword = 'Fresh-Coat-2027';
    const reset = await post('/api/auth/reset-password', { token, password: newPassword, confirmPassword: newPassword });
    expect(reset.status).toBe(204);
    expect((await get('/api/auth/me', cookie)).status).toBe(401);
    expect((await post('/api/auth/login', { email: signUp.email, password: PASSWORD })).status).toBe(401);
    expect((await post('/api/auth/login', { email: signUp.email, password: newPassword })).status).toBe(200);

    const again = await post('/api/auth/reset-password', { token, password: 'Another-Coat-2028', confirmPassword: 'Another-Coat-2028' });
    expect(again.status).toBe(400);
    expect(errorOf(await again.json())).toEqual({ code: 'token_used', message: 'This password reset link has already been used. Please request a new one.' });
  });

  it('refuses an expired link with 400 and leaves the password alone', async () => {
    const { signUp, user } = await register();
    await post('/api/auth/forgot-password', { email: signUp.email });
    const token = await resetTokenFor(signUp.email);
    await runSql(inject('apiDatabaseUrl'), `UPDATE password_reset_tokens SET expires_at = ${q(new Date(Date.now() - 1000).toISOString())} WHERE customer_id = ${q(user.id)}`);
    const response = await post('/api/auth/reset-password', { token, password: 'Fresh-Coat-2027', confirmPassword: 'Fresh-Coat-2027' });
    expect(response.status).toBe(400);
    expect(errorOf(await response.json())).toEqual({ code: 'token_expired', message: 'This password reset link has expired. Please request a new one.' });
    expect((await post('/api/auth/login', { email: signUp.email, password: PASSWORD })).status).toBe(200);
  });

  it('links expire one hour after the request', async () => {
    const { signUp, user } = await register();
    await post('/api/auth/forgot-password', { email: signUp.email });
    const [row] = await runSql<{ created_at: string; expires_at: string }>(inject('apiDatabaseUrl'), `SELECT created_at, expires_at FROM password_reset_tokens WHERE customer_id = ${q(user.id)}`);
    expect(new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()).toBe(3_600_000);
  });

  it("refuses 'password123' as a new password with 422 and the common-password message, keeping the link usable", async () => {
    const { signUp } = await register();
    await post('/api/auth/forgot-password', { email: signUp.email });
    const token = await resetTokenFor(signUp.email);
    const response = await post('/api/auth/reset-password', { token, password: 'password123', confirmPassword: 'password123' });
    expect(response.status).toBe(422);
    expect(errorOf(await response.json())).toEqual({
      code: 'invalid_fields',
      message: 'This password is too common. Please choose one that is harder to guess.',
      fields: { password: 'This password is too common. Please choose one that is harder to guess.' },
    });
    expect((await post('/api/auth/login', { email: signUp.email, password: 'password123' })).status).toBe(401);
    expect((await post('/api/auth/reset-password', { token, password: 'Fresh-Coat-2027', confirmPassword: 'Fresh-Coat-2027' })).status).toBe(204);
  });

  it('refuses an unknown token with 400, and a common or mismatched new password with 422', async () => {
    const unknown = await post('/api/auth/reset-password', { token: 'A'.repeat(43), password: 'Fresh-Coat-2027', confirmPassword: 'Fresh-Coat-2027' });
    expect(unknown.status).toBe(400);
    expect(errorOf(await unknown.json()).message).toBe('This password reset link is not valid. Please request a new one.');

    const { signUp } = await register();
    await post('/api/auth/forgot-password', { email: signUp.email });
    const token = await resetTokenFor(signUp.email);
    const common = await post('/api/auth/reset-password', { token, password: 'password1', confirmPassword: 'password1' });
    expect(common.status).toBe(422);
    expect(errorOf(await common.json()).fields).toEqual({ password: 'This password is too common. Please choose one that is harder to guess.' });
    const mismatch = await post('/api/auth/reset-password', { token, password: 'Fresh-Coat-2027', confirmPassword: 'Fresh-Coat-2028' });
    expect(errorOf(await mismatch.json()).fields).toEqual({ confirmPassword: "Passwords don't match" });
    // The refused attempts did not spend the token.
    expect((await post('/api/auth/reset-password', { token, password: 'Fresh-Coat-2027', confirmPassword: 'Fresh-Coat-2027' })).status).toBe(204);
  });
});

describe('GET /api/account/orders', () => {
  it('answers 401 when signed out and { orders: [] } for a new customer', async () => {
    const signedOut = await get('/api/account/orders');
    expect(signedOut.status).toBe(401);
    expect(errorOf(await signedOut.json()).message).toBe('Please sign in to continue.');
    const { cookie } = await register();
    const response = await get('/api/account/orders', cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ orders: [] });
  });
});

describe('demo mode off', () => {
  it('creates no demo customers and GET /api/auth/demo says so', async () => {
    expect(await (await get('/api/auth/demo')).json()).toEqual({ enabled: false, accounts: [] });
    const demoEmails = DEMO_CUSTOMERS.map((d) => q(d.email)).join(', ');
    expect(await runSql(inject('apiDatabaseUrl'), `SELECT id FROM customers WHERE lower(email) IN (${demoEmails})`)).toEqual([]);
  });
});
