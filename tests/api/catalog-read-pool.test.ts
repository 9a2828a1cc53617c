// The live catalogue reads over a pool of its own on PostgreSQL (DatabaseHandle.readDb): while
// every connection of the main pool is held by orders waiting for the catalogue's revision lock
// (taken here by another session, as a long sale would), GET /api/catalog, its cards and the shop's
// results still answer at once; the orders go through when the lock is let go. On SQLite there is
// one connection and no pool to run dry: the file runs on the PostgreSQL lane only.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchProducts, orderBody, postOrder, setStock } from './helpers/orders';
import { createTestDatabase, currentLane } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';

/** The main pool's size (src/server/db/connection.ts): this many orders and more hold every connection. */
const MAIN_POOL = 10;
const ORDERS = MAIN_POOL + 4;

describe.runIf(currentLane() === 'postgres')('the catalogue while the main pool is held', () => {
  let databaseUrl: string;
  let server: TestServer;
  let locker: pg.Client;
  let watcher: pg.Client;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase();
    // Every order from the one test address and many e-mails: the hoarding limits are not what is tested here.
    server = await startServer({ env: { DATABASE_URL: databaseUrl, ORDER_LIMIT_PER_HOUR: '1000', ORDER_PENDING_MAX: '1000' } });
    locker = new pg.Client({ connectionString: databaseUrl });
    watcher = new pg.Client({ connectionString: databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
  });

  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await watcher?.end().catch(() => undefined);
    await server?.stop();
  });

  it('answers the catalogue, its cards and results at once, and the orders go through after', async () => {
    const base = server.url;
    const product = (await fetchProducts(base)).find((p) => !p.requestQuoteOnly)!;
    await setStock(databaseUrl, product.id, 1000);

    await locker.query('BEGIN');
    await locker.query('SELECT revision FROM catalog_revision WHERE id = 1 FOR UPDATE');
    const orders = Array.from({ length: ORDERS }, (_, i) =>
      postOrder(base, orderBody([{ productId: product.id, quantity: 1 }], { customer: { firstName: 'Pool', lastName: 'Test', email: `pool${i}@example.com`, phone: '07700 900123' } })),
    );
    try {
      // Until every connection of the main pool waits on the lock.
      const deadline = Date.now() + 15_000;
      for (;;) {
        const { rows } = await watcher.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        );
        if (Number(rows[0]!.n) >= MAIN_POOL) break;
        if (Date.now() > deadline) throw new Error(`only ${rows[0]!.n} sessions wait on the lock`);
        await new Promise((r) => setTimeout(r, 50));
      }

      for (const path of ['/api/catalog', '/api/catalog/cards', '/api/catalog/results?view=products&limit=8']) {
        const started = Date.now();
        const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(4_800) });
        expect(response.status, path).toBe(200);
        await response.arrayBuffer();
        // Behind the held pool it waited for a connection until the pool's 5 s timeout, then answered
        // 503; a first answer built from scratch on a loaded machine takes up to a second or two.
        expect(Date.now() - started, `${path} answered in`).toBeLessThan(4_000);
      }
    } finally {
      await locker.query('COMMIT');
    }
    const statuses = await Promise.all(orders.map(async (order) => (await order).status));
    expect(statuses).toEqual(Array(ORDERS).fill(201));
  }, 60_000);
});
