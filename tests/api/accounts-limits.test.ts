import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMERS } from '../../src/server/customers/demo';
import { errorOf } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

const PASSWORD = 'Harbour7!Lights';
let counter = 0;

/** POSTs JSON, optionally as if forwarded for a client address (the server trusts the proxy). */
function postTo(server: TestServer, path: string, body: unknown, clientAddress?: string): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(clientAddress ? { 'x-forwarded-for': clientAddress } : {}) },
    body: JSON.stringify(body),
  });
}

/** A fresh sign-up. */
function newSignUp() {
  counter += 1;
  return {
    fullName: 'Grace Hopper',
    email: `grace.${Date.now()}.${counter}@example.com`,
    phone: '+12145550199',
    dateOfBirth: '1985-12-09',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
  };
}

/** Polls until `check` returns a value, up to `timeoutMs`. */
async function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('behind a trusted proxy, in demo mode, mail to files', () => {
  let server: TestServer;
  let databaseUrl: string;
  let mailDir: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    mailDir = mkdtempSync(join(tmpdir(), 'shop-mail-'));
    server = await startServer({ env: { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', SHOP_DEMO: '1', MAIL_DIR: mailDir, SMTP_URL: '' } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('limits failed sign-ins per account and address: the 6th attempt there within 15 minutes gets 429 with Retry-After, even with the right password', async () => {
    const signUp = newSignUp();
    expect((await postTo(server, '/api/auth/register', signUp, '198.51.100.1')).status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const response = await postTo(server, '/api/auth/login', { email: signUp.email, password: 'Wrong-password-1' }, '198.51.100.10');
      expect(response.status).toBe(401);
    }
    const limited = await postTo(server, '/api/auth/login', { email: signUp.email, password: PASSWORD }, '198.51.100.10');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(errorOf(await limited.json())).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please try again in 15 minutes.' });
    // The customer, from their own address, is not locked out by someone else's guesses.
    expect((await postTo(server, '/api/auth/login', { email: signUp.email, password: PASSWORD }, '198.51.100.50')).status).toBe(200);
  });

  it('forgets an address’s failures for the account after a successful sign-in from it', async () => {
    const signUp = newSignUp();
    await postTo(server, '/api/auth/register', signUp, '198.51.100.2');
    for (let i = 0; i < 4; i++) await postTo(server, '/api/auth/login', { email: signUp.email, password: 'Wrong-password-1' }, '198.51.100.3');
    expect((await postTo(server, '/api/auth/login', { email: signUp.email, password: PASSWORD }, '198.51.100.3')).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await postTo(server, '/api/auth/login', { email: signUp.email, password: 'Wrong-password-1' }, '198.51.100.3')).status).toBe(401);
    }
  });

  it('limits failed sign-ins per address: 20 within 15 minutes, then 429 for that address only', async () => {
    for (let i = 0; i < 20; i++) {
      const response = await postTo(server, '/api/auth/login', { email: `ghost${i}.${Date.now()}@example.com`, password: PASSWORD }, '203.0.113.7');
      expect(response.status).toBe(404);
    }
    const limited = await postTo(server, '/api/auth/login', { email: `ghost.${Date.now()}@example.com`, password: PASSWORD }, '203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    const elsewhere = await postTo(server, '/api/auth/login', { email: `ghost.${Date.now()}@example.com`, password: PASSWORD }, '203.0.113.8');
    expect(elsewhere.status).toBe(404);
  });

  it('limits password reset e-mails per account to 5 an hour', async () => {
    const signUp = newSignUp();
    await postTo(server, '/api/auth/register', signUp, '198.51.100.5');
    for (let i = 0; i < 5; i++) expect((await postTo(server, '/api/auth/forgot-password', { email: signUp.email }, `198.51.100.${60 + i}`)).status).toBe(202);
    const limited = await postTo(server, '/api/auth/forgot-password', { email: signUp.email }, '198.51.100.70');
    expect(limited.status).toBe(429);
    expect(errorOf(await limited.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('delivers the welcome and reset e-mails as .eml files in MAIL_DIR, and marks them sent', async () => {
    const signUp = newSignUp();
    await postTo(server, '/api/auth/register', signUp, '198.51.100.6');
    await postTo(server, '/api/auth/forgot-password', { email: signUp.email }, '198.51.100.6');
    const files = await waitFor(() => {
      const mine = readdirSync(mailDir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => readFileSync(join(mailDir, f), 'utf8'))
        .filter((text) => text.includes(`To: ${signUp.email}`));
      return mine.length >= 2 ? mine : undefined;
    });
    const welcome = files.find((f) => f.includes('Subject: Welcome to Graphene Coatings'));
    const reset = files.find((f) => f.includes('Subject: Reset your Graphene Coatings password'));
    expect(welcome).toContain('From: Graphene Coatings <hello@graphenecoatings.com>');
    expect(welcome).toContain('Content-Type: text/html');
    expect(reset).toMatch(/reset-password\?token=/);
    const rows = await runSql<{ sent_at: string | null; attempts: number }>(databaseUrl, `SELECT sent_at, attempts FROM outbox WHERE to_address = '${signUp.email}'`);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.sent_at).toBeTruthy();
      expect(Number(row.attempts)).toBe(1);
    }
  });

  it('creates the three demo customers, one of them blocked, and lists them for the sign-in page', async () => {
    const rows = await runSql<{ email: string; is_blocked: number }>(databaseUrl, 'SELECT email, is_blocked FROM customers ORDER BY email');
    for (const demo of DEMO_CUSTOMERS) {
      expect(rows.find((r) => r.email === demo.email)?.is_blocked, demo.email).toBe(demo.blocked ? 1 : 0);
    }
    const info = (await (await fetch(`${server.url}/api/auth/demo`)).json()) as { enabled: boolean; accounts: { email: string }[] };
    expect(info.enabled).toBe(true);
    expect(info.accounts.map((a) => a.email)).toEqual(DEMO_CUSTOMERS.map((d) => d.email));
    const active = DEMO_CUSTOMERS.find((d) => !d.blocked)!;
    expect((await postTo(server, '/api/auth/login', { email: active.email, password: active.password }, '198.51.100.8')).status).toBe(200);
    const blocked = DEMO_CUSTOMERS.find((d) => d.blocked)!;
    expect((await postTo(server, '/api/auth/login', { email: blocked.email, password: blocked.password }, '198.51.100.8')).status).toBe(403);
  });

  it('creates the demo customers only once across restarts', async () => {
    await server.stop();
    server = await startServer({ env: { DATABASE_URL: databaseUrl, TRUST_PROXY: 'true', SHOP_DEMO: '1', MAIL_DIR: mailDir } });
    const emails = DEMO_CUSTOMERS.map((d) => `'${d.email}'`).join(', ');
    const rows = await runSql<{ n: number }>(databaseUrl, `SELECT count(*) AS n FROM customers WHERE email IN (${emails})`);
    expect(Number(rows[0]!.n)).toBe(3);
  });
});

describe('on a shop served over https, with an SMTP relay that cannot be reached', () => {
  let server: TestServer;
  let databaseUrl: string;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    server = await startServer({ env: { DATABASE_URL: databaseUrl, SMTP_URL: 'smtp://127.0.0.1:9', SITE_URL: 'https://shop.example.com' } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('marks the session cookie Secure', async () => {
    const response = await postTo(server, '/api/auth/register', newSignUp());
    expect(response.status).toBe(201);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
    const logout = await fetch(`${server.url}/api/auth/logout`, { method: 'POST' });
    expect(logout.headers.get('set-cookie')).toContain('Secure');
  });

  it('keeps the message in the outbox with the error and a later retry time', async () => {
    const signUp = newSignUp();
    expect((await postTo(server, '/api/auth/register', signUp)).status).toBe(201);
    const row = await waitFor(async () => {
      const [r] = await runSql<{ attempts: number; last_error: string | null; sent_at: string | null; next_attempt_at: string }>(
        databaseUrl,
        `SELECT attempts, last_error, sent_at, next_attempt_at FROM outbox WHERE to_address = '${signUp.email}'`,
      );
      return r && Number(r.attempts) >= 1 && r.last_error ? r : undefined;
    });
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(new Date(row.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

describe('at start', () => {
  let server: TestServer | undefined;

  afterAll(async () => {
    await server?.stop();
  });

  it('purges sessions that are over and rate-limit attempts older than a day, keeping the live ones', async () => {
    const databaseUrl = await createTestDatabase();
    server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await postTo(server, '/api/auth/register', newSignUp());
      ids.push(((await response.json()) as { user: { id: string } }).user.id);
    }
    await server.stop();
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    await runSql(databaseUrl, `UPDATE sessions SET expires_at = '${hoursAgo(1)}' WHERE customer_id = '${ids[0]}'`);
    await runSql(databaseUrl, `UPDATE sessions SET last_seen_at = '${hoursAgo(13)}' WHERE customer_id = '${ids[1]}'`);
    await runSql(databaseUrl, `INSERT INTO login_attempts (id, scope, created_at) VALUES ('old', 'login:address:x', '${hoursAgo(48)}'), ('new', 'login:address:x', '${hoursAgo(1)}')`);

    server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    const sessions = await waitFor(async () => {
      const rows = await runSql<{ customer_id: string }>(databaseUrl, 'SELECT customer_id FROM sessions');
      return rows.length === 1 ? rows : undefined;
    });
    expect(sessions.map((s) => s.customer_id)).toEqual([ids[2]]);
    // The three sign-ups above are counted too (scope signup:…); they are recent and stay.
    expect((await runSql<{ id: string }>(databaseUrl, "SELECT id FROM login_attempts WHERE scope LIKE 'login:%'")).map((r) => r.id)).toEqual(['new']);
  });
});

describe('sign-ups per address', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { DATABASE_URL: await createTestDatabase(), TRUST_PROXY: 'true', SIGNUP_LIMIT_PER_HOUR: '3' } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('lets one address create SIGNUP_LIMIT_PER_HOUR accounts an hour, then answers 429 with the wait', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await postTo(server, '/api/auth/register', newSignUp(), '203.0.113.7')).status).toBe(201);
    }
    const limited = await postTo(server, '/api/auth/register', newSignUp(), '203.0.113.7');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3_500);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(errorOf(await limited.json())).toEqual({ code: 'too_many_requests', message: 'Too many attempts. Please try again in 60 minutes.' });
    // Another address is not held up by this one.
    expect((await postTo(server, '/api/auth/register', newSignUp(), '203.0.113.8')).status).toBe(201);
  });

  it('does not count a sign-up that was refused', async () => {
    const bad = { ...newSignUp(), phone: 'not a phone' };
    for (let i = 0; i < 4; i++) expect((await postTo(server, '/api/auth/register', bad, '203.0.113.9')).status).toBe(422);
    expect((await postTo(server, '/api/auth/register', newSignUp(), '203.0.113.9')).status).toBe(201);
  });
});
