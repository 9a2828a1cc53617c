import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsSchema, overviewSchema, statsSchema, type Analytics, type Overview } from '../../src/lib/schemas/analytics';
import { ANALYTICS_MESSAGES } from '../../src/lib/schemas/analytics-query';
import { call, DEMO, placeOrder, staffSignIn, startShop, type Shop } from './helpers/admin';
import { fetchProducts, q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The overview and analytics (issue #13 items 4-5, API.md GET /api/admin/stats) against a known set
 * of orders written straight into the database with the times we choose: declined, cancelled and
 * refunded ones, orders either side of midnight in the shop's zone (America/Chicago) and across the
 * spring DST change of 2026-03-08 (that day has 23 hours). Every figure is checked exactly.
 */

let shop: Shop;
let admin: string;

/** The period asked for: 9 local days around the DST change; the previous period is 2026-02-21..03-01. */
const PERIOD = 'from=2026-03-02&to=2026-03-10';

interface SeedOrder {
  key: string;
  at: string;
  status: string;
  payment: string;
  total: number;
  lines?: [productId: string, name: string, quantity: number, unitCents: number][];
}

const EVIL_NAME = '=HYPERLINK("http://evil.example")';
const ORDERS: SeedOrder[] = [
  // Local midnight of Mar 2 (CST, -6 h): the first instant of the period.
  { key: 'A', at: '2026-03-02T06:00:00.000Z', status: 'delivered', payment: 'approved', total: 10_000, lines: [['stat-alpha', 'Alpha Primer', 2, 2_500], ['stat-beta', 'Beta Sealer', 1, 3_000]] },
  // One millisecond earlier is Mar 1 local: the previous period.
  { key: 'B', at: '2026-03-02T05:59:59.999Z', status: 'approved', payment: 'approved', total: 5_000, lines: [['stat-alpha', 'Alpha Primer', 1, 2_500]] },
  // Mar 7 23:30 local (CST) and Mar 8 00:30 local.
  { key: 'C', at: '2026-03-08T05:30:00.000Z', status: 'declined', payment: 'declined', total: 7_000, lines: [['stat-gamma', EVIL_NAME, 10, 1_000]] },
  { key: 'D', at: '2026-03-08T06:30:00.000Z', status: 'cancelled', payment: 'refunded', total: 3_000, lines: [['stat-alpha', 'Alpha Primer', 9, 2_500]] },
  // Mar 8 23:30 local (CDT, -5 h since 02:00 that day), then Mar 9 00:00 local.
  { key: 'E', at: '2026-03-09T04:30:00.000Z', status: 'shipped', payment: 'approved', total: 20_000, lines: [['stat-beta', 'Beta Sealer', 4, 3_000]] },
  { key: 'F', at: '2026-03-09T05:00:00.000Z', status: 'pending', payment: 'pending', total: 4_000, lines: [['stat-beta', 'Beta Sealer', 7, 3_000]] },
  // The last millisecond of Mar 10 local, then Mar 11 local (outside).
  { key: 'G', at: '2026-03-11T04:59:59.999Z', status: 'processing', payment: 'approved', total: 12_345, lines: [['stat-gamma', EVIL_NAME, 5, 1_000], ['stat-alpha', 'Alpha Primer', 1, 2_500]] },
  { key: 'H', at: '2026-03-11T05:00:00.000Z', status: 'approved', payment: 'approved', total: 99_999 },
  // The previous period's first instant (Feb 21 local midnight) and the instant before it.
  { key: 'I', at: '2026-02-21T06:00:00.000Z', status: 'delivered', payment: 'approved', total: 8_000 },
  { key: 'J', at: '2026-02-21T05:59:59.999Z', status: 'delivered', payment: 'approved', total: 1_111 },
];

const orderId = (key: string) => `stats-order-${key}`;
const orderNumber = (key: string) => `ORD-7700${String(key.charCodeAt(0)).padStart(4, '0')}`;

async function seedOrders(db: string): Promise<void> {
  for (const o of ORDERS) {
    await runSql(
      db,
      `INSERT INTO orders (id, order_number, idempotency_key, request_hash, customer_id, customer_email, first_name, last_name, phone, address, city, postal_code, country,
        subtotal_cents, shipping_cents, tax_cents, total_cents, status, payment_status, card_brand, card_last4, newsletter, notes, estimated_delivery, created_at, updated_at, search_text)
       VALUES (${q(orderId(o.key))}, ${q(orderNumber(o.key))}, ${q(`stats-${o.key}`)}, 'x', NULL, ${q(`${o.key.toLowerCase()}@example.com`)}, 'Buyer', ${q(o.key)}, '07700900123', '1 High Street', 'Dallas', '75207', 'United Kingdom',
        ${o.total}, 0, 0, ${o.total}, ${q(o.status)}, ${q(o.payment)}, 'visa', '4242', 0, '', '2026-03-20', ${q(o.at)}, ${q(o.at)}, '')`,
    );
    for (const [position, [productId, name, quantity, unit]] of (o.lines ?? []).entries()) {
      await runSql(
        db,
        `INSERT INTO order_items (order_id, position, product_id, product_name, product_sku, product_image, product_category, unit_price_cents, quantity)
         VALUES (${q(orderId(o.key))}, ${position}, ${q(productId)}, ${q(name)}, 'SKU', '', 'Diamond Collection', ${unit}, ${quantity})`,
      );
    }
  }
}

const CUSTOMERS: [id: string, at: string][] = [
  ['stats-c1', '2026-03-02T06:00:00.000Z'],
  ['stats-c2', '2026-03-08T06:30:00.000Z'],
  ['stats-c3', '2026-03-11T05:00:00.000Z'],
  ['stats-c4', '2026-03-02T05:59:59.999Z'],
];

/** Product ids of the catalogue the test reshapes: counts, stock and withdrawals. */
let catalogue: { all: string[]; createdMar3: string; createdMar4: string; withdrawnMar5: string; withdrawnFeb: string; outOfStock: string; atThreshold: string; aboveThreshold: string };
let liveOrder: { id: string; orderNumber: string };

beforeAll(async () => {
  shop = await startShop({ SHOP_TIME_ZONE: 'America/Chicago', LOW_STOCK_THRESHOLD: '5' });
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const products = await fetchProducts(shop.base);
  const sellable = products.filter((p) => !p.requestQuoteOnly && p.inStock);
  const all = (await runSql<{ id: string }>(shop.db, 'SELECT id FROM products ORDER BY id')).map((r) => r.id);
  const [a, b, c, d, e, f] = all.filter((id) => !sellable.slice(0, 1).some((p) => p.id === id));
  catalogue = { all, createdMar3: a!, createdMar4: b!, withdrawnMar5: c!, withdrawnFeb: d!, outOfStock: e!, atThreshold: f!, aboveThreshold: all.find((id) => ![a, b, c, d, e, f, sellable[0]!.id].includes(id))! };
  await runSql(shop.db, `UPDATE products SET created_at = '2026-01-01T00:00:00.000Z', withdrawn_at = NULL`);
  await runSql(shop.db, `UPDATE products SET created_at = '2026-03-03T12:00:00.000Z' WHERE id = ${q(catalogue.createdMar3)}`);
  await runSql(shop.db, `UPDATE products SET created_at = '2026-03-04T12:00:00.000Z' WHERE id = ${q(catalogue.createdMar4)}`);
  await runSql(shop.db, `UPDATE products SET withdrawn_at = '2026-03-05T12:00:00.000Z', stock_quantity = 1 WHERE id = ${q(catalogue.withdrawnMar5)}`);
  await runSql(shop.db, `UPDATE products SET withdrawn_at = '2026-02-01T00:00:00.000Z', stock_quantity = 0 WHERE id = ${q(catalogue.withdrawnFeb)}`);
  await runSql(shop.db, `UPDATE products SET stock_quantity = 100 WHERE withdrawn_at IS NULL AND stock_quantity IS NOT NULL`);
  await runSql(shop.db, `UPDATE products SET stock_quantity = 0, in_stock = 0 WHERE id = ${q(catalogue.outOfStock)}`);
  await runSql(shop.db, `UPDATE products SET stock_quantity = 5, in_stock = 1 WHERE id = ${q(catalogue.atThreshold)}`);
  await runSql(shop.db, `UPDATE products SET stock_quantity = 6, in_stock = 1 WHERE id = ${q(catalogue.aboveThreshold)}`);
  await seedOrders(shop.db);
  for (const [id, at] of CUSTOMERS) {
    await runSql(shop.db, `INSERT INTO customers (id, full_name, email, phone, date_of_birth, password_hash, is_blocked, created_at, last_login_at) VALUES (${q(id)}, 'Stat Customer', ${q(`${id}@example.com`)}, '+12145550123', '1990-01-01', 'x', 0, ${q(at)}, NULL)`);
  }
  // E-mails: one failed 3 times (alert), one failed twice (not yet), one delivered after 5 tries; never due again.
  for (const [id, attempts, sent] of [['stats-mail-1', 3, null], ['stats-mail-2', 2, null], ['stats-mail-3', 5, '2026-03-01T00:00:00.000Z']] as const) {
    await runSql(
      shop.db,
      `INSERT INTO outbox (id, kind, to_address, subject, html, text, created_at, attempts, next_attempt_at, sent_at, last_error, priority, redact_when_sent)
       VALUES (${q(id)}, 'order-confirmation', 'buyer@example.com', 'Your order', '', '', '2026-03-01T00:00:00.000Z', ${attempts}, '2099-01-01T00:00:00.000Z', ${sent === null ? 'NULL' : q(sent)}, 'connect ECONNREFUSED 127.0.0.1:25', 1, 0)`,
    );
  }
  // A real order placed now and approved by staff: the newest activity.
  liveOrder = await placeOrder(shop.base, [{ productId: sellable[0]!.id, quantity: 1 }], { firstName: 'Nadia', lastName: 'Okoro' });
  const orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  const approved = await call(shop.base, `/api/admin/orders/${liveOrder.id}/approve`, { method: 'POST', cookie: orderManager });
  expect(approved.status).toBe(200);
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

async function getJson(path: string): Promise<unknown> {
  const response = await call(shop.base, path, { cookie: admin });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

describe('the overview of a period', () => {
  let overview: Overview;
  beforeAll(async () => {
    overview = overviewSchema.parse(await getJson(`/api/admin/stats/overview?${PERIOD}`));
  });

  it('names the period and the previous one of the same length in the shop zone', () => {
    expect(overview.timeZone).toBe('America/Chicago');
    expect(overview.period).toEqual({ from: '2026-03-02', to: '2026-03-10', days: 9 });
    expect(overview.previousPeriod).toEqual({ from: '2026-02-21', to: '2026-03-01', days: 9 });
  });

  it('sums every order total as revenue, and approved-and-later orders apart (declined, cancelled, refunded and pending left out)', () => {
    // A 10,000 + C 7,000 + D 3,000 + E 20,000 + F 4,000 + G 12,345; previous: B 5,000 + I 8,000.
    expect(overview.cards.revenueCents).toEqual({ current: 56_345, previous: 13_000, trend: { direction: 'up', percent: 333.4 } });
    // A + E + G; previous B + I.
    expect(overview.cards.approvedRevenueCents).toEqual({ current: 42_345, previous: 13_000, trend: { direction: 'up', percent: 225.7 } });
    expect(overview.cards.orders).toEqual({ current: 6, previous: 2, trend: { direction: 'up', percent: 200 } });
  });

  it('counts new customers by the local day they signed up', () => {
    expect(overview.cards.newCustomers).toEqual({ current: 2, previous: 1, trend: { direction: 'up', percent: 100 } });
  });

  it('counts live products at the end of each period', () => {
    const n = catalogue.all.length;
    // Previous end: the Mar 3 and Mar 4 products did not exist, the February one was withdrawn.
    // Period end: the Mar 5 and February ones are withdrawn.
    expect(overview.cards.liveProducts.current).toBe(n - 2);
    expect(overview.cards.liveProducts.previous).toBe(n - 3);
    expect(overview.cards.liveProducts.trend.direction).toBe('up');
  });

  it('tells the recent activity as sentences, newest first', () => {
    expect(overview.activity).toHaveLength(10);
    expect(overview.activity[0]).toMatchObject({ kind: 'order', text: `Omar Reyes approved order ${liveOrder.orderNumber}`, link: { view: 'orders', id: liveOrder.id } });
    expect(overview.activity[1]!.text).toMatch(new RegExp(`^Nadia Okoro placed order ${liveOrder.orderNumber} \\(\\$[\\d,]+\\.\\d{2}\\)$`));
    const times = overview.activity.map((a) => a.at);
    expect(times).toEqual([...times].sort().reverse());
    // Between them and the seeded March orders: the demo staff accounts the server made at start.
    const staff = overview.activity.filter((a) => a.kind === 'staff').map((a) => a.text);
    expect(staff.every((text) => /^System added staff account “.+”$/.test(text))).toBe(true);
    const seeded = overview.activity.filter((a) => a.text.startsWith('Buyer ')).map((a) => a.text);
    expect(seeded).toHaveLength(10 - 2 - staff.length);
    expect(seeded).toEqual(
      ['H', 'G', 'F', 'E', 'D', 'C', 'A', 'B']
        .slice(0, seeded.length)
        .map((k) => `Buyer ${k} placed order ${orderNumber(k)} ($${(ORDERS.find((o) => o.key === k)!.total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })})`),
    );
  });

  it('raises the alerts the data calls for: low stock, orders pending over 24 h, failing e-mail', async () => {
    const names = Object.fromEntries((await runSql<{ id: string; name: string }>(shop.db, 'SELECT id, name FROM products')).map((r) => [r.id, r.name]));
    expect(overview.alerts.map((a) => a.kind)).toEqual(['low_stock', 'pending_orders', 'failing_email']);
    const [low, pending, mail] = overview.alerts;
    // The products cards' definition (src/lib/admin/stock.ts): out = not sellable or none left; low = 1..5 left.
    const out = await runSql<{ id: string }>(shop.db, 'SELECT id FROM products WHERE withdrawn_at IS NULL AND (in_stock = 0 OR stock_quantity = 0) ORDER BY name');
    expect(out.map((r) => r.id)).toContain(catalogue.outOfStock);
    expect(low).toMatchObject({ count: out.length + 1, text: `1 product low (5 units or fewer left), ${out.length} out of stock.`, link: { view: 'products', search: { stock: 'short' } } });
    const shown = Math.min(out.length, low!.items.length);
    expect(low!.items.slice(0, shown).every((item) => item.detail === 'Out of stock')).toBe(true);
    if (out.length < low!.items.length) expect(low!.items[out.length]).toEqual({ id: catalogue.atThreshold, label: names[catalogue.atThreshold], detail: '5 left' });
    // F is pending since March; the order placed now is approved (and would be too young anyway).
    expect(pending).toMatchObject({ count: 1, text: '1 order pending for more than 24 hours.', link: { view: 'orders', search: { status: 'pending' } } });
    expect(pending!.items).toEqual([{ id: orderId('F'), label: orderNumber('F'), detail: 'Buyer F, placed 2026-03-09' }]);
    expect(mail).toMatchObject({ count: 1, link: null });
    expect(mail!.items[0]).toMatchObject({ id: 'stats-mail-1', detail: '3 attempts: connect ECONNREFUSED 127.0.0.1:25' });
  });
});

describe('the analytics of a period', () => {
  let analytics: Analytics;
  beforeAll(async () => {
    analytics = analyticsSchema.parse(await getJson(`/api/admin/stats/analytics?${PERIOD}`));
  });

  it('gives revenue, orders and new customers for every local day, the 23-hour DST day included', () => {
    const zero = { orders: 0, revenueCents: 0, approvedRevenueCents: 0, newCustomers: 0 };
    expect(analytics.days).toEqual([
      { date: '2026-03-02', orders: 1, revenueCents: 10_000, approvedRevenueCents: 10_000, newCustomers: 1 },
      { date: '2026-03-03', ...zero },
      { date: '2026-03-04', ...zero },
      { date: '2026-03-05', ...zero },
      { date: '2026-03-06', ...zero },
      { date: '2026-03-07', orders: 1, revenueCents: 7_000, approvedRevenueCents: 0, newCustomers: 0 },
      { date: '2026-03-08', orders: 2, revenueCents: 23_000, approvedRevenueCents: 20_000, newCustomers: 1 },
      { date: '2026-03-09', orders: 1, revenueCents: 4_000, approvedRevenueCents: 0, newCustomers: 0 },
      { date: '2026-03-10', orders: 1, revenueCents: 12_345, approvedRevenueCents: 12_345, newCustomers: 0 },
    ]);
  });

  it('totals the period with the average of approved-and-later orders', () => {
    expect(analytics.totals).toEqual({ orders: 6, revenueCents: 56_345, approvedRevenueCents: 42_345, approvedOrders: 3, averageOrderValueCents: 14_115, newCustomers: 2 });
  });

  it('counts orders by status, every status listed', () => {
    expect(analytics.byStatus).toEqual([
      { status: 'pending', orders: 1, revenueCents: 4_000 },
      { status: 'approved', orders: 0, revenueCents: 0 },
      { status: 'declined', orders: 1, revenueCents: 7_000 },
      { status: 'processing', orders: 1, revenueCents: 12_345 },
      { status: 'shipped', orders: 1, revenueCents: 20_000 },
      { status: 'delivered', orders: 1, revenueCents: 10_000 },
      { status: 'cancelled', orders: 1, revenueCents: 3_000 },
    ]);
  });

  it('ranks the best sellers of sold orders by units and by revenue', () => {
    // Sold lines: A alpha 2×25, beta 1×30; E beta 4×30; G gamma 5×10, alpha 1×25. Declined C, cancelled D, pending F left out.
    const beta = { productId: 'stat-beta', name: 'Beta Sealer', units: 5, revenueCents: 15_000 };
    const gamma = { productId: 'stat-gamma', name: EVIL_NAME, units: 5, revenueCents: 5_000 };
    const alpha = { productId: 'stat-alpha', name: 'Alpha Primer', units: 3, revenueCents: 7_500 };
    expect(analytics.topByUnits).toEqual([beta, gamma, alpha]);
    expect(analytics.topByRevenue).toEqual([beta, alpha, gamma]);
  });

  it('answers empty series for a period without orders', async () => {
    const empty = analyticsSchema.parse(await getJson('/api/admin/stats/analytics?from=2025-06-01&to=2025-06-07'));
    expect(empty.days).toHaveLength(7);
    expect(empty.days.every((d) => d.orders === 0 && d.revenueCents === 0)).toBe(true);
    expect(empty.totals).toEqual({ orders: 0, revenueCents: 0, approvedRevenueCents: 0, approvedOrders: 0, averageOrderValueCents: 0, newCustomers: 0 });
    expect(empty.topByUnits).toEqual([]);
  });
});

describe('GET /api/admin/stats', () => {
  it('answers the overview with the analytics of the same period', async () => {
    const stats = statsSchema.parse(await getJson(`/api/admin/stats?${PERIOD}`));
    const overview = overviewSchema.parse(await getJson(`/api/admin/stats/overview?${PERIOD}`));
    const analytics = analyticsSchema.parse(await getJson(`/api/admin/stats/analytics?${PERIOD}`));
    expect({ ...stats, analytics: undefined }).toEqual({ ...overview, analytics: undefined });
    expect(stats.analytics).toEqual(analytics);
  });

  it('defaults to the last 30 days ending today in the shop zone', async () => {
    const stats = statsSchema.parse(await getJson('/api/admin/stats'));
    expect(stats.period.days).toBe(30);
    expect(stats.analytics.days).toHaveLength(30);
    // The live order of today is in it.
    expect(stats.cards.orders.current).toBe(1);
  });

  it('refuses unreadable, reversed and over-long periods with 422 and the message', async () => {
    for (const [query, message] of [
      ['from=2026-02-30', ANALYTICS_MESSAGES.from],
      ['to=tomorrow', ANALYTICS_MESSAGES.to],
      ['from=2026-03-10&to=2026-03-02', ANALYTICS_MESSAGES.order],
      ['from=2025-01-01&to=2026-03-02', ANALYTICS_MESSAGES.tooLong],
    ] as const) {
      const response = await call(shop.base, `/api/admin/stats?${query}`, { cookie: admin });
      expect(response.status).toBe(422);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(message);
    }
  });
});

describe('the CSV downloads', () => {
  async function csvOf(series: string): Promise<string> {
    const response = await call(shop.base, `/api/admin/stats/export.csv?series=${series}&${PERIOD}`, { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="graphene-${series}-2026-03-02-to-2026-03-10.csv"`);
    return response.text();
  }

  it('writes the daily series with dollars', async () => {
    const lines = (await csvOf('daily')).split('\r\n');
    expect(lines[0]).toBe('date,orders,revenue,approved_revenue,new_customers');
    expect(lines[1]).toBe('2026-03-02,1,100.00,100.00,1');
    expect(lines[7]).toBe('2026-03-08,2,230.00,200.00,1');
    expect(lines).toHaveLength(11);
  });

  it('neutralises a product name a spreadsheet would run as a formula', async () => {
    const csv = await csvOf('top-units');
    expect(csv).toBe(
      ['rank,product_id,product,units,revenue', '1,stat-beta,Beta Sealer,5,150.00', `2,stat-gamma,"'=HYPERLINK(""http://evil.example"")",5,50.00`, '3,stat-alpha,Alpha Primer,3,75.00', ''].join('\r\n'),
    );
  });

  it('refuses a download without a known series', async () => {
    const response = await call(shop.base, `/api/admin/stats/export.csv?series=everything&${PERIOD}`, { cookie: admin });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(ANALYTICS_MESSAGES.series);
  });
});
