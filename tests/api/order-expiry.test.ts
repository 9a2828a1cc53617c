// Stock cannot be held by orders nobody approves (issue #16 item 1): a pending order older than
// ORDER_HOLD_HOURS is cancelled by the server itself, its stock given back once and its customer
// told; approved orders and younger pending ones are left alone. The server sweeps at start and
// then every few minutes, so the test ages the orders behind its back and starts it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, placeOrder, startShop, staffSignIn, type Shop } from './helpers/admin';
import { fetchProducts, q, readStock, setStock } from './helpers/orders';
import { startServer } from './helpers/server';
import { runSql } from './helpers/sql';

const HOUR_MS = 3_600_000;

let shop: Shop;
let productId: string;
let stale: { id: string; orderNumber: string; email: string };
let young: { id: string; orderNumber: string; email: string };
let approved: { id: string; orderNumber: string; email: string };

/** Moves an order's creation time `hours` into the past. */
async function ageOrder(db: string, id: string, hours: number): Promise<void> {
  await runSql(db, `UPDATE orders SET created_at = ${q(new Date(Date.now() - hours * HOUR_MS).toISOString())} WHERE id = ${q(id)}`);
}

/** The status, payment status and notes of an order as staff see it. */
async function adminView(id: string, cookie: string) {
  const response = await call(shop.base, `/api/admin/orders/${id}`, { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { status: string; paymentStatus: string; history: { action: string; by: string; note?: string }[] };
}

beforeAll(async () => {
  shop = await startShop({ ORDER_HOLD_HOURS: '48' });
  productId = (await fetchProducts(shop.base)).find((p) => p.inStock && !p.requestQuoteOnly)!.id;
  await setStock(shop.db, productId, 20);
  stale = await placeOrder(shop.base, [{ productId, quantity: 3 }]);
  young = await placeOrder(shop.base, [{ productId, quantity: 2 }]);
  approved = await placeOrder(shop.base, [{ productId, quantity: 4 }]);
  const cookie = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  expect((await call(shop.base, `/api/admin/orders/${approved.id}/approve`, { cookie, method: 'POST' })).status).toBe(200);
  expect((await readStock(shop.db, productId)).stock_quantity).toBe(11);

  await shop.server.stop();
  await ageOrder(shop.db, stale.id, 49);
  await ageOrder(shop.db, young.id, 47);
  await ageOrder(shop.db, approved.id, 72);
  shop = { ...shop, server: await startServer({ env: { DATABASE_URL: shop.db, SHOP_DEMO: '1', ORDER_HOLD_HOURS: '48' }, readyTimeoutMs: 120_000 }) };
  shop.base = shop.server.url;
}, 240_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('pending orders nobody approved within ORDER_HOLD_HOURS', () => {
  it('are cancelled by the server, payment declined, with a note saying why, by the System', async () => {
    const cookie = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    await expect.poll(async () => (await adminView(stale.id, cookie)).status, { timeout: 20_000, interval: 250 }).toBe('cancelled');
    const order = await adminView(stale.id, cookie);
    expect(order.paymentStatus).toBe('declined');
    const last = order.history.at(-1)!;
    expect(last.by).toBe('System');
    expect(order.history.some((event) => event.note === 'Order cancelled: not approved within 48 hours')).toBe(true);
  });

  it('give their stock back exactly once, and leave approved and younger pending orders as they were', async () => {
    const cookie = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    await expect.poll(async () => (await adminView(stale.id, cookie)).status, { timeout: 20_000, interval: 250 }).toBe('cancelled');
    expect((await readStock(shop.db, productId)).stock_quantity).toBe(14);
    expect((await adminView(young.id, cookie)).status).toBe('pending');
    expect((await adminView(approved.id, cookie)).status).toBe('approved');
  });

  it('tell the customer: an e-mail in the outbox and the status in Track Your Order', async () => {
    await expect
      .poll(async () => (await runSql<{ subject: string }>(shop.db, `SELECT subject FROM outbox WHERE to_address = ${q(stale.email)} ORDER BY created_at`)).map((r) => r.subject), {
        timeout: 20_000,
        interval: 250,
      })
      .toContain(`Order ${stale.orderNumber} expired: Graphene Coatings`);
    const lookup = await fetch(`${shop.base}/api/orders/${stale.orderNumber}?email=${encodeURIComponent(stale.email)}`);
    expect(lookup.status).toBe(200);
    expect(((await lookup.json()) as { status: string }).status).toBe('cancelled');
  });
});
