import { connect, type Socket } from 'node:net';
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, unreachableDatabaseUrl } from './helpers/lane';
import { startServer, waitForExit } from './helpers/server';

/** Everything a raw socket receives until it closes. */
function readAll(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.once('end', () => resolve(text));
    socket.once('error', reject);
  });
}

describe('GET /api/health/ready', () => {
  it("answers 200 { status: 'ready' } once the database is migrated and seeded", async () => {
    const server = await startServer({ env: { DATABASE_URL: await createTestDatabase() } });
    try {
      const response = await fetch(`${server.url}/api/health/ready`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ status: 'ready' });
    } finally {
      await server.stop();
    }
  });

  it("answers 503 'starting' while the database has not started (it cannot be reached)", async () => {
    const server = await startServer({ env: { DATABASE_URL: unreachableDatabaseUrl() }, readyStatus: 503 });
    try {
      const response = await fetch(`${server.url}/api/health/ready`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ status: 'starting' });
    } finally {
      await server.stop();
    }
  });

  it("answers 503 'stopping' once SIGTERM arrived, while requests in flight finish", async () => {
    const server = await startServer({ env: { DATABASE_URL: await createTestDatabase() } });
    const port = Number(new URL(server.url).port);
    // A request whose body is still arriving when the signal comes keeps the server from closing at once.
    let finishBody = () => {};
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/no-route', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.write('{"slow":');
      finishBody = () => req.end('true}');
    });
    // A load balancer's probe on a connection it opened before the signal, its request begun.
    const probe = connect(port, '127.0.0.1');
    await new Promise((resolve) => probe.once('connect', resolve));
    const answer = readAll(probe);
    probe.write('GET /api/health/ready HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill('SIGTERM');
    await server.waitForLog((l) => l.msg === 'shutting down');
    probe.write('\r\n');
    const text = await answer;
    expect(text).toMatch(/^HTTP\/1\.1 503 /);
    expect(text.toLowerCase()).toContain('connection: close');
    expect(text).toContain('{"status":"stopping"}');

    finishBody();
    expect(await inFlight).toBe(404);
    expect(await waitForExit(server.child, 15_000)).toEqual({ code: 0, signal: null });
  });
});
