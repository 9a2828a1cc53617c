import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateOf } from '../../src/lib/analytics/days';
import { analyticsSchema, overviewSchema, type Analytics } from '../../src/lib/schemas/analytics';
import { call, DEMO, placeOrder, staffSignIn, startShop, type Shop } from './helpers/admin';
import { fetchProducts, q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The figures of the overview and analytics stay exact while the summaries behind them
 * (migration 2026-11-26T0600: per UTC hour and day, kept by triggers) follow every kind of write:
 * rows inserted, statuses and payments changed, orders moved in time, lines changed, orders and
 * customers deleted, by raw SQL and through the shop. The shop's zone is Australia/Adelaide
 * (+10:30, then +9:30 from 03:00 local on 2026-04-05): its midnights fall on half hours, so one
 * UTC hour is split between two local days and the UTC days never line up with the local ones.
 * After every change the answer is compared with figures computed here from the orders as known.
 */

const ZONE = 'Australia/Adelaide';
/** 2026-04-02T13:30Z (local midnight at +10:30) up to 2026-04-07T14:30Z (local midnight at +9:30). */
const PERIOD = { from: '2026-04-03', to: '2026-04-07' };
const PREVIOUS = { from: '2026-03-29', to: '2026-04-02' };
const SALE = ['approved', 'processing', 'shipped', 'delivered'];

interface Line {
  productId: string;
  quantity: number;
  unit: number;
}
interface KnownOrder {
  id: string;
  at: string;
  status: string;
  payment: string;
  total: number;
  lines: Line[];
}

let shop: Shop;
let admin: string;
let orders: KnownOrder[] = [];
let customers: { id: string; at: string }[] = [];

const L = (productId: string, quantity: number, unit: number): Line => ({ productId, quantity, unit });
const SEED: Omit<KnownOrder, 'id'>[] = [
  // Outside, then the first instant of Apr 3 local; UTC hour 13 of Apr 2 holds both days.
  { at: '2026-04-02T13:29:59.999Z', status: 'delivered', payment: 'approved', total: 1_001, lines: [L('sum-a', 1, 1_001)] },
  { at: '2026-04-02T13:30:00.000Z', status: 'delivered', payment: 'approved', total: 2_000, lines: [L('sum-a', 2, 1_000)] },
  { at: '2026-04-02T23:59:59.999Z', status: 'declined', payment: 'declined', total: 3_000, lines: [L('sum-b', 3, 1_000)] },
  // Whole UTC days inside the period.
  { at: '2026-04-03T00:00:00.000Z', status: 'shipped', payment: 'approved', total: 4_000, lines: [L('sum-a', 1, 1_000), L('sum-b', 3, 1_000)] },
  { at: '2026-04-03T13:15:00.000Z', status: 'approved', payment: 'approved', total: 5_000, lines: [L('sum-c', 5, 1_000)] },
  { at: '2026-04-03T13:45:00.000Z', status: 'pending', payment: 'pending', total: 6_000, lines: [L('sum-c', 6, 1_000)] },
  // Around 03:00 local on Apr 5 (clocks go back to 02:00) and local midnight of Apr 6 (+9:30).
  { at: '2026-04-04T16:15:00.000Z', status: 'processing', payment: 'approved', total: 7_000, lines: [L('sum-b', 7, 1_000)] },
  { at: '2026-04-05T14:29:59.999Z', status: 'cancelled', payment: 'refunded', total: 8_000, lines: [L('sum-a', 8, 1_000)] },
  { at: '2026-04-05T14:30:00.000Z', status: 'delivered', payment: 'refunded', total: 9_000, lines: [L('sum-c', 9, 1_000)] },
  { at: '2026-04-05T14:45:00.000Z', status: 'delivered', payment: 'approved', total: 10_000, lines: [L('sum-a', 4, 2_500)] },
  // The UTC day of the period's end: an edge; the last instant inside, the first outside.
  { at: '2026-04-07T14:29:59.999Z', status: 'approved', payment: 'approved', total: 11_000, lines: [L('sum-b', 1, 11_000)] },
  { at: '2026-04-07T14:30:00.000Z', status: 'approved', payment: 'approved', total: 12_000, lines: [L('sum-c', 1, 12_000)] },
  // The previous period.
  { at: '2026-03-29T13:30:00.000Z', status: 'delivered', payment: 'approved', total: 13_000, lines: [L('sum-a', 1, 13_000)] },
];

async function insertOrder(o: KnownOrder): Promise<void> {
  await runSql(
    shop.db,
    `INSERT INTO orders (id, order_number, idempotency_key, request_hash, customer_id, customer_email, first_name, last_name, phone, address, city, postal_code, country,
      subtotal_cents, shipping_cents, tax_cents, total_cents, status, payment_status, card_brand, card_last4, newsletter, notes, estimated_delivery, created_at, updated_at, search_text)
     VALUES (${q(o.id)}, ${q(`ORD-${o.id.slice(-8)}`)}, ${q(o.id)}, 'x', NULL, 'sum@example.com', 'Sum', 'Buyer', '07700900123', '1 High Street', 'Adelaide', '5000', 'Australia',
      ${o.total}, 0, 0, ${o.total}, ${q(o.status)}, ${q(o.payment)}, 'visa', '4242', 0, '', '2026-04-20', ${q(o.at)}, ${q(o.at)}, '')`,
  );
  for (const [position, line] of o.lines.entries()) await insertLine(o.id, position, line);
}

function insertLine(orderId: string, position: number, line: Line) {
  return runSql(
    shop.db,
    `INSERT INTO order_items (order_id, position, product_id, product_name, product_sku, product_image, product_category, unit_price_cents, quantity)
     VALUES (${q(orderId)}, ${position}, ${q(line.productId)}, ${q(`Product ${line.productId}`)}, 'SKU', '', 'Diamond Collection', ${line.unit}, ${line.quantity})`,
  );
}

/** The analytics of a period computed here from the orders and customers as this test knows them. */
function expected(period: { from: string; to: string }) {
  const inPeriod = (at: string) => {
    const day = localDateOf(at, ZONE);
    return day >= period.from && day <= period.to;
  };
  const mine = orders.filter((o) => inPeriod(o.at));
  const isSale = (o: KnownOrder) => SALE.includes(o.status) && o.payment !== 'refunded';
  const days = new Map<string, { orders: number; revenueCents: number; approvedRevenueCents: number; newCustomers: number }>();
  const day = (at: string) => {
    const key = localDateOf(at, ZONE);
    if (!days.has(key)) days.set(key, { orders: 0, revenueCents: 0, approvedRevenueCents: 0, newCustomers: 0 });
    return days.get(key)!;
  };
  const byStatus = new Map<string, { orders: number; revenueCents: number }>();
  const products = new Map<string, { units: number; revenueCents: number }>();
  for (const o of mine) {
    const d = day(o.at);
    d.orders += 1;
    d.revenueCents += o.total;
    if (isSale(o)) d.approvedRevenueCents += o.total;
    const s = byStatus.get(o.status) ?? { orders: 0, revenueCents: 0 };
    byStatus.set(o.status, { orders: s.orders + 1, revenueCents: s.revenueCents + o.total });
    if (!isSale(o)) continue;
    for (const line of o.lines) {
      const p = products.get(line.productId) ?? { units: 0, revenueCents: 0 };
      products.set(line.productId, { units: p.units + line.quantity, revenueCents: p.revenueCents + line.quantity * line.unit });
    }
  }
  for (const c of customers.filter((c) => inPeriod(c.at))) day(c.at).newCustomers += 1;
  const sales = mine.filter(isSale);
  return {
    days: [...days].map(([date, d]) => ({ date, ...d })).sort((a, b) => (a.date < b.date ? -1 : 1)),
    byStatus: Object.fromEntries(byStatus),
    products: [...products].map(([productId, p]) => ({ productId, ...p })).sort((a, b) => (a.productId < b.productId ? -1 : 1)),
    orders: mine.length,
    revenueCents: mine.reduce((n, o) => n + o.total, 0),
    approvedRevenueCents: sales.reduce((n, o) => n + o.total, 0),
    approvedOrders: sales.length,
    newCustomers: customers.filter((c) => inPeriod(c.at)).length,
  };
}

async function getJson(path: string): Promise<unknown> {
  const response = await call(shop.base, path, { cookie: admin });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

/** Checks the analytics and the overview's cards of the period against the figures computed here. */
async function expectExactFigures(): Promise<void> {
  const analytics = analyticsSchema.parse(await getJson(`/api/admin/stats/analytics?from=${PERIOD.from}&to=${PERIOD.to}`));
  const want = expected(PERIOD);
  expect(analytics.days.filter((d) => d.orders > 0 || d.newCustomers > 0)).toEqual(want.days);
  expect(analytics.days.map((d) => d.date)).toEqual(['2026-04-03', '2026-04-04', '2026-04-05', '2026-04-06', '2026-04-07']);
  expect(Object.fromEntries(analytics.byStatus.filter((s) => s.orders > 0).map((s) => [s.status, { orders: s.orders, revenueCents: s.revenueCents }]))).toEqual(want.byStatus);
  const sold = (list: Analytics['topByUnits']) => list.map((p) => ({ productId: p.productId, units: p.units, revenueCents: p.revenueCents })).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  expect(sold(analytics.topByUnits)).toEqual(want.products);
  expect(sold(analytics.topByRevenue)).toEqual(want.products);
  expect(analytics.totals).toEqual({
    orders: want.orders,
    revenueCents: want.revenueCents,
    approvedRevenueCents: want.approvedRevenueCents,
    approvedOrders: want.approvedOrders,
    averageOrderValueCents: want.approvedOrders === 0 ? 0 : Math.round(want.approvedRevenueCents / want.approvedOrders),
    newCustomers: want.newCustomers,
  });
  const overview = overviewSchema.parse(await getJson(`/api/admin/stats/overview?from=${PERIOD.from}&to=${PERIOD.to}`));
  expect(overview.previousPeriod).toMatchObject(PREVIOUS);
  const before = expected(PREVIOUS);
  expect(overview.cards.orders).toMatchObject({ current: want.orders, previous: before.orders });
  expect(overview.cards.revenueCents).toMatchObject({ current: want.revenueCents, previous: before.revenueCents });
  expect(overview.cards.approvedRevenueCents).toMatchObject({ current: want.approvedRevenueCents, previous: before.approvedRevenueCents });
  expect(overview.cards.newCustomers).toMatchObject({ current: want.newCustomers, previous: before.newCustomers });
}

const order = (index: number) => orders[index]!;

beforeAll(async () => {
  shop = await startShop({ SHOP_TIME_ZONE: ZONE, ORDER_HOLD_HOURS: String(24 * 365) });
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  orders = SEED.map((o, i) => ({ ...o, id: `sum-order-${String(i).padStart(2, '0')}`, lines: o.lines.map((l) => ({ ...l })) }));
  for (const o of orders) await insertOrder(o);
  customers = ['2026-04-02T13:29:59.999Z', '2026-04-02T13:30:00.000Z', '2026-04-05T14:15:00.000Z', '2026-04-05T14:30:00.000Z', '2026-04-07T14:30:00.000Z', '2026-03-30T00:00:00.000Z'].map((at, i) => ({ id: `sum-customer-${i}`, at }));
  for (const c of customers) {
    await runSql(shop.db, `INSERT INTO customers (id, full_name, email, phone, date_of_birth, password_hash, is_blocked, created_at, last_login_at) VALUES (${q(c.id)}, 'Sum Customer', ${q(`${c.id}@example.com`)}, '+12145550123', '1990-01-01', 'x', 0, ${q(c.at)}, NULL)`);
  }
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('figures kept exact by the summaries', () => {
  it('counts the seeded orders by local day across the half-hour zone and its DST change', async () => {
    await expectExactFigures();
    // Spot checks that do not depend on the computation above.
    const analytics = analyticsSchema.parse(await getJson(`/api/admin/stats/analytics?from=${PERIOD.from}&to=${PERIOD.to}`));
    expect(analytics.days.find((d) => d.date === '2026-04-03')).toMatchObject({ orders: 4, revenueCents: 14_000, approvedRevenueCents: 11_000, newCustomers: 1 });
    expect(analytics.days.find((d) => d.date === '2026-04-05')).toMatchObject({ orders: 2, revenueCents: 15_000, approvedRevenueCents: 7_000, newCustomers: 1 });
    expect(analytics.days.find((d) => d.date === '2026-04-06')).toMatchObject({ orders: 2, revenueCents: 19_000, approvedRevenueCents: 10_000, newCustomers: 1 });
  });

  it('follows status and payment changes made behind the server', async () => {
    await runSql(shop.db, `UPDATE orders SET payment_status = 'refunded' WHERE id = ${q(order(1).id)}`);
    order(1).payment = 'refunded';
    await runSql(shop.db, `UPDATE orders SET status = 'approved', payment_status = 'approved' WHERE id = ${q(order(2).id)}`);
    Object.assign(order(2), { status: 'approved', payment: 'approved' });
    await runSql(shop.db, `UPDATE orders SET status = 'delivered' WHERE id = ${q(order(4).id)}`);
    order(4).status = 'delivered';
    await expectExactFigures();
  });

  it('follows orders approved and declined by staff', async () => {
    const manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    expect((await call(shop.base, `/api/admin/orders/${order(5).id}/approve`, { method: 'POST', cookie: manager })).status).toBe(200);
    const [row] = await runSql<{ status: string; payment_status: string }>(shop.db, `SELECT status, payment_status FROM orders WHERE id = ${q(order(5).id)}`);
    Object.assign(order(5), { status: row!.status, payment: row!.payment_status });
    expect(order(5).status).toBe('approved');
    await expectExactFigures();
  });

  it('follows orders moved in time, across local days, UTC hours and the period edges', async () => {
    for (const [index, at] of [
      [0, '2026-04-02T13:30:00.001Z'],
      [3, '2026-04-02T13:00:00.000Z'],
      [9, '2026-04-07T14:30:00.000Z'],
      [11, '2026-04-05T14:00:00.000Z'],
    ] as const) {
      await runSql(shop.db, `UPDATE orders SET created_at = ${q(at)} WHERE id = ${q(order(index).id)}`);
      order(index).at = at;
    }
    await expectExactFigures();
  });

  it('follows order lines added, changed and removed, and totals changed', async () => {
    await insertLine(order(6).id, 1, L('sum-d', 2, 750));
    order(6).lines.push(L('sum-d', 2, 750));
    await runSql(shop.db, `UPDATE order_items SET quantity = 11, unit_price_cents = 900 WHERE order_id = ${q(order(4).id)} AND position = 0`);
    order(4).lines[0] = L('sum-c', 11, 900);
    await runSql(shop.db, `DELETE FROM order_items WHERE order_id = ${q(order(10).id)}`);
    order(10).lines = [];
    await runSql(shop.db, `UPDATE orders SET total_cents = 7777 WHERE id = ${q(order(6).id)}`);
    order(6).total = 7_777;
    await expectExactFigures();
  });

  it('follows an order inserted, approved and moved to another hour in one transaction', async () => {
    // On PostgreSQL the summaries' triggers run at commit (migration 2026-11-27T0400), in the order
    // of the events: the first hour has no summary row before this order, so a change undone before
    // the row was made would leave it counted twice.
    const late: KnownOrder = { id: 'sum-order-late', at: '2026-04-04T07:42:00.000Z', status: 'pending', payment: 'pending', total: 4_321, lines: [] };
    const moved = '2026-04-06T11:05:00.000Z';
    const insert = `INSERT INTO orders (id, order_number, idempotency_key, request_hash, customer_id, customer_email, first_name, last_name, phone, address, city, postal_code, country,
      subtotal_cents, shipping_cents, tax_cents, total_cents, status, payment_status, card_brand, card_last4, newsletter, notes, estimated_delivery, created_at, updated_at, search_text)
     VALUES (${q(late.id)}, 'ORD-LATE0001', ${q(late.id)}, 'x', NULL, 'sum@example.com', 'Sum', 'Buyer', '07700900123', '1 High Street', 'Adelaide', '5000', 'Australia',
      ${late.total}, 0, 0, ${late.total}, 'pending', 'pending', 'visa', '4242', 0, '', '2026-04-20', ${q(late.at)}, ${q(late.at)}, '')`;
    const change = `UPDATE orders SET status = 'approved', payment_status = 'approved', created_at = ${q(moved)} WHERE id = ${q(late.id)}`;
    if (shop.db.startsWith('postgres')) await runSql(shop.db, `BEGIN; ${insert}; ${change}; COMMIT`);
    else {
      // SQLite runs one statement per call here: the same writes, one after the other.
      await runSql(shop.db, insert);
      await runSql(shop.db, change);
    }
    orders.push({ ...late, status: 'approved', payment: 'approved', at: moved });
    await expectExactFigures();
  });

  it('follows orders and customers deleted', async () => {
    await runSql(shop.db, `DELETE FROM order_items WHERE order_id = ${q(order(9).id)}`);
    await runSql(shop.db, `DELETE FROM orders WHERE id = ${q(order(9).id)}`);
    await runSql(shop.db, `DELETE FROM orders WHERE id = ${q(order(7).id)}`);
    orders = orders.filter((o) => o.id !== order(9).id && o.id !== order(7).id);
    await runSql(shop.db, `DELETE FROM customers WHERE id = 'sum-customer-1'`);
    customers = customers.filter((c) => c.id !== 'sum-customer-1');
    await expectExactFigures();
  });

  it('counts an order placed and approved through the shop today', async () => {
    const today = localDateOf(new Date(), ZONE);
    const path = `/api/admin/stats/analytics?from=${today}&to=${today}`;
    const before = analyticsSchema.parse(await getJson(path));
    const product = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!;
    const placed = await placeOrder(shop.base, [{ productId: product.id, quantity: 2 }]);
    const manager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    expect((await call(shop.base, `/api/admin/orders/${placed.id}/approve`, { method: 'POST', cookie: manager })).status).toBe(200);
    const [row] = await runSql<{ total_cents: number; created_at: string }>(shop.db, `SELECT total_cents, created_at FROM orders WHERE id = ${q(placed.id)}`);
    const total = Number(row!.total_cents);
    // The order may have been placed just after local midnight passed; then it is tomorrow's.
    if (localDateOf(row!.created_at, ZONE) !== today) return;
    const after = analyticsSchema.parse(await getJson(path));
    expect(after.totals.orders).toBe(before.totals.orders + 1);
    expect(after.totals.approvedRevenueCents).toBe(before.totals.approvedRevenueCents + total);
    expect(after.byStatus.find((s) => s.status === 'approved')!.orders).toBe(before.byStatus.find((s) => s.status === 'approved')!.orders + 1);
    const units = (a: Analytics) => a.topByUnits.find((p) => p.productId === product.id)?.units ?? 0;
    expect(units(after)).toBe(units(before) + 2);
  });
});
