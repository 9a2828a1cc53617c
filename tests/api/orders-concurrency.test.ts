// 1,000 order submissions against one server, at most 64 in flight, for a product with limited
// stock: every acknowledged order is in the database exactly once, stock never goes below zero,
// and what was sold equals what the stock lost. Duplicate idempotency keys are mixed in.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/lib/schemas/order';
import { fetchProducts, orderBody, postOrder, q, readStock, setStock, type CatalogProduct } from './helpers/orders';
import { createTestDatabase } from './helpers/lane';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

const SUBMISSIONS = 1_000;
const IN_FLIGHT = 64;
const INITIAL_STOCK = 300;
/** Every tenth submission repeats an earlier one's key and body (a retried request). */
const REPEAT_EVERY = 10;

let product: CatalogProduct;
let pair: [CatalogProduct, CatalogProduct];
let db: string;
/** This file's own server and database: orders take stock, which the shared server's catalogue tests compare with the content files. */
let server: TestServer;
let base: string;

/** Sends every body with at most IN_FLIGHT requests at once; returns the statuses in order of answer. */
async function submitAll(bodies: unknown[]): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  async function worker() {
    while (next < bodies.length) {
      const response = await postOrder(base, bodies[next++]);
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return statuses;
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({ env: { DATABASE_URL: db, SIGNUP_LIMIT_PER_HOUR: '1000', ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000' } });
  base = server.url;
  const sellable = (await fetchProducts(base)).filter((p) => !p.requestQuoteOnly && p.inStock);
  product = sellable[sellable.length - 8]!;
  pair = [sellable[sellable.length - 9]!, sellable[sellable.length - 10]!];
  await setStock(db, product.id, INITIAL_STOCK);
});
afterAll(async () => {
  await server?.stop();
});


describe(`${SUBMISSIONS} concurrent order submissions for ${INITIAL_STOCK} units`, () => {
  it('acknowledges only what the stock covers, stores each acknowledged order once, and never goes below zero', async () => {
    const runId = randomUUID().slice(0, 8);
    const bodies: ReturnType<typeof orderBody>[] = [];
    for (let i = 0; i < SUBMISSIONS; i += 1) {
      if (i % REPEAT_EVERY === REPEAT_EVERY - 1) {
        bodies.push(bodies[i - 1]!);
        continue;
      }
      bodies.push(orderBody([{ productId: product.id, quantity: 1 + (i % 3) }], {
        customer: { firstName: 'Load', lastName: `Test ${i}`, email: `load.${runId}.${i}@example.com`, phone: '07700900123' },
      }));
    }

    const results: { key: string; status: number; orderNumber?: string; quantity: number }[] = [];
    let next = 0;
    async function worker() {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const response = await postOrder(base, body);
        const json = await response.json();
        const orderNumber = response.status === 201 || response.status === 200 ? orderSchema.parse(json).orderNumber : undefined;
        results.push({ key: body.idempotencyKey, status: response.status, orderNumber, quantity: body.items[0]!.quantity });
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(results).toHaveLength(SUBMISSIONS);
    const statuses = new Set(results.map((r) => r.status));
    expect([...statuses].every((s) => s === 201 || s === 200 || s === 409), `statuses ${[...statuses]}`).toBe(true);

    // One order per key: a repeated key answers with the first order's number (or both were refused).
    const byKey = new Map<string, Set<string>>();
    for (const r of results) {
      if (!r.orderNumber) continue;
      byKey.set(r.key, (byKey.get(r.key) ?? new Set()).add(r.orderNumber));
    }
    expect([...byKey.values()].every((numbers) => numbers.size === 1)).toBe(true);

    const rows = await runSql<{ order_number: string; idempotency_key: string; quantity: number }>(
      db,
      `SELECT o.order_number, o.idempotency_key, i.quantity FROM orders o JOIN order_items i ON i.order_id = o.id WHERE i.product_id = ${q(product.id)} AND o.customer_email LIKE ${q(`load.${runId}.%`)}`,
    );
    const stored = new Map(rows.map((r) => [r.order_number, r]));
    expect(stored.size, 'no order stored twice').toBe(rows.length);
    const acknowledged = new Set([...byKey.values()].flatMap((s) => [...s]));
    expect(new Set(stored.keys())).toEqual(acknowledged);

    const sold = rows.reduce((sum, r) => sum + Number(r.quantity), 0);
    const { stock_quantity: left, in_stock: inStock } = await readStock(db, product.id);
    expect(left).not.toBeNull();
    expect(left!).toBeGreaterThanOrEqual(0);
    expect(sold + left!).toBe(INITIAL_STOCK);
    // Demand (about 1,800 units) far exceeds the stock: it sells out except for a unit or two that no
    // remaining request was small enough to take.
    expect(left!).toBeLessThan(3);
    expect(inStock).toBe(left! > 0 ? 1 : 0);
    expect(results.filter((r) => r.status === 409).length).toBeGreaterThan(0);
  }, 180_000);

  it('takes two products in either order at once without a deadlock or a lost unit', async () => {
    const [a, b] = pair;
    await setStock(db, a.id, 100);
    await setStock(db, b.id, 100);
    const bodies = Array.from({ length: 300 }, (_, i) => {
      const lines = i % 3 === 0 ? [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 1 }]
        : i % 3 === 1 ? [{ productId: b.id, quantity: 1 }, { productId: a.id, quantity: 1 }]
          : [{ productId: b.id, quantity: 1 }];
      return orderBody(lines);
    });
    const statuses = await submitAll(bodies);
    expect(statuses.filter((s) => s !== 201 && s !== 409), 'only 201 and 409').toEqual([]);
    const sold = async (id: string) => {
      const [row] = await runSql<{ n: number | null }>(db, `SELECT SUM(quantity) AS n FROM order_items WHERE product_id = ${q(id)}`);
      return Number(row?.n ?? 0);
    };
    for (const p of [a, b]) {
      const { stock_quantity: left } = await readStock(db, p.id);
      expect(left!).toBeGreaterThanOrEqual(0);
      expect((await sold(p.id)) + left!).toBe(100);
    }
  }, 120_000);
});
