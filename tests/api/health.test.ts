import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { healthResponseSchema } from '../../src/lib/schemas/api';
import { baseUrl, errorOf } from './helpers/http';
import { unreachableDatabaseUrl } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';

describe('GET /api/health', () => {
  it('answers 200 { status: "ok", database, mail } naming the engine in use, never cached', async () => {
    const response = await fetch(`${baseUrl()}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = healthResponseSchema.parse(await response.json());
    expect(body).toMatchObject({ status: 'ok', database: inject('apiLane') });
    expect(body.reason).toBeUndefined();
    expect(Object.keys(body.mail!).sort()).toEqual(['failing', 'oldestSeconds', 'queued', 'urgent']);
  });
});

describe('with an unreachable database', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ env: { DATABASE_URL: unreachableDatabaseUrl() }, readyStatus: 'any' });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('still starts, and health answers 503 { status: "unavailable", database, reason }', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(503);
    const reason = inject('apiLane') === 'sqlite' ? 'the database file cannot be opened' : 'the database server cannot be reached';
    expect(await response.json()).toEqual({ status: 'unavailable', database: inject('apiLane'), reason });
  });

  it('answers catalogue requests with 503 JSON and a Retry-After', async () => {
    const response = await fetch(`${server.url}/api/catalog`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBeTruthy();
    expect(errorOf(await response.json()).code).toBe('unavailable');
  });

  it('keeps serving the pre-rendered pages', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html');
  });

  it('logs the outage as a structured line with the request id of the request that met it', async () => {
    await (await fetch(`${server.url}/api/catalog`, { headers: { 'x-request-id': 'health-test-0001' } })).arrayBuffer();
    // The access line is written when the response closes, just after the client has it.
    await server.waitForLog((l) => l.requestId === 'health-test-0001' && l.msg === 'request' && l.status === 503);
    expect(server.logLines().some((l) => l.level === 'error' && l.msg === 'database unavailable')).toBe(true);
  });
});

describe.runIf(process.env.API_TEST_PG_DIR)('when PostgreSQL goes away while the server runs', () => {
  it('answers 503 while it is down and recovers by itself when it is back', async () => {
    const { startPgServer, stopPgServer } = (await import('../../scripts/pg-cluster.mjs')) as {
      startPgServer: (dir: string, port: number) => void;
      stopPgServer: (dir: string) => void;
    };
    const dir = process.env.API_TEST_PG_DIR!;
    const port = Number(process.env.API_TEST_PG_PORT);
    expect((await fetch(`${baseUrl()}/api/health`)).status).toBe(200);
    stopPgServer(dir);
    try {
      // Health reuses one probe for a second: the outage shows at the latest one probe later.
      await expect.poll(async () => (await fetch(`${baseUrl()}/api/health`)).status, { timeout: 5_000, interval: 200 }).toBe(503);
      const health = await fetch(`${baseUrl()}/api/health`);
      expect(await health.json()).toEqual({ status: 'unavailable', database: 'postgres', reason: 'the database server cannot be reached' });
      const product = await fetch(`${baseUrl()}/api/products/anything`);
      expect(product.status).toBe(503);
      expect(errorOf(await product.json()).code).toBe('unavailable');
      // A write as well: its failed transaction answers 503, never 500.
      const contact = await fetch(`${baseUrl()}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Pat Outage', email: 'pat.outage@example.com', message: 'Is anyone there while the database is down?' }),
      });
      expect(contact.status).toBe(503);
      expect(errorOf(await contact.json()).code).toBe('unavailable');
      expect((await fetch(`${baseUrl()}/`)).status).toBe(200);
    } finally {
      startPgServer(dir, port);
    }
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await fetch(`${baseUrl()}/api/health`)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/catalog`)).status).toBe(200);
  });
});
