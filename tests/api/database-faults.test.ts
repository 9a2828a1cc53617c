import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthResponseSchema } from '../../src/lib/schemas/api';
import { errorOf } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { fetchProducts, orderBody, postOrder } from './helpers/orders';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

/** A user without privileges, for a test run as root (root writes read-only files regardless). */
const UNPRIVILEGED = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : undefined;

/** The health body and status of a server. */
async function health(url: string) {
  const response = await fetch(`${url}/api/health`);
  return { status: response.status, body: healthResponseSchema.parse(await response.json()) };
}

/** The three writes the probe saw answer 500: a contact message, a sign-up and an order. */
async function writes(url: string, productId: string): Promise<Response[]> {
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify(body) });
  const email = `fault.${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Harbour7!Lights';
  return Promise.all([
    fetch(`${url}/api/contact`, json({ name: 'Fay Fault', email, message: 'Is the shop writable today?' })),
    fetch(`${url}/api/auth/register`, json({ fullName: 'Fay Fault', email, phone: '+12145550123', dateOfBirth: '1990-05-17', password, confirmPassword: password, acceptTerms: true })),
    postOrder(url, orderBody([{ productId, quantity: 1 }], { customer: { firstName: 'Fay', lastName: 'Fault', email, phone: '07700 900123' } })),
  ]);
}

/** Asserts that every response is the documented 503 JSON with a Retry-After. */
async function expectUnavailable(responses: Response[]): Promise<void> {
  for (const response of responses) {
    expect(response.status, response.url).toBe(503);
    expect(response.headers.get('retry-after')).toBeTruthy();
    expect(errorOf(await response.json())).toEqual({ code: 'unavailable', message: 'The service is temporarily unavailable. Please try again shortly.' });
  }
}

/** Waits until health answers 200 again (the server replaces its connection by itself). */
async function waitForRecovery(url: string): Promise<void> {
  await expect.poll(async () => (await health(url)).status, { timeout: 20_000, interval: 250 }).toBe(200);
}

describe.runIf(inject('apiLane') === 'sqlite')('a SQLite file that is read-only when the server starts', () => {
  let dir: string;
  let file: string;
  let server: TestServer;
  let productId: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'shop-readonly-'));
    if (UNPRIVILEGED) chownSync(dir, UNPRIVILEGED.uid, UNPRIVILEGED.gid);
    file = join(dir, 'shop.db');
    // The server's own temporary files too: the run's TMPDIR is not the unprivileged user's to write.
    const env = { DATABASE_URL: `file:${file}`, MAIL_DIR: join(dir, 'mail'), TMPDIR: dir };
    const first = await startServer({ env, user: UNPRIVILEGED });
    productId = (await fetchProducts(first.url)).find((p) => p.inStock)!.id;
    await first.stop();
    chmodSync(file, 0o444);
    server = await startServer({ env, user: UNPRIVILEGED, readyStatus: 'any' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('says degraded (reads work, writes fail) with the reason, and keeps serving reads', async () => {
    const { status, body } = await health(server.url);
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: 'degraded', database: 'sqlite', reason: 'the database is read-only' });
    expect(body.mail).toBeDefined();
    expect((await fetch(`${server.url}/api/catalog`)).status).toBe(200);
  });

  it('answers orders, sign-up and contact with the 503 JSON and logs the real error, not a rollback error', async () => {
    await expectUnavailable(await writes(server.url, productId));
    const lines = server.logLines();
    expect(lines.some((l) => l.msg === 'database unavailable' && JSON.stringify(l.err).includes('attempt to write a readonly database'))).toBe(true);
    expect(server.output()).not.toContain('cannot rollback');
    expect(lines.some((l) => l.level === 'error')).toBe(false);
  });

  it('recovers by itself once the file is writable again, without a restart', async () => {
    chmodSync(file, 0o644);
    await waitForRecovery(server.url);
    const answers = await writes(server.url, productId);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(server.child.exitCode).toBeNull();
    expect(server.logLines().some((l) => l.msg === 'database connection replaced; writes work again')).toBe(true);
  });
});

describe.runIf(inject('apiLane') === 'postgres')('a PostgreSQL database that turns read-only while the server runs', () => {
  let databaseUrl: string;
  let name: string;
  let server: TestServer;
  let productId: string;
  const admin = () => process.env.API_TEST_PG_URL!;

  /** Sets the database read-only (or not) for new sessions and ends the server's current ones. */
  async function setReadOnly(on: boolean): Promise<void> {
    await runSql(admin(), `ALTER DATABASE ${name} SET default_transaction_read_only = ${on ? 'on' : 'off'}`);
    if (on) await runSql(admin(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`);
  }

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    name = new URL(databaseUrl).pathname.slice(1);
    server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    productId = (await fetchProducts(server.url)).find((p) => p.inStock)!.id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('answers writes with the 503 JSON, says degraded, then recovers by itself when writes are allowed again', async () => {
    await setReadOnly(true);
    try {
      await expect.poll(async () => (await health(server.url)).body.status, { timeout: 10_000 }).toBe('degraded');
      expect((await health(server.url)).body.reason).toBe('the database is read-only');
      await expectUnavailable(await writes(server.url, productId));
      expect((await fetch(`${server.url}/api/catalog`)).status).toBe(200);
      expect(server.output()).not.toMatch(/"level":"error"/);
    } finally {
      await setReadOnly(false);
    }
    await waitForRecovery(server.url);
    expect((await writes(server.url, productId)).map((r) => r.status)).toEqual([201, 201, 201]);
    expect(server.child.exitCode).toBeNull();
  });
});
