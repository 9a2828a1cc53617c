import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../../../src/server/config';
import { createEdgeListener } from '../../../../src/server/http/edge';
import { LowPriorityLane } from '../../../../src/server/http/low-priority-lane';
import { currentClientAddress, currentRequestId } from '../../../../src/server/http/request-context';
import { createLogger } from '../../../../src/server/log';

let server: Server;
let base: string;
const logs: Record<string, unknown>[] = [];

beforeAll(async () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'shop-edge-'));
  writeFileSync(join(clientDir, 'index.html'), '<html><body><script>window.x=1</script></body></html>');
  const listener = createEdgeListener({
    clientDir,
    config: parseConfig({ SITE_URL: 'https://shop.example.com', MAX_BODY_BYTES: '2048' }),
    log: createLogger('info', (line) => logs.push(JSON.parse(line))),
    isShuttingDown: () => false,
    // Stands in for Astro: echoes what the edge handed on.
    handler: (req: IncomingMessage & { body?: unknown }, res) => {
      const body = req.body instanceof Buffer ? req.body.toString() : null;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          requestId: currentRequestId(),
          clientAddress: currentClientAddress(),
          forwardedFor: req.headers['x-forwarded-for'] ?? null,
          origin: req.headers.origin ?? null,
          body,
        }),
      );
    },
  });
  server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the node edge', () => {
  it('gives every request an id, visible to the code below it and in the response', async () => {
    const response = await fetch(`${base}/page`);
    const seen = (await response.json()) as { requestId: string };
    expect(response.headers.get('x-request-id')).toBe(seen.requestId);
  });

  it('sets the security headers, with a CSP that allows the build’s inline scripts by hash', async () => {
    const response = await fetch(`${base}/page`);
    await response.arrayBuffer();
    expect(response.headers.get('content-security-policy')).toContain("'sha256-");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives API answers a policy that allows nothing to load, without the pages’ script hashes', async () => {
    const response = await fetch(`${base}/api/anything`);
    await response.arrayBuffer();
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('drops X-Forwarded-* from clients when no proxy is trusted, and logs the socket address', async () => {
    const response = await fetch(`${base}/page`, { headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'edge-test-0001' } });
    const seen = (await response.json()) as { forwardedFor: string | null; clientAddress: string };
    expect(seen.forwardedFor).toBeNull();
    expect(seen.clientAddress).toBe('127.0.0.1');
    await new Promise((r) => setTimeout(r, 20));
    expect(logs.find((l) => l.requestId === 'edge-test-0001')).toMatchObject({ msg: 'request', status: 200, ip: '127.0.0.1' });
  });

  it('checks the JSON of an API body once and hands the bytes on', async () => {
    const response = await fetch(`${base}/api/thing`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://shop.example.com' }, body: '{"a":1}' });
    expect(((await response.json()) as { body: string }).body).toBe('{"a":1}');
  });

  it('serves sign-ins through the low-priority lane, each with its own request id, address and body', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const body = JSON.stringify({ email: `lane.${i}@example.com` });
        const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://shop.example.com' }, body });
        return { sent: body, id: response.headers.get('x-request-id'), seen: (await response.json()) as { requestId: string; clientAddress: string; body: string } };
      }),
    );
    for (const { sent, id, seen } of answers) expect(seen).toMatchObject({ requestId: id, clientAddress: '127.0.0.1', body: sent });
  });

  it('answers 400, 413, 415 and 403 itself, in the API error shape', async () => {
    const post = (path: string, headers: Record<string, string>, body: string) => fetch(`${base}${path}`, { method: 'POST', headers, body });
    const cases: [Promise<Response>, number, string][] = [
      [post('/api/x', { 'content-type': 'application/json' }, '{nope'), 400, 'bad_json'],
      [post('/api/x', { 'content-type': 'application/json' }, JSON.stringify({ pad: 'x'.repeat(4000) })), 413, 'payload_too_large'],
      [post('/api/x', { 'content-type': 'text/plain' }, 'hello'), 415, 'unsupported_media_type'],
      [post('/api/x', { 'content-type': 'application/json', origin: 'https://evil.example' }, '{}'), 403, 'forbidden_origin'],
    ];
    for (const [pending, status, code] of cases) {
      const response = await pending;
      expect(response.status).toBe(status);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe(code);
    }
  });

  it('tells the app the origin it expects once its own origin check has passed', async () => {
    const response = await fetch(`${base}/api/thing`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(((await response.json()) as { origin: string }).origin).toBe(base);
  });
});

describe('the node edge with its low-priority lane full', () => {
  let full: Server;
  let fullBase: string;

  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'shop-edge-'));
    writeFileSync(join(clientDir, 'index.html'), '<html><body></body></html>');
    const listener = createEdgeListener({
      clientDir,
      config: parseConfig({ SITE_URL: 'https://shop.example.com' }),
      log: createLogger('error', () => undefined),
      isShuttingDown: () => false,
      // No place at all: every password request finds the line full.
      passwordLane: new LowPriorityLane(1, 0),
      handler: (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end('{"served":true}');
      },
    });
    full = createServer(listener);
    await new Promise<void>((resolve) => full.listen(0, '127.0.0.1', resolve));
    fullBase = `http://127.0.0.1:${(full.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => full.close(() => resolve())));

  it('answers password requests 503 with Retry-After at once, and serves everything else', async () => {
    const headers = { 'content-type': 'application/json', origin: 'https://shop.example.com' };
    for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/reset-password', '/api/admin/auth/login']) {
      const response = await fetch(`${fullBase}${path}`, { method: 'POST', headers, body: '{"email":"ann@example.com"}' });
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
      expect(await response.json()).toEqual({ error: { code: 'busy', message: 'The server is busy signing other people in. Please try again in a moment.' } });
    }
    expect(await (await fetch(`${fullBase}/api/orders`, { method: 'POST', headers, body: '{}' })).json()).toEqual({ served: true });
    expect((await fetch(`${fullBase}/page`)).status).toBe(200);
  });
});

describe('the node edge, for paths that name no page', () => {
  let notFoundServer: Server;
  let notFoundBase: string;
  const rendered: string[] = [];
  const notFoundPage = `<!doctype html><html><body><h1>Page not found</h1>${'<p>Try the shop.</p>'.repeat(100)}</body></html>`;

  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'shop-edge-404-'));
    writeFileSync(join(clientDir, '404.html'), notFoundPage);
    const listener = createEdgeListener({
      clientDir,
      config: parseConfig({ SITE_URL: 'https://shop.example.com' }),
      log: createLogger('error', () => {}),
      isShuttingDown: () => false,
      // Stands in for Astro: says which paths reached it.
      handler: (req, res) => {
        rendered.push(req.url ?? '');
        res.end('rendered');
      },
    });
    notFoundServer = createServer(listener);
    await new Promise<void>((resolve) => notFoundServer.listen(0, '127.0.0.1', resolve));
    notFoundBase = `http://127.0.0.1:${(notFoundServer.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => notFoundServer.close(() => resolve())));

  it('answers the not-found page compressed with 404 itself, and hands on-demand pages to Astro', async () => {
    const missing = await fetch(`${notFoundBase}/wp-login.php`, { headers: { 'accept-encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-encoding')).toBe('br');
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await missing.text()).toBe(notFoundPage);
    expect(rendered).toEqual([]);
    for (const path of ['/admin/login', '/admin/dashboard/orders']) expect(await (await fetch(`${notFoundBase}${path}`)).text()).toBe('rendered');
    // A client that takes no compression gets Astro's own answer.
    await (await fetch(`${notFoundBase}/nothing-here`, { headers: { 'accept-encoding': 'identity' } })).text();
    expect(rendered).toEqual(['/admin/login', '/admin/dashboard/orders', '/nothing-here']);
  });
});
