// The one client address of a request (rate limits and the access log) under each TRUST_PROXY
// setting, with X-Forwarded-For chains a client could forge. The test client connects from 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';

/** A failed sign-in (unknown e-mail) forwarded as `forwardedFor`; returns its status and the address the access log gave it. */
async function failSignIn(server: TestServer, forwardedFor?: string): Promise<{ status: number; ip: unknown }> {
  const requestId = `probe-${randomUUID()}`;
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': requestId, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ email: `nobody.${randomUUID()}@example.com`, password: 'Harbour7!Lights' }),
  });
  await response.arrayBuffer();
  // The access line is written when the response closes: wait for it.
  const line = await server.waitForLog((l) => l.msg === 'request' && l.requestId === requestId);
  return { status: response.status, ip: line.ip };
}

/** A made-up left part of X-Forwarded-For, different on every call. */
const forged = (i: number) => `203.0.113.${i % 250}, 192.0.2.${(i * 7) % 250}`;

/** Starts a server of its own with this TRUST_PROXY value; stopped after the suite. */
function serverWith(trustProxy: string): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer({ env: { DATABASE_URL: await createTestDatabase(), TRUST_PROXY: trustProxy } });
  });
  afterAll(async () => {
    await server?.stop();
  });
  return () => server!;
}

describe('TRUST_PROXY=true (one trusted hop)', () => {
  const server = serverWith('true');

  it('counts the address the proxy appended: a made-up left part of X-Forwarded-For does not dodge the per-address limit', async () => {
    for (let i = 0; i < 20; i++) {
      const { status, ip } = await failSignIn(server(), `${forged(i)}, 198.51.100.8`);
      expect(status).toBe(404);
      expect(ip).toBe('198.51.100.8');
    }
    expect((await failSignIn(server(), `${forged(99)}, 198.51.100.8`)).status).toBe(429);
    // Another client behind the same proxy is not held up.
    expect(await failSignIn(server(), '203.0.113.1, 198.51.100.9')).toEqual({ status: 404, ip: '198.51.100.9' });
  });

  it('uses the socket address when nothing is forwarded', async () => {
    expect((await failSignIn(server())).ip).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY=2 (two trusted hops)', () => {
  const server = serverWith('2');

  it('takes the entry the second proxy received from, whatever the client wrote before it', async () => {
    expect((await failSignIn(server(), `${forged(3)}, 198.51.100.20, 10.0.0.1`)).ip).toBe('198.51.100.20');
    expect((await failSignIn(server(), '198.51.100.21, 10.0.0.1')).ip).toBe('198.51.100.21');
  });
});

describe('TRUST_PROXY as a list of proxy addresses and subnets', () => {
  const server = serverWith('loopback, 10.0.0.0/8');

  it('walks back through the trusted proxies only and stops at the first address that is not one', async () => {
    expect((await failSignIn(server(), `${forged(5)}, 198.51.100.30, 10.1.2.3`)).ip).toBe('198.51.100.30');
    expect((await failSignIn(server(), '198.51.100.31')).ip).toBe('198.51.100.31');
  });
});

describe('TRUST_PROXY naming a proxy the request did not come through', () => {
  const server = serverWith('10.0.0.0/8');

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy: every forged chain is the socket address', async () => {
    for (let i = 0; i < 20; i++) expect(await failSignIn(server(), `${forged(i)}, 10.0.0.${i}`)).toEqual({ status: 404, ip: '127.0.0.1' });
    expect((await failSignIn(server(), '198.51.100.40')).status).toBe(429);
  });
});

describe('TRUST_PROXY=false (the default)', () => {
  const server = serverWith('false');

  it('never reads X-Forwarded-For', async () => {
    expect((await failSignIn(server(), '198.51.100.50')).ip).toBe('127.0.0.1');
  });
});
