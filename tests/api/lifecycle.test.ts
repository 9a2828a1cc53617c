import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, currentLane, ROOT } from './helpers/lane';
import { fetchProducts, orderBody, q, readStock, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';
import { spawnServer, startServer, waitForExit } from './helpers/server';

/** Version, ETag and row counts of a server's catalogue. */
async function readState(url: string, databaseUrl: string) {
  const response = await fetch(`${url}/api/catalog`);
  const body = (await response.json()) as { version: string; products: unknown[] };
  const [counts] = await runSql<{ products: number | string; categories: number | string }>(
    databaseUrl,
    'SELECT (SELECT COUNT(*) FROM products) AS products, (SELECT COUNT(*) FROM categories) AS categories',
  );
  return {
    version: body.version,
    etag: response.headers.get('etag'),
    apiProducts: body.products.length,
    products: Number(counts!.products),
    categories: Number(counts!.categories),
  };
}

describe('start, restart and seed', () => {
  it('seeds an empty database once; a restart changes nothing (same version, ETag and rows)', async () => {
    const databaseUrl = await createTestDatabase();
    const first = await startServer({ env: { DATABASE_URL: databaseUrl } });
    const before = await readState(first.url, databaseUrl);
    await first.stop();
    expect((await first.exited).code).toBe(0);
    expect(first.logLines().some((l) => l.msg === 'catalogue seeded from content')).toBe(true);
    expect(before.products).toBe(before.apiProducts);
    expect(before.categories).toBeGreaterThan(0);

    const second = await startServer({ env: { DATABASE_URL: databaseUrl } });
    try {
      expect(await readState(second.url, databaseUrl)).toEqual(before);
      const messages = second.logLines().map((l) => l.msg);
      expect(messages).not.toContain('catalogue seeded from content');
      expect(messages).not.toContain('migrations applied');
      const [seeded] = await runSql<{ n: number | string }>(databaseUrl, "SELECT COUNT(*) AS n FROM meta WHERE key = 'catalog_seeded'");
      expect(Number(seeded!.n)).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('exports an untouched seed back to content files that equal the originals byte for byte', async () => {
    const databaseUrl = await createTestDatabase();
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    await server.stop();

    const contentDir = join(mkdtempSync(join(tmpdir(), 'shop-export-')), 'content');
    cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
    // Empty every catalogue file (keeping its final-newline habit) so only the export can refill them.
    const files = ['categories.json', ...readdirSync(join(contentDir, 'products')).map((f) => join('products', f))];
    for (const file of files) {
      const original = readFileSync(join(ROOT, 'content', file), 'utf8');
      writeFileSync(join(contentDir, file), original.endsWith('\n') ? '[]\n' : '[]');
    }

    const result = spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-export.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, CONTENT_DIR: contentDir },
      encoding: 'utf8',
    });
    expect(result.status, result.stderr).toBe(0);
    for (const file of files) {
      const exported = readFileSync(join(contentDir, file));
      const original = readFileSync(join(ROOT, 'content', file));
      expect(exported.equals(original), `${file} differs after the round trip`).toBe(true);
    }
  });
});

describe('configuration', () => {
  const cases: [string, Record<string, string>, RegExp][] = [
    ['PORT', { PORT: 'abc' }, /^Invalid configuration: PORT must be an integer 1-65535 \(got "abc"\)$/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/shop' }, /^Invalid configuration: DATABASE_URL /],
    ['SITE_URL', { SITE_URL: 'not a url' }, /^Invalid configuration: SITE_URL /],
    ['MAX_BODY_BYTES', { MAX_BODY_BYTES: '-5' }, /^Invalid configuration: MAX_BODY_BYTES /],
    ['SHOP_DEMO', { SHOP_DEMO: 'maybe' }, /^Invalid configuration: SHOP_DEMO /],
    ['ADMIN_PASSWORD', { ADMIN_PASSWORD: 'short' }, /^Invalid configuration: ADMIN_PASSWORD .*\(got hidden\)$/],
    ['S3_BUCKET', { MEDIA_STORE: 's3' }, /^Invalid configuration: S3_BUCKET must be set when MEDIA_STORE=s3 \(got unset\)$/],
  ];

  for (const [name, env, message] of cases) {
    it(`stops the start with one line naming ${name} and exit code 1`, async () => {
      const { child, output } = spawnServer({ ...env, DATABASE_URL: env.DATABASE_URL ?? 'file:/tmp/never-opened.db', HOST: '127.0.0.1' });
      const { code } = await waitForExit(child, 30_000);
      expect(code).toBe(1);
      const lines = output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(message);
    });
  }
});

describe('SIGTERM', () => {
  it('stops accepting, finishes the request in flight, closes the database and exits 0', async () => {
    const server = await startServer({ env: { DATABASE_URL: await createTestDatabase() } });
    const port = Number(new URL(server.url).port);
    // A request whose body is still arriving when the signal comes.
    let finishBody = () => {};
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/no-route', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"slow":');
      finishBody = () => req.end('true}');
    });
    // The server has read the request's start (its access line comes only at the end): then the signal.
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    // 'shutting down' is logged as the listener closes: from then on new connections are refused.
    await server.waitForLog((l) => l.msg === 'shutting down');
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    finishBody();

    const answer = await inFlight;
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body).error.code).toBe('not_found');
    const { code, signal } = await waitForExit(server.child, 15_000);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    const messages = server.logLines().map((l) => l.msg);
    expect(messages).toEqual(expect.arrayContaining(['signal received', 'shutting down', 'server stopped']));
  });
});

describe.runIf(currentLane() === 'postgres')('SIGTERM while an order is half placed', () => {
  // The order waits on a lock another session holds (as behind a long transaction), its client gives
  // up, and the signal comes: the server must not close the database under the order's later steps
  // (they failed with 'driver has already been destroyed' before). PostgreSQL only: on SQLite a
  // locked database is waited for synchronously, with nothing else running meanwhile.
  it('finishes the order whose client went away before it closes the database, and exits 0', async () => {
    const databaseUrl = await createTestDatabase();
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      const product = (await fetchProducts(server.url)).find((p) => !p.requestQuoteOnly)!;
      await setStock(databaseUrl, product.id, 50);
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE login_attempts IN EXCLUSIVE MODE');
      const gone = new AbortController();
      const body = orderBody([{ productId: product.id, quantity: 2 }]);
      const order = fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify(body),
        signal: gone.signal,
      }).catch(() => 'aborted');
      const waitingOnLock = async () =>
        Number(
          (
            await locker.query<{ n: string }>(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
            )
          ).rows[0]!.n,
        );
      await expect.poll(waitingOnLock, { timeout: 15_000, message: 'the order waits on the lock' }).toBe(1);
      gone.abort();
      expect(await order).toBe('aborted');
      await server.waitForLog((l) => l.msg === 'request' && l.path === '/api/orders' && l.aborted === true, 15_000);
      server.child.kill('SIGTERM');
      await server.waitForLog((l) => l.msg === 'shutting down', 15_000);
      await locker.query('COMMIT');

      const { code, signal } = await waitForExit(server.child, 15_000);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(server.logLines().filter((l) => l.level === 'error' || l.level === 'warn')).toEqual([]);
      const placed = await runSql<{ n: number | string }>(databaseUrl, `SELECT COUNT(*) AS n FROM orders WHERE idempotency_key = ${q(body.idempotencyKey)}`);
      expect(Number(placed[0]!.n)).toBe(1);
      expect((await readStock(databaseUrl, product.id)).stock_quantity).toBe(48);
    } finally {
      await locker.end().catch(() => undefined);
      await server.stop();
    }
  }, 60_000);
});

describe('kill -9', () => {
  it('during a burst of catalogue reads, then a restart on the same database starts cleanly', async () => {
    const databaseUrl = await createTestDatabase();
    const server = await startServer({ env: { DATABASE_URL: databaseUrl } });
    const before = await readState(server.url, databaseUrl);

    const burst = Array.from({ length: 200 }, () =>
      fetch(`${server.url}/api/catalog`, { headers: { 'accept-encoding': 'gzip' } })
        .then((r) => r.arrayBuffer())
        .catch(() => undefined),
    );
    await new Promise((r) => setTimeout(r, 150));
    server.child.kill('SIGKILL');
    await Promise.all(burst);
    expect((await server.exited).signal).toBe('SIGKILL');

    const restarted = await startServer({ env: { DATABASE_URL: databaseUrl } });
    try {
      expect(await readState(restarted.url, databaseUrl)).toEqual(before);
      if (inject('apiLane') === 'sqlite') {
        const [check] = await runSql<{ integrity_check: string }>(databaseUrl, 'PRAGMA integrity_check');
        expect(check!.integrity_check).toBe('ok');
      }
    } finally {
      await restarted.stop();
    }
  });
});
