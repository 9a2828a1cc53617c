import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/lib/schemas/auth';
import { errorOf } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { fetchProducts, orderBody, q, readStock, setStock, type CatalogProduct } from './helpers/orders';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

const PER_HOUR = 8;
const PENDING_MAX = 3;
const PASSWORD = 'Harbour7!Lights';
let db: string;
let server: TestServer;
let base: string;
let product: CatalogProduct;
let bulk: CatalogProduct;

/** Each test orders from its own client address (the server trusts X-Forwarded-For here). */
let addressCounter = 10;
const freshAddress = () => `198.51.100.${(addressCounter += 1)}`;
const freshEmail = (tag: string) => `${tag}.${randomUUID().slice(0, 8)}@example.com`;

/** POSTs an order of `quantity` × `productId` under `email` from `address`. */
function order(address: string, email: string, options: { productId?: string; quantity?: number; cookie?: string } = {}): Promise<Response> {
  const body = orderBody([{ productId: options.productId ?? product.id, quantity: options.quantity ?? 1 }], {
    customer: { firstName: 'Hoard', lastName: 'Tester', email, phone: '07700 900123' },
  });
  return fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': address, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** Marks every order of an address as approved behind the server's back (staff reviewed them). */
async function approveOrdersFrom(address: string): Promise<void> {
  await runSql(db, `UPDATE orders SET status = 'approved' WHERE client_address = ${q(address)}`);
}

/** How many e-mails were queued to an address. */
async function mailsTo(email: string): Promise<number> {
  const [row] = await runSql<{ n: number | string }>(db, `SELECT count(*) AS n FROM outbox WHERE lower(to_address) = ${q(email.toLowerCase())}`);
  return Number(row!.n);
}

/** Signs up a customer from `address`; returns the session cookie pair. */
async function registerFrom(address: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': address },
    body: JSON.stringify({ fullName: 'Trade Buyer', email, phone: '+12145550123', dateOfBirth: '1985-03-02', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true }),
  });
  expect(response.status).toBe(201);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({
    env: { DATABASE_URL: db, TRUST_PROXY: 'true', SHOP_DEMO: '1', ORDER_LIMIT_PER_HOUR: String(PER_HOUR), ORDER_PENDING_MAX: String(PENDING_MAX) },
  });
  base = server.url;
  const sellable = (await fetchProducts(base)).filter((p) => !p.requestQuoteOnly && p.inStock);
  [product, bulk] = [sellable[0]!, sellable[1]!];
  await setStock(db, product.id, 10_000);
  await setStock(db, bulk.id, 250);
});
afterAll(async () => {
  await server?.stop();
});

describe('pending orders per client address and e-mail', () => {
  it('refuses a guest address a fourth pending order with 429 and a wait, taking no stock and sending no mail', async () => {
    const address = freshAddress();
    for (let i = 0; i < PENDING_MAX; i += 1) expect((await order(address, freshEmail('hoarder'))).status).toBe(201);
    const before = await readStock(db, product.id);
    const victim = freshEmail('victim');
    const refused = await order(address, victim, { quantity: 5 });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const error = errorOf(await refused.json());
    expect(error.code).toBe('too_many_pending_orders');
    expect(error.message).toBe('You already have 3 orders awaiting approval. Please wait until we have reviewed them before placing another.');
    expect(await readStock(db, product.id)).toEqual(before);
    expect(await mailsTo(victim)).toBe(0);
  });

  it('refuses a fourth pending order under one e-mail from other addresses', async () => {
    const email = freshEmail('Same.Buyer');
    for (let i = 0; i < PENDING_MAX; i += 1) expect((await order(freshAddress(), i === 1 ? email.toUpperCase() : email)).status).toBe(201);
    const refused = await order(freshAddress(), email);
    expect(refused.status).toBe(429);
    expect(errorOf(await refused.json()).code).toBe('too_many_pending_orders');
    expect(await mailsTo(email)).toBe(PENDING_MAX);
  });

  it('lets no more than the cap through when cap + 5 orders arrive at once', async () => {
    const address = freshAddress();
    const responses = await Promise.all(Array.from({ length: PENDING_MAX + 5 }, () => order(address, freshEmail('burst'))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(PENDING_MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const [row] = await runSql<{ n: number | string }>(db, `SELECT count(*) AS n FROM orders WHERE status = 'pending' AND client_address = ${q(address)}`);
    expect(Number(row!.n)).toBe(PENDING_MAX);
  });

  it('gives a signed-in customer more room than a guest from the same address', async () => {
    const address = freshAddress();
    const cookie = await registerFrom(address, freshEmail('trade'));
    for (let i = 0; i < PENDING_MAX; i += 1) expect((await order(address, freshEmail('guest'))).status).toBe(201);
    expect((await order(address, freshEmail('guest'))).status).toBe(429);
    for (let i = 0; i < PENDING_MAX + 2; i += 1) expect((await order(address, freshEmail('signed'), { cookie })).status).toBe(201);
  });

  it('takes a contractor order of 200 pails, since only the number of orders is limited', async () => {
    const email = freshEmail('contractor');
    const response = await order(freshAddress(), email, { productId: bulk.id, quantity: 200 });
    expect(response.status).toBe(201);
    expect((await readStock(db, bulk.id)).stock_quantity).toBe(50);
    expect(await mailsTo(email)).toBe(1);
  });
});

describe('orders per hour per client address', () => {
  it(`answers 429 with Retry-After past ${PER_HOUR} guest orders an hour, even when staff approved them`, async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_HOUR; i += 1) {
      expect((await order(address, freshEmail('hourly'))).status).toBe(201);
      await approveOrdersFrom(address);
    }
    const victim = freshEmail('hourly-victim');
    const refused = await order(address, victim);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(await refused.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await mailsTo(victim)).toBe(0);
  });
});

describe('blocked customers', () => {
  it('refuses a guest order under the e-mail of a blocked account, in any case, and sends nothing', async () => {
    const response = await order(freshAddress(), 'Lena.Novak@Example.com');
    expect(response.status).toBe(403);
    expect(errorOf(await response.json())).toMatchObject({ code: 'account_blocked', message: AUTH_MESSAGES.blocked });
    expect(await mailsTo('lena.novak@example.com')).toBe(0);
  });
});
