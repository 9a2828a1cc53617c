import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals } from '../../src/lib/pricing';
import { toCents } from '../../src/lib/money';
import { ORDER_MESSAGES, orderSchema, type Order } from '../../src/lib/schemas/order';
import { errorOf } from './helpers/http';
import { fetchProducts, orderBody, postOrder, q, readStock, setStock, type CatalogProduct } from './helpers/orders';
import { startServer, type TestServer } from './helpers/server';
import { createTestDatabase } from './helpers/lane';
import { runSql } from './helpers/sql';

const PASSWORD = 'Harbour7!Lights';
let products: CatalogProduct[];
let db: string;
/** This file's own server and database: orders take stock, which the shared server's catalogue tests compare with the content files. */
let server: TestServer;
let base: string;
/** Products this file owns (no other test touches their stock): a, b, c, d, e. */
let owned: CatalogProduct[];

/** Registers a customer and returns the session cookie pair. */
async function registerCustomer(email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ fullName: 'Order Tester', email, phone: '+12145550123', dateOfBirth: '1990-05-17', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true }),
  });
  expect(response.status).toBe(201);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

/** Places an order that must succeed; returns it. */
async function placeOk(body: unknown, cookie?: string): Promise<Order> {
  const response = await postOrder(base, body, cookie);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return orderSchema.parse(json);
}

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({ env: { DATABASE_URL: db, SIGNUP_LIMIT_PER_HOUR: '1000', ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000' } });
  base = server.url;
  products = await fetchProducts(base);
  // The last sellable products of the catalogue; other files use the first ones.
  owned = products.filter((p) => !p.requestQuoteOnly && p.inStock).slice(-5);
  expect(owned).toHaveLength(5);
  for (const p of owned) await setStock(db, p.id, 50);
});
afterAll(async () => {
  await server?.stop();
});


describe('POST /api/orders as a guest', () => {
  it('places a pending order priced from the catalogue; a card summary of the earlier checkout is a bank transfer keeping only brand and last four', async () => {
    const [a, b] = owned;
    const body = orderBody([{ productId: a!.id, quantity: 2 }, { productId: b!.id, quantity: 1 }], {
      payment: { cardName: 'SARAH MITCHELL', brand: 'visa', last4: '4242', expiryDate: '12/30', cardNumber: '4242424242424242', cvv: '123' },
    });
    const response = await postOrder(base, body);
    expect(response.status).toBe(201);
    const order = orderSchema.parse(await response.json());
    expect(response.headers.get('location')).toBe(`/api/orders/${order.orderNumber}`);
    expect(order.orderNumber).toMatch(/^ORD-\d{8}$/);
    expect(order.status).toBe('pending');
    expect(order.paymentStatus).toBe('pending');
    expect(order.notes).toBe(`Payment method: Bank transfer, reference ${order.orderNumber}`);
    expect(order.paymentMethod).toEqual({ brand: 'visa', last4: '4242' });
    expect(order.payment).toEqual({
      method: 'bank_transfer',
      status: 'pending',
      authorisedCents: 0,
      capturedCents: 0,
      refundedCents: 0,
      outstandingCents: toCents(order.total),
      reference: order.orderNumber,
    });
    expect(order.invoice).toBeNull();
    expect(order.shippingAddress).toMatchObject({ postalCode: 'NW1 6XE', country: 'United Kingdom', phone: '07700900123' });
    expect(order.customerName).toBe('Sarah Mitchell');
    expect(order.items.map((i) => [i.product.id, i.quantity, i.price])).toEqual([[a!.id, 2, a!.price], [b!.id, 1, b!.price]]);
    expect(order.items[0]!.product).toMatchObject({ name: a!.name, price: a!.price });
    const created = new Date(order.createdAt).getTime();
    expect(order.estimatedDelivery).toBe(new Date(created + 3 * 86_400_000).toISOString().slice(0, 10));

    const [row] = await runSql<Record<string, unknown>>(db, `SELECT * FROM orders WHERE order_number = ${q(order.orderNumber)}`);
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4242424242424242');
    expect(stored).not.toMatch(/"(card_number|cvv)"/);
    expect(row).toMatchObject({ card_brand: 'visa', card_last4: '4242', status: 'pending', payment_status: 'pending', customer_id: null, payment_method: 'bank_transfer' });
  });

  it('charges the catalogue price and the pricing functions whatever prices the client sends', async () => {
    const [a, b] = owned;
    const body = orderBody([{ productId: a!.id, quantity: 3, price: 0.01 } as never, { productId: b!.id, quantity: 1, unitPrice: 0 } as never], {
      subtotal: 0.01,
      total: 0.01,
      shipping: 0,
    });
    const order = await placeOk(body);
    const expected = computeTotals([
      { unitPriceCents: toCents(a!.price), quantity: 3 },
      { unitPriceCents: toCents(b!.price), quantity: 1 },
    ]);
    expect(toCents(order.subtotal)).toBe(expected.subtotalCents);
    expect(toCents(order.shipping)).toBe(expected.shippingCents);
    expect(toCents(order.tax)).toBe(expected.taxCents);
    expect(toCents(order.total)).toBe(expected.totalCents);
    const [row] = await runSql<{ total_cents: number }>(db, `SELECT total_cents FROM orders WHERE order_number = ${q(order.orderNumber)}`);
    expect(Number(row!.total_cents)).toBe(expected.totalCents);
  });

  it('merges repeated lines of one product', async () => {
    const [, , c] = owned;
    const order = await placeOk(orderBody([{ productId: c!.id, quantity: 1 }, { productId: c!.id, quantity: 2 }]));
    expect(order.items).toHaveLength(1);
    expect(order.items[0]!.quantity).toBe(3);
  });

  it('queues the order-received e-mail with the order', async () => {
    const email = `outbox.${randomUUID()}@example.com`;
    const order = await placeOk(orderBody([{ productId: owned[0]!.id, quantity: 1 }], {
      customer: { firstName: '<b>Ann</b>', lastName: 'Lee', email, phone: '+447700900123' },
    }));
    const rows = await runSql<{ kind: string; subject: string; text: string; html: string }>(db, `SELECT kind, subject, text, html FROM outbox WHERE to_address = ${q(email)}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('order-received');
    expect(rows[0]!.subject).toContain(order.orderNumber);
    expect(rows[0]!.text).toContain('pending approval');
    // A bank transfer: the shop's account and the order number as reference.
    expect(rows[0]!.text).toContain('Payment: Bank transfer');
    expect(rows[0]!.text).toContain('Sort code: 20-00-00  Account number: 55779911');
    expect(rows[0]!.text).toContain(`Reference: ${order.orderNumber}`);
    expect(rows[0]!.text).toContain(`Please transfer $${order.total.toFixed(2)}`);
    expect(rows[0]!.html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
    expect(rows[0]!.html).not.toContain('<b>Ann</b>');
  });
});

describe('stock', () => {
  it('takes what is sold and goes out of stock at zero, then refuses the next order with 409', async () => {
    const d = owned[3]!;
    await setStock(db, d.id, 5);
    await placeOk(orderBody([{ productId: d.id, quantity: 3 }]));
    expect(await readStock(db, d.id)).toEqual({ stock_quantity: 2, in_stock: 1 });
    await placeOk(orderBody([{ productId: d.id, quantity: 2 }]));
    expect(await readStock(db, d.id)).toEqual({ stock_quantity: 0, in_stock: 0 });
    const refused = await postOrder(base, orderBody([{ productId: d.id, quantity: 1 }]));
    expect(refused.status).toBe(409);
    const error = errorOf(await refused.json());
    expect(error.message).toBe(`${ORDER_MESSAGES.unavailable} ${d.name} (out of stock).`);
    expect(error.fields).toEqual({ [`items.${d.id}`]: 'out of stock' });
  });

  it('says how many are left when the stock cannot cover the quantity, and changes nothing', async () => {
    const [a, , , , e] = owned;
    await setStock(db, e!.id, 2);
    const before = await readStock(db, a!.id);
    const email = `refused.${randomUUID()}@example.com`;
    const body = orderBody([{ productId: a!.id, quantity: 1 }, { productId: e!.id, quantity: 5 }], {
      customer: { firstName: 'No', lastName: 'Stock', email, phone: '07700900123' },
    });
    const response = await postOrder(base, body);
    expect(response.status).toBe(409);
    expect(errorOf(await response.json()).message).toBe(`${ORDER_MESSAGES.unavailable} ${e!.name} (only 2 left).`);
    expect(await readStock(db, a!.id)).toEqual(before);
    expect(await readStock(db, e!.id)).toEqual({ stock_quantity: 2, in_stock: 1 });
    expect(await runSql(db, `SELECT id FROM orders WHERE customer_email = ${q(email)}`)).toEqual([]);
    expect(await runSql(db, `SELECT id FROM outbox WHERE to_address = ${q(email)}`)).toEqual([]);
  });

  it('sells an uncounted product while it is in stock', async () => {
    const e = owned[4]!;
    await setStock(db, e.id, null);
    await placeOk(orderBody([{ productId: e.id, quantity: 7 }]));
    expect(await readStock(db, e.id)).toEqual({ stock_quantity: null, in_stock: 1 });
    await runSql(db, `UPDATE products SET in_stock = 0 WHERE id = ${q(e.id)}`);
    expect((await postOrder(base, orderBody([{ productId: e.id, quantity: 1 }]))).status).toBe(409);
    await setStock(db, e.id, 50);
  });

  it('shows the new stock in the live catalogue', async () => {
    const c = owned[2]!;
    await setStock(db, c.id, 9);
    await placeOk(orderBody([{ productId: c.id, quantity: 4 }]));
    const live = (await fetchProducts(base)).find((p) => p.id === c.id)!;
    expect(live.stockQuantity).toBe(5);
  });
});

describe('refused products', () => {
  it('refuses an unknown product with 409 naming it', async () => {
    const response = await postOrder(base, orderBody([{ productId: 'no-such-product', quantity: 1 }]));
    expect(response.status).toBe(409);
    expect(errorOf(await response.json()).message).toBe(`${ORDER_MESSAGES.unavailable} no-such-product (no longer available).`);
  });

  it('refuses a quote-only product with 409 naming it', async () => {
    const quoteOnly = products.find((p) => p.requestQuoteOnly);
    expect(quoteOnly).toBeDefined();
    const response = await postOrder(base, orderBody([{ productId: quoteOnly!.id, quantity: 1 }]));
    expect(response.status).toBe(409);
    expect(errorOf(await response.json()).message).toBe(`${ORDER_MESSAGES.unavailable} ${quoteOnly!.name} (available on quotation only).`);
  });
});

describe('idempotency', () => {
  it('answers a repeated request with the same order and makes one', async () => {
    const a = owned[0]!;
    const before = (await readStock(db, a.id)).stock_quantity!;
    const body = orderBody([{ productId: a.id, quantity: 2 }]);
    const first = await placeOk(body);
    const again = await postOrder(base, body);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(orderSchema.parse(await again.json())).toEqual(first);
    expect(await runSql(db, `SELECT id FROM orders WHERE idempotency_key = ${q(body.idempotencyKey)}`)).toHaveLength(1);
    expect((await readStock(db, a.id)).stock_quantity).toBe(before - 2);
  });

  it('makes one order from a burst of the same request (double clicks, retries)', async () => {
    const b = owned[1]!;
    const before = (await readStock(db, b.id)).stock_quantity!;
    const body = orderBody([{ productId: b.id, quantity: 1 }]);
    const responses = await Promise.all(Array.from({ length: 12 }, () => postOrder(base, body)));
    const orders = await Promise.all(responses.map(async (r) => ({ status: r.status, order: orderSchema.parse(await r.json()) })));
    expect(orders.filter((o) => o.status === 201)).toHaveLength(1);
    expect(new Set(orders.map((o) => o.order.orderNumber)).size).toBe(1);
    expect(await runSql(db, `SELECT id FROM orders WHERE idempotency_key = ${q(body.idempotencyKey)}`)).toHaveLength(1);
    expect((await readStock(db, b.id)).stock_quantity).toBe(before - 1);
  });

  it('refuses a key reused for a different order', async () => {
    const body = orderBody([{ productId: owned[0]!.id, quantity: 1 }]);
    await placeOk(body);
    const response = await postOrder(base, { ...body, items: [{ productId: owned[0]!.id, quantity: 2 }] });
    expect(response.status).toBe(422);
    expect(errorOf(await response.json())).toMatchObject({ code: 'idempotency_key_reused', message: ORDER_MESSAGES.idempotencyKey });
  });
});

describe('validation', () => {
  it.each([
    ['an empty cart', { items: [] }, 'items', ORDER_MESSAGES.emptyCart],
    ['a bad e-mail', { customer: { firstName: 'A', lastName: 'B', email: 'a@', phone: '07700900123' } }, 'customer.email', ORDER_MESSAGES.email],
    ['a bad phone', { customer: { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '12' } }, 'customer.phone', ORDER_MESSAGES.phone],
    ['a bad postcode', { shippingAddress: { address: 'x', city: 'y', postalCode: '90210', country: 'United Kingdom' } }, 'shippingAddress.postalCode', ORDER_MESSAGES.postalCode],
    ['another country', { shippingAddress: { address: 'x', city: 'y', postalCode: 'SW1A 1AA', country: 'France' } }, 'shippingAddress.country', ORDER_MESSAGES.country],
    ['a full card number as last4', { payment: { cardName: 'A', brand: 'visa', last4: '4242424242424242', expiryDate: '12/30' } }, 'payment.last4', ORDER_MESSAGES.payment],
    ['an expired card', { payment: { cardName: 'A', brand: 'visa', last4: '4242', expiryDate: '01/20' } }, 'payment.expiryDate', ORDER_MESSAGES.expired],
    ['a zero quantity', { items: [{ productId: 'x', quantity: 0 }] }, 'items.0.quantity', ORDER_MESSAGES.quantity],
  ])('refuses %s with 422 and its message', async (_name, change, field, message) => {
    const response = await postOrder(base, orderBody([{ productId: owned[0]!.id, quantity: 1 }], change));
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.code).toBe('invalid_fields');
    expect(error.fields?.[field]).toBe(message);
  });

  it('names every missing part of an empty body (the payment may be left out: a bank transfer)', async () => {
    const response = await postOrder(base, {});
    expect(response.status).toBe(422);
    const fields = Object.keys(errorOf(await response.json()).fields ?? {});
    expect(fields).toEqual(expect.arrayContaining(['idempotencyKey', 'items', 'customer', 'shippingAddress']));
    expect(fields).not.toContain('payment');
  });

  it('refuses a payment method the shop does not offer now: card without a card provider', async () => {
    const response = await postOrder(base, orderBody([{ productId: owned[0]!.id, quantity: 1 }], { payment: { method: 'card' } }));
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).fields?.['payment.method']).toBe(ORDER_MESSAGES.paymentMethod);
  });

  it('refuses a cross-origin order', async () => {
    const response = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify(orderBody([{ productId: owned[0]!.id, quantity: 1 }])),
    });
    expect(response.status).toBe(403);
  });
});

describe('orders of a signed-in customer', () => {
  it('links orders to the account and lists them newest first with their lines', async () => {
    const email = `owner.${randomUUID()}@example.com`;
    const cookie = await registerCustomer(email);
    const first = await placeOk(orderBody([{ productId: owned[0]!.id, quantity: 1 }], { customer: { firstName: 'Own', lastName: 'Er', email, phone: '07700900123' } }), cookie);
    const second = await placeOk(orderBody([{ productId: owned[1]!.id, quantity: 2 }, { productId: owned[2]!.id, quantity: 1 }], { customer: { firstName: 'Own', lastName: 'Er', email, phone: '07700900123' } }), cookie);
    const response = await fetch(`${base}/api/account/orders`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const { orders } = (await response.json()) as { orders: Order[] };
    expect(orders.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
    expect(orders[0]!.items).toHaveLength(2);
    orders.forEach((o) => orderSchema.parse(o));

    const other = await registerCustomer(`other.${randomUUID()}@example.com`);
    const theirs = (await (await fetch(`${base}/api/account/orders`, { headers: { cookie: other } })).json()) as { orders: Order[] };
    expect(theirs.orders).toEqual([]);
    // The owner sees the order without giving the e-mail; another customer does not.
    expect((await fetch(`${base}/api/orders/${first.orderNumber}`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${base}/api/orders/${first.orderNumber}`, { headers: { cookie: other } })).status).toBe(404);
  });

  it('answers 401 to a visitor without a session', async () => {
    expect((await fetch(`${base}/api/account/orders`)).status).toBe(401);
  });
});

describe('GET /api/orders/:orderNumber', () => {
  let order: Order;
  beforeAll(async () => {
    order = await placeOk(orderBody([{ productId: owned[0]!.id, quantity: 1 }], { customer: { firstName: 'Look', lastName: 'Up', email: 'Look.Up@Example.com', phone: '07700900123' } }));
  });

  it('shows the order to whoever gives its e-mail, in any case, and its number in any form', async () => {
    const response = await fetch(`${base}/api/orders/${order.orderNumber.toLowerCase()}?email=${encodeURIComponent('  look.up@example.COM ')}`);
    expect(response.status).toBe(200);
    // The look-up adds the order's history (placed, the order-received e-mail) to the order as placed.
    const { history, ...found } = orderSchema.parse(await response.json());
    expect(found).toEqual(order);
    expect(history?.map((entry) => entry.action)).toEqual(['placed', 'email']);
  });

  it('gives the same 404 for a wrong e-mail, an unknown number and a malformed one', async () => {
    for (const path of [`${order.orderNumber}?email=someone@example.com`, `ORD-00000001?email=look.up@example.com`, `not-a-number?email=x`]) {
      const response = await fetch(`${base}/api/orders/${path}`);
      expect(response.status).toBe(404);
      expect(errorOf(await response.json()).message).toBe(ORDER_MESSAGES.orderNotFound);
    }
  });
});

describe('order look-up limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ env: { DATABASE_URL: await createTestDatabase() } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers 429 with a wait after 10 failed look-ups from one address', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await fetch(`${server.url}/api/orders/ORD-0000000${i}?email=guess@example.com`)).status).toBe(404);
    }
    const limited = await fetch(`${server.url}/api/orders/ORD-00000042?email=guess@example.com`);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorOf(await limited.json()).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });
});
