import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminOrdersPageSchema, type AdminOrder } from '../../src/lib/schemas/admin';
import { orderSchema } from '../../src/lib/schemas/order';
import { auditOf, call, countRows, DEMO, parseAdminOrder, placeOrder, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, orderBody, postOrder, q, readStock, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The back-office orders API (API.md "Back office", spec §4 order states, §5 Decline): the list and
 * its search, the detail with history, every transition of the state machine allowed and refused,
 * the race of two staff, stock given back once, the customer's e-mails, timeline and the audit log.
 */

type Status = 'pending' | 'approved' | 'declined' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
const STATUSES: Status[] = ['pending', 'approved', 'declined', 'processing', 'shipped', 'delivered', 'cancelled'];
/** Where staff may move an order (spec §4 plus the real state machine), written out here rather than read from the code. */
const ALLOWED: Record<Status, Status[]> = {
  pending: ['approved', 'declined', 'cancelled'],
  approved: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  declined: [],
  cancelled: [],
};
/** The statuses staff can ask for (approve and decline have their own routes). */
const TARGETS: Status[] = ['approved', 'declined', 'processing', 'shipped', 'delivered', 'cancelled'];

let shop: Shop;
/** The order manager (Omar Reyes) and super admin (Dana Whitfield) of the demo staff. */
let orderManager: string;
let superAdmin: string;
/** Counted products of this file: `main` for most orders, `stocked` for the stock tests. */
let main: { id: string; name: string };
let stocked: { id: string; name: string };

/** Asks for a transition: approve, decline (with a reason) or a status change. */
function requestTransition(id: string, to: Status, cookie = orderManager, extra: Record<string, unknown> = {}): Promise<Response> {
  if (to === 'approved') return call(shop.base, `/api/admin/orders/${id}/approve`, { method: 'POST', cookie });
  if (to === 'declined') return call(shop.base, `/api/admin/orders/${id}/decline`, { body: { reason: 'Out of stock at the warehouse', ...extra }, cookie });
  return call(shop.base, `/api/admin/orders/${id}/status`, { body: { status: to, ...extra }, cookie });
}

/** A transition that must succeed; returns the order it answers. */
async function transitionOk(id: string, to: Status, extra: Record<string, unknown> = {}): Promise<AdminOrder> {
  const response = await requestTransition(id, to, orderManager, extra);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  const order = parseAdminOrder(json);
  expect(order.status).toBe(to);
  return order;
}

/** The path of transitions from pending to a status. */
const PATH_TO: Record<Status, Status[]> = {
  pending: [],
  approved: ['approved'],
  declined: ['declined'],
  processing: ['approved', 'processing'],
  shipped: ['approved', 'processing', 'shipped'],
  delivered: ['approved', 'processing', 'shipped', 'delivered'],
  cancelled: ['cancelled'],
};

/** A new order of `quantity` × product moved to a status through the API. */
async function orderIn(status: Status, productId = main.id, quantity = 1, customer: { firstName?: string; lastName?: string; email?: string } = {}) {
  const placed = await placeOrder(shop.base, [{ productId, quantity }], customer);
  for (const step of PATH_TO[status]) await transitionOk(placed.id, step, step === 'shipped' ? { carrier: 'DPD', trackingNumber: 'TRK-0001' } : {});
  return placed;
}

/** GET /api/admin/orders/:id as the order manager. */
async function adminOrder(id: string): Promise<AdminOrder> {
  const response = await call(shop.base, `/api/admin/orders/${id}`, { cookie: orderManager });
  expect(response.status).toBe(200);
  return parseAdminOrder(await response.json());
}

/** GET /api/admin/orders with a query, as the order manager. */
async function list(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const response = await call(shop.base, `/api/admin/orders?${params}`, { cookie: orderManager });
  expect(response.status).toBe(200);
  return adminOrdersPageSchema.parse(await response.json());
}

/** The order as the customer sees it through GET /api/orders/:n?email=. */
async function customerView(orderNumber: string, email: string) {
  const response = await call(shop.base, `/api/orders/${orderNumber}?email=${encodeURIComponent(email)}`);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  // Never kept by a cache: the next look brings the new status.
  expect(response.headers.get('cache-control')).toContain('no-store');
  return { order: orderSchema.parse(JSON.parse(text)), text };
}

/** The e-mails queued for an address, oldest first. */
function mailsTo(email: string) {
  return runSql<{ kind: string; subject: string; text: string; to_address: string }>(
    shop.db,
    `SELECT kind, subject, text, to_address FROM outbox WHERE to_address = ${q(email)} ORDER BY created_at, id`,
  );
}

/** Everything a refused transition must leave alone: the order row, its history, stock, e-mails and the audit log. */
async function stateOf(id: string, productId: string) {
  return {
    order: JSON.parse(JSON.stringify(await runSql(shop.db, `SELECT * FROM orders WHERE id = ${q(id)}`))),
    events: await countRows(shop.db, 'order_events', `order_id = ${q(id)}`),
    stock: await readStock(shop.db, productId),
    outbox: await countRows(shop.db, 'outbox'),
    audit: await countRows(shop.db, 'audit_log'),
  };
}

beforeAll(async () => {
  shop = await startShop();
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const sellable = (await fetchProducts(shop.base)).filter((p) => !p.requestQuoteOnly && p.inStock);
  main = sellable[0]!;
  stocked = sellable[1]!;
  await setStock(shop.db, main.id, 100_000);
  await setStock(shop.db, stocked.id, 10);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('GET /api/admin/orders', () => {
  /** A name part shared only by this group's orders, so the search finds them alone. */
  const family = `Pagington${randomUUID().slice(0, 6)}`;
  const placed: { id: string; orderNumber: string; email: string }[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 5; i += 1) {
      placed.push(await placeOrder(shop.base, [{ productId: main.id, quantity: 1 }], { firstName: 'Page', lastName: family, email: `page.${i}.${family.toLowerCase()}@example.com` }));
      // Distinct creation times, so "newest first" has one answer.
      await new Promise((r) => setTimeout(r, 5));
    }
  });

  it('pages newest first with the total, each page in order and no order twice', async () => {
    const newestFirst = [...placed].reverse().map((p) => p.orderNumber);
    const pages = [await list({ q: family, page: 1, pageSize: 2 }), await list({ q: family, page: 2, pageSize: 2 }), await list({ q: family, page: 3, pageSize: 2 })];
    expect(pages.map((p) => [p.page, p.pageSize, p.total, p.orders.length])).toEqual([[1, 2, 5, 2], [2, 2, 5, 2], [3, 2, 5, 1]]);
    expect(pages.flatMap((p) => p.orders.map((o) => o.orderNumber))).toEqual(newestFirst);
    const beyond = await list({ q: family, page: 4, pageSize: 2 });
    expect(beyond).toMatchObject({ total: 5, orders: [] });
  });

  it('lists every order newest first by default, 20 to a page', async () => {
    const page = await list({});
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(20);
    expect(page.total).toBe(await countRows(shop.db, 'orders'));
    const times = page.orders.map((o) => o.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by status', async () => {
    await transitionOk(placed[0]!.id, 'approved');
    await transitionOk(placed[1]!.id, 'declined');
    const approved = await list({ q: family, status: 'approved' });
    expect(approved.orders.map((o) => o.orderNumber)).toEqual([placed[0]!.orderNumber]);
    expect(approved.total).toBe(1);
    const pending = await list({ q: family, status: 'pending' });
    expect(pending.orders.map((o) => o.orderNumber).sort()).toEqual(placed.slice(2).map((p) => p.orderNumber).sort());
    const everyApproved = await list({ status: 'approved', pageSize: 100 });
    expect(everyApproved.orders.every((o) => o.status === 'approved')).toBe(true);
    expect(everyApproved.total).toBe(await countRows(shop.db, 'orders', `status = 'approved'`));
  });

  it('finds an order by its number, in full, lower-case or as digits', async () => {
    const target = placed[3]!;
    for (const query of [target.orderNumber, target.orderNumber.toLowerCase(), target.orderNumber.slice(4), ` ${target.orderNumber} `]) {
      const page = await list({ q: query });
      expect(page.orders.map((o) => o.orderNumber), query).toEqual([target.orderNumber]);
      expect(page.total).toBe(1);
    }
  });

  it('finds orders by customer name and e-mail, in any case, anywhere in the text', async () => {
    expect((await list({ q: family.toUpperCase() })).total).toBe(5);
    expect((await list({ q: `page ${family.toLowerCase()}` })).total).toBe(5);
    const byEmail = await list({ q: placed[2]!.email.toUpperCase() });
    expect(byEmail.orders.map((o) => o.orderNumber)).toEqual([placed[2]!.orderNumber]);
    expect((await list({ q: `2.${family}` })).orders.map((o) => o.orderNumber)).toEqual([placed[2]!.orderNumber]);
    expect((await list({ q: `nothing-like-${randomUUID()}` })).total).toBe(0);
  });

  it("takes '%' and '_' in the search literally", async () => {
    // A letter first: eight digits alone are searched as an order number (ORD-12345678).
    const token = `t${randomUUID().slice(0, 7)}`;
    const underscore = await placeOrder(shop.base, [{ productId: main.id, quantity: 1 }], { email: `lit_${token}@example.com` });
    await placeOrder(shop.base, [{ productId: main.id, quantity: 1 }], { email: `litx${token}@example.com` });
    expect((await list({ q: token })).total).toBe(2);
    // '_' matches itself only, not any one character.
    expect((await list({ q: `lit_${token}` })).orders.map((o) => o.orderNumber)).toEqual([underscore.orderNumber]);
    // '%' matches itself only, not any text.
    expect((await list({ q: `lit%${token}` })).total).toBe(0);
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: '_' })).total).toBe(await countRows(shop.db, 'orders', `customer_email LIKE '%!_%' ESCAPE '!'`));
  });
});

describe('GET /api/admin/orders/:id', () => {
  it('answers the order with its lines, shipment fields and history', async () => {
    const placed = await orderIn('pending');
    const order = await adminOrder(placed.id);
    expect(order).toMatchObject({ id: placed.id, orderNumber: placed.orderNumber, customerEmail: placed.email, status: 'pending', paymentStatus: 'pending', carrier: null, trackingNumber: null });
    expect(order.items.map((i) => [i.product.id, i.quantity])).toEqual([[main.id, 1]]);
    // Placed by the customer (named), then only the order-received e-mail.
    expect(order.history[0]).toMatchObject({ action: 'placed', to: 'pending', by: 'Sarah Mitchell' });
    expect(order.history.slice(1).map((h) => [h.action, h.by])).toEqual([['email', 'System']]);

    await transitionOk(placed.id, 'approved');
    const approved = await adminOrder(placed.id);
    const change = approved.history.find((h) => h.action === 'approved');
    // Staff see who did it.
    expect(change).toMatchObject({ by: DEMO.orderManager.name, from: 'pending', to: 'approved' });
    expect(approved.history.some((h) => h.action === 'email')).toBe(true);
    expect(approved.history.map((h) => h.at)).toEqual([...approved.history.map((h) => h.at)].sort());
  });

  it('answers 404 for an unknown id, on every order route', async () => {
    const id = randomUUID();
    const responses = [
      await call(shop.base, `/api/admin/orders/${id}`, { cookie: orderManager }),
      await requestTransition(id, 'approved'),
      await requestTransition(id, 'declined'),
      await requestTransition(id, 'processing'),
      await requestTransition(id, 'cancelled'),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(errorOf(await response.json()).message).toBe(ADMIN_MESSAGES.orderNotFound);
    }
  });
});

describe('allowed transitions', () => {
  it('approves a pending order: status approved (payment still pending: no money moved), the note, the invoice, the e-mail, the audit entry and the customer’s timeline', async () => {
    const placed = await orderIn('pending');
    const auditBefore = await countRows(shop.db, 'audit_log');
    const order = await transitionOk(placed.id, 'approved');
    expect(order).toMatchObject({ status: 'approved', paymentStatus: 'pending' });
    expect(order.payment).toMatchObject({ method: 'bank_transfer', status: 'pending', capturedCents: 0, outstandingCents: Math.round(order.total * 100) });
    expect(order.invoice?.number).toMatch(/^INV-\d{6}$/);
    expect(order.notes.split('\n').at(-1)).toBe('Order approved by admin');
    expect(new Date(order.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(order.createdAt).getTime());

    const mails = (await mailsTo(placed.email)).filter((m) => m.kind !== 'order-received');
    expect(mails.map((m) => m.kind)).toEqual(['order-approved']);
    expect(mails[0]!.subject + mails[0]!.text).toContain(placed.orderNumber);

    expect(await countRows(shop.db, 'audit_log')).toBe(auditBefore + 1);
    expect(await auditOf(shop.db, placed.id)).toEqual([
      {
        action: 'order.approve',
        actor_name: DEMO.orderManager.name,
        actor_id: expect.any(String),
        before: expect.objectContaining({ orderNumber: placed.orderNumber, status: 'pending', paymentStatus: 'pending' }),
        after: expect.objectContaining({ orderNumber: placed.orderNumber, status: 'approved', paymentStatus: 'pending' }),
      },
    ]);

    // The customer sees it at once, signed by the shop, never by a staff member.
    const { order: seen, text } = await customerView(placed.orderNumber, placed.email);
    expect(seen.status).toBe('approved');
    expect(seen.history?.map((h) => h.action)).toEqual(expect.arrayContaining(['placed', 'approved']));
    expect(seen.history?.find((h) => h.action === 'approved')).toMatchObject({ by: 'Graphene Coatings', to: 'approved' });
    for (const staff of [DEMO.orderManager, DEMO.superAdmin, DEMO.productManager]) {
      expect(text).not.toContain(staff.name);
      expect(text).not.toContain(staff.name.split(' ')[1]);
      expect(text).not.toContain(staff.email);
    }
    expect(text).toContain('Graphene Coatings');
  });

  it("declines a pending order with a reason: both statuses declined, note 'Order declined: ' + reason, the reason e-mailed and audited, stock back", async () => {
    const before = (await readStock(shop.db, main.id)).stock_quantity!;
    const placed = await orderIn('pending', main.id, 3);
    expect((await readStock(shop.db, main.id)).stock_quantity).toBe(before - 3);
    const reason = 'Colour discontinued by the maker';
    const order = await transitionOk(placed.id, 'declined', { reason: `  ${reason}  ` });
    expect(order).toMatchObject({ status: 'declined', paymentStatus: 'declined' });
    expect(order.notes.split('\n').at(-1)).toBe(`Order declined: ${reason}`);
    expect((await readStock(shop.db, main.id)).stock_quantity).toBe(before);

    const mails = (await mailsTo(placed.email)).filter((m) => m.kind !== 'order-received');
    expect(mails.map((m) => m.kind)).toEqual(['order-declined']);
    expect(mails[0]!.text).toContain(reason);
    const [audit] = await auditOf(shop.db, placed.id);
    expect(audit).toMatchObject({ action: 'order.decline', before: { status: 'pending' }, after: { status: 'declined', paymentStatus: 'declined', reason } });
    const { order: seen } = await customerView(placed.orderNumber, placed.email);
    expect(seen.status).toBe('declined');
    expect(seen.history?.find((h) => h.action === 'declined')).toMatchObject({ by: 'Graphene Coatings', note: reason });
  });

  it('moves an approved order to processing, audited, without an e-mail', async () => {
    const placed = await orderIn('approved');
    const mailsBefore = (await mailsTo(placed.email)).length;
    const order = await transitionOk(placed.id, 'processing');
    // Nothing was paid: the payment status follows the money, not the order.
    expect(order.paymentStatus).toBe('pending');
    expect((await mailsTo(placed.email)).length).toBe(mailsBefore);
    expect((await auditOf(shop.db, placed.id)).at(-1)).toMatchObject({ action: 'order.status', before: { status: 'approved' }, after: { status: 'processing' } });
    expect((await customerView(placed.orderNumber, placed.email)).order.status).toBe('processing');
  });

  it('ships a processing order with carrier and tracking: stored, e-mailed and audited', async () => {
    const placed = await orderIn('processing');
    const order = await transitionOk(placed.id, 'shipped', { carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' });
    expect(order).toMatchObject({ carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' });
    const shipped = (await mailsTo(placed.email)).filter((m) => m.kind === 'order-shipped');
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.text).toContain('RM123456789GB');
    expect(shipped[0]!.text).toContain('Royal Mail');
    expect((await auditOf(shop.db, placed.id)).at(-1)).toMatchObject({
      action: 'order.ship',
      before: { status: 'processing', trackingNumber: null },
      after: { status: 'shipped', carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' },
    });
    expect((await customerView(placed.orderNumber, placed.email)).order.status).toBe('shipped');
  });

  it('delivers a shipped order, audited', async () => {
    const placed = await orderIn('shipped');
    await transitionOk(placed.id, 'delivered');
    expect((await auditOf(shop.db, placed.id)).at(-1)).toMatchObject({ action: 'order.status', before: { status: 'shipped' }, after: { status: 'delivered' } });
    const { order } = await customerView(placed.orderNumber, placed.email);
    expect(order.status).toBe('delivered');
    expect(order.history?.filter((h) => !['email', 'placed', 'invoice'].includes(h.action)).map((h) => h.to)).toEqual(['approved', 'processing', 'shipped', 'delivered']);
  });

  it.each([
    ['pending', 'declined'],
    // Approved but never paid: nothing to refund (payments-refunds.test.ts cancels a paid one).
    ['approved', 'declined'],
    ['processing', 'declined'],
  ] as const)('cancels a %s order: payment %s, stock back, e-mailed, audited', async (from, payment) => {
    const before = (await readStock(shop.db, main.id)).stock_quantity!;
    const placed = await orderIn(from, main.id, 2);
    expect((await readStock(shop.db, main.id)).stock_quantity).toBe(before - 2);
    const order = await transitionOk(placed.id, 'cancelled', { notes: 'Customer asked by phone' });
    expect(order.paymentStatus).toBe(payment);
    expect(order.notes.split('\n').at(-1)).toBe('Order cancelled: Customer asked by phone');
    expect((await readStock(shop.db, main.id)).stock_quantity).toBe(before);
    expect((await mailsTo(placed.email)).filter((m) => m.kind === 'order-cancelled')).toHaveLength(1);
    expect((await auditOf(shop.db, placed.id)).at(-1)).toMatchObject({ action: 'order.cancel', before: { status: from }, after: { status: 'cancelled', paymentStatus: payment } });
    expect((await customerView(placed.orderNumber, placed.email)).order.status).toBe('cancelled');
  });
});

describe('refused transitions', () => {
  /** One order per status, made on first use (a refused change leaves it as it is). */
  const orders = new Map<Status, Promise<{ id: string }>>();
  const inStatus = (status: Status) => {
    if (!orders.has(status)) orders.set(status, orderIn(status));
    return orders.get(status)!;
  };
  const refused = STATUSES.flatMap((from) => TARGETS.filter((to) => !ALLOWED[from].includes(to)).map((to) => [from, to] as const));

  it('covers every status against every target the machine forbids', () => {
    expect(refused).toHaveLength(34);
  });

  it.each(refused)('refuses %s → %s with 409 and the order as it is, changing nothing', async (from, to) => {
    const { id } = await inStatus(from);
    const before = await stateOf(id, main.id);
    const response = await requestTransition(id, to, orderManager, to === 'shipped' ? { carrier: 'DPD', trackingNumber: 'NEW-TRACKING' } : {});
    const body = (await response.json()) as { error: { code: string; message: string }; order: unknown };
    expect(response.status, JSON.stringify(body)).toBe(409);
    expect(body.error).toEqual({ code: 'conflict', message: `This change is not possible: the order is ${from}.` });
    const order = parseAdminOrder(body.order);
    expect(order).toMatchObject({ id, status: from });
    expect(await stateOf(id, main.id)).toEqual(before);
  });
});

describe('refused input', () => {
  it.each([
    ['an empty reason', { reason: '' }],
    ['a blank reason', { reason: '   \n ' }],
    ['no reason', {}],
  ])('refuses a decline with %s: 422 with the message, nothing changed', async (_name, body) => {
    const { id } = await orderIn('pending');
    const before = await stateOf(id, main.id);
    const response = await call(shop.base, `/api/admin/orders/${id}/decline`, { body, cookie: orderManager });
    expect(response.status).toBe(422);
    const error = errorOf(await response.json());
    expect(error.message).toBe('Please give a reason for declining the order.');
    expect(error.fields?.reason).toBe('Please give a reason for declining the order.');
    expect(await stateOf(id, main.id)).toEqual(before);
  });

  it('refuses a status change to a status not offered there (approve and decline have their routes) with 422', async () => {
    const { id } = await orderIn('pending');
    for (const status of ['approved', 'declined', 'pending', 'lost', undefined]) {
      const response = await call(shop.base, `/api/admin/orders/${id}/status`, { body: { status }, cookie: orderManager });
      expect(response.status, String(status)).toBe(422);
    }
    expect((await adminOrder(id)).status).toBe('pending');
  });
});

describe('two staff at once', () => {
  it('lets exactly one of approve and decline win; the other gets 409 with the winner’s order', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { id, email } = await orderIn('pending');
      const responses = await Promise.all([requestTransition(id, 'approved', orderManager), requestTransition(id, 'declined', superAdmin)]);
      const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })));
      const winners = answers.filter((a) => a.status === 200);
      expect(winners, JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
      const winner = parseAdminOrder(winners[0]!.body);
      const loser = answers.find((a) => a.status !== 200)!;
      expect(loser.status).toBe(409);
      expect(parseAdminOrder(loser.body.order)).toMatchObject({ status: winner.status, paymentStatus: winner.paymentStatus });
      expect((await adminOrder(id)).status).toBe(winner.status);
      expect(await auditOf(shop.db, id)).toHaveLength(1);
      expect((await mailsTo(email)).filter((m) => m.kind !== 'order-received')).toHaveLength(1);
    }
  });

  it('lets exactly one of 10 mixed approvals and declines win: one history entry, audit entry and e-mail', async () => {
    const { id, email } = await orderIn('pending');
    const targets: Status[] = ['approved', 'declined', 'declined', 'approved', 'approved', 'declined', 'approved', 'declined', 'approved', 'declined'];
    const responses = await Promise.all(targets.map((to, i) => requestTransition(id, to, i % 2 ? superAdmin : orderManager)));
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })));
    expect(answers.filter((a) => a.status === 200), JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const winner = parseAdminOrder(answers.find((a) => a.status === 200)!.body);
    for (const loser of answers.filter((a) => a.status === 409)) expect(parseAdminOrder(loser.body.order).status).toBe(winner.status);
    expect(await auditOf(shop.db, id)).toHaveLength(1);
    expect(await countRows(shop.db, 'order_events', `order_id = ${q(id)} AND action NOT IN ('email', 'invoice')`)).toBe(1);
    expect((await mailsTo(email)).filter((m) => m.kind !== 'order-received')).toHaveLength(1);
  });

  it('gives stock back exactly once when 10 declines and cancels of one order race', async () => {
    await setStock(shop.db, stocked.id, 10);
    const { id, email } = await orderIn('pending', stocked.id, 4);
    expect((await readStock(shop.db, stocked.id)).stock_quantity).toBe(6);
    const targets: Status[] = ['declined', 'cancelled', 'declined', 'cancelled', 'cancelled', 'declined', 'cancelled', 'declined', 'cancelled', 'declined'];
    const responses = await Promise.all(targets.map((to, i) => requestTransition(id, to, i % 2 ? superAdmin : orderManager)));
    const answers = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })));
    expect(answers.filter((a) => a.status === 200), JSON.stringify(answers.map((a) => a.status))).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    const winner = parseAdminOrder(answers.find((a) => a.status === 200)!.body);
    for (const loser of answers.filter((a) => a.status === 409)) expect(parseAdminOrder(loser.body.order).status).toBe(winner.status);
    expect(await readStock(shop.db, stocked.id)).toEqual({ stock_quantity: 10, in_stock: 1 });
    expect(await auditOf(shop.db, id)).toHaveLength(1);
    expect((await mailsTo(email)).filter((m) => m.kind !== 'order-received')).toHaveLength(1);
  });
});

describe('staff and shoppers at once', () => {
  it('gives stock back while shoppers order the same products, without a deadlock, an error or a lost unit', async () => {
    const [x, y] = [main, stocked];
    await setStock(shop.db, x.id, 1000);
    await setStock(shop.db, y.id, 1000);
    const orders = [];
    for (let i = 0; i < 8; i += 1) orders.push(await placeOrder(shop.base, [{ productId: x.id, quantity: 1 }, { productId: y.id, quantity: 2 }]));
    expect(await readStock(shop.db, x.id)).toMatchObject({ stock_quantity: 992 });
    expect(await readStock(shop.db, y.id)).toMatchObject({ stock_quantity: 984 });
    const responses = await Promise.all([
      ...orders.map((o, i) => (i % 2 ? requestTransition(o.id, 'declined') : requestTransition(o.id, 'cancelled', superAdmin))),
      // The lines in both orders, so a lock taken product by product in the order of the lines would deadlock.
      ...orders.map((_, i) => postOrder(shop.base, orderBody(i % 2 ? [{ productId: y.id, quantity: 1 }, { productId: x.id, quantity: 1 }] : [{ productId: x.id, quantity: 1 }, { productId: y.id, quantity: 1 }]))),
    ]);
    const statuses = responses.map((r) => r.status);
    expect(statuses, statuses.join(',')).toEqual([...Array(8).fill(200), ...Array(8).fill(201)]);
    // 1000 − 8 (placed) + 8 (given back) − 8 (new orders), and the same for y with 16 given back.
    expect(await readStock(shop.db, x.id)).toEqual({ stock_quantity: 992, in_stock: 1 });
    expect(await readStock(shop.db, y.id)).toEqual({ stock_quantity: 992, in_stock: 1 });
    await setStock(shop.db, x.id, 100_000);
    await setStock(shop.db, y.id, 10);
  });
});

describe('stock given back once', () => {
  it('a declined order gives its stock back once; a second decline or a cancel is refused and leaves it', async () => {
    await setStock(shop.db, stocked.id, 5);
    const { id } = await orderIn('pending', stocked.id, 5);
    expect(await readStock(shop.db, stocked.id)).toEqual({ stock_quantity: 0, in_stock: 0 });
    await transitionOk(id, 'declined');
    expect(await readStock(shop.db, stocked.id)).toEqual({ stock_quantity: 5, in_stock: 1 });
    expect((await requestTransition(id, 'declined')).status).toBe(409);
    expect((await requestTransition(id, 'cancelled')).status).toBe(409);
    expect(await readStock(shop.db, stocked.id)).toEqual({ stock_quantity: 5, in_stock: 1 });
  });

  it('an approved order keeps its stock taken until cancelled, then gives it back once', async () => {
    await setStock(shop.db, stocked.id, 8);
    const { id } = await orderIn('pending', stocked.id, 3);
    await transitionOk(id, 'approved');
    expect((await readStock(shop.db, stocked.id)).stock_quantity).toBe(5);
    await transitionOk(id, 'cancelled');
    expect((await readStock(shop.db, stocked.id)).stock_quantity).toBe(8);
    expect((await requestTransition(id, 'cancelled')).status).toBe(409);
    expect((await requestTransition(id, 'declined')).status).toBe(409);
    expect((await readStock(shop.db, stocked.id)).stock_quantity).toBe(8);
  });

  it('a shipped or delivered order keeps its stock taken', async () => {
    await setStock(shop.db, stocked.id, 8);
    const { id } = await orderIn('delivered', stocked.id, 2);
    expect((await readStock(shop.db, stocked.id)).stock_quantity).toBe(6);
    expect((await requestTransition(id, 'cancelled')).status).toBe(409);
    expect((await readStock(shop.db, stocked.id)).stock_quantity).toBe(6);
  });

  it('an uncounted product stays uncounted when its order is declined', async () => {
    await setStock(shop.db, stocked.id, null);
    const { id } = await orderIn('pending', stocked.id, 2);
    await transitionOk(id, 'declined');
    expect(await readStock(shop.db, stocked.id)).toEqual({ stock_quantity: null, in_stock: 1 });
    await setStock(shop.db, stocked.id, 10);
  });
});

describe('the signed-in customer’s orders', () => {
  it('show the new status and timeline at once, without staff names', async () => {
    const customer = await registerCustomer(shop.base);
    const body = orderBody([{ productId: main.id, quantity: 1 }], { customer: { firstName: 'Casey', lastName: 'Customer', email: customer.email, phone: '07700 900123' } });
    const placed = await postOrder(shop.base, body, customer.cookie);
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    await transitionOk(id, 'approved');
    const response = await call(shop.base, '/api/account/orders', { cookie: customer.cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    const { orders } = JSON.parse(text) as { orders: unknown[] };
    const order = orderSchema.parse(orders.find((o) => (o as { id: string }).id === id));
    expect(order.status).toBe('approved');
    expect(order.history?.find((h) => h.action === 'approved')).toMatchObject({ by: 'Graphene Coatings' });
    expect(text).not.toContain(DEMO.orderManager.name);
  });
});

describe('GET /api/admin/summary', () => {
  it('counts the pending orders', async () => {
    const pendingNow = async () => ((await (await call(shop.base, '/api/admin/summary', { cookie: orderManager })).json()) as { pendingOrders: number }).pendingOrders;
    const before = await pendingNow();
    expect(before).toBe(await countRows(shop.db, 'orders', `status = 'pending'`));
    const a = await orderIn('pending');
    await orderIn('pending');
    expect(await pendingNow()).toBe(before + 2);
    await transitionOk(a.id, 'approved');
    expect(await pendingNow()).toBe(before + 1);
  });
});
