import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../src/lib/schemas/auth';
import { ADMIN_USER_MESSAGES, adminUserDetailSchema, adminUserSchema, adminUsersPageSchema, type AdminUsersPage } from '../../src/lib/schemas/admin-users';
import { auditOf, call, countRows, createStaffMember, DEMO, setCookiePair, staffSignIn, startShop, STRONG_PASSWORD, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, orderBody, postOrder, q, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The back office's customers (issue #13, spec §2.13 Users, §4 Users, §5 admin search, §9 user
 * filter and 'New This Month'): the list with its search, filter, paging and stat cards; one
 * customer's orders and total spent; block (signs them out at once, refuses sign-in and reset
 * links), unblock, delete (account and personal data gone, orders kept unlinked), all audited.
 */

let shop: Shop;
let admin: string;
let productId: string;
/** A word in every list-test customer's name, so searches see only this file's rows. */
const TAG = `zq${randomUUID().slice(0, 6)}`;

/** Signs a customer up through the shop; returns their id, e-mail and `gc_session=...` cookie. */
async function signUp(fullName: string, phone = '+12145550123'): Promise<{ id: string; email: string; cookie: string }> {
  const email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${randomUUID().slice(0, 6)}@example.com`;
  const response = await call(shop.base, '/api/auth/register', {
    body: { fullName, email, phone, dateOfBirth: '1990-05-17', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, acceptTerms: true },
  });
  const json = (await response.json()) as { user: { id: string } };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return { id: json.user.id, email, cookie: setCookiePair(response, 'gc_session')! };
}

/** Signs a customer in. */
function signIn(email: string): Promise<Response> {
  return call(shop.base, '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
}

/** GET /api/admin/users with a query; must succeed and keep to the contract. */
async function listUsers(query: Record<string, string> = {}, cookie = admin): Promise<AdminUsersPage> {
  const response = await call(shop.base, `/api/admin/users?${new URLSearchParams(query)}`, { cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return adminUsersPageSchema.parse(json);
}

/** PATCH /api/admin/users/:id. */
function patchUser(id: string, body: unknown, cookie = admin): Promise<Response> {
  return call(shop.base, `/api/admin/users/${encodeURIComponent(id)}`, { method: 'PATCH', body, cookie });
}

/** Places an order signed in as a customer; returns its id and number. */
async function placeOrderAs(cookie: string, email: string): Promise<{ id: string; orderNumber: string; total: number }> {
  const response = await postOrder(shop.base, orderBody([{ productId, quantity: 1 }], { customer: { firstName: 'Casey', lastName: 'Buyer', email, phone: '07700 900123' } }), cookie);
  const json = (await response.json()) as { id: string; orderNumber: string; total: number };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return json;
}

/** Inserts a customer behind the server's back (for list tests that need exact creation times). */
async function insertCustomer(row: { fullName: string; email: string; phone: string; createdAt: string; blocked?: boolean; lastLogin?: string | null }): Promise<string> {
  const id = randomUUID();
  await runSql(
    shop.db,
    `INSERT INTO customers (id, full_name, email, phone, date_of_birth, password_hash, is_blocked, created_at, last_login_at)
     VALUES (${q(id)}, ${q(row.fullName)}, ${q(row.email)}, ${q(row.phone)}, '1985-03-02', 'not-a-hash', ${row.blocked ? 1 : 0}, ${q(row.createdAt)}, ${row.lastLogin ? q(row.lastLogin) : 'NULL'})`,
  );
  return id;
}

beforeAll(async () => {
  shop = await startShop();
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const products = await fetchProducts(shop.base);
  productId = products.find((p) => !p.requestQuoteOnly && p.inStock)!.id;
  await setStock(shop.db, productId, 10_000);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('the users list', () => {
  /** This file's list customers, newest first. */
  const listed: { id: string; fullName: string; email: string; phone: string; blocked: boolean }[] = [];

  beforeAll(async () => {
    const rows = [
      { fullName: `Ada Pemberton ${TAG}`, email: `ada.${TAG}@example.com`, phone: '+441632960001', blocked: false },
      { fullName: `Bruno Castellanos ${TAG}`, email: `bruno.${TAG}@example.com`, phone: '+441632960002', blocked: true },
      { fullName: `Chiara O'Neill ${TAG}`, email: `chiara.${TAG}@example.com`, phone: '+15035550199', blocked: false },
      { fullName: `Dmitri 100%_Wall ${TAG}`, email: `dmitri.${TAG}@example.com`, phone: '+15035550100', blocked: false },
    ];
    // Distinct creation times in the future of every other row: these are the newest, in this order.
    for (const [i, row] of rows.entries()) {
      const id = await insertCustomer({ ...row, createdAt: new Date(Date.UTC(2100, 0, 10 - i)).toISOString(), lastLogin: i === 0 ? new Date().toISOString() : null });
      listed.push({ id, ...row });
    }
  });

  it('lists every customer newest first with the fields staff see, and the stat cards counted from the data', async () => {
    const page = await listUsers({ pageSize: '100' });
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(100);
    expect(page.users.slice(0, 4).map((u) => u.id)).toEqual(listed.map((u) => u.id));
    const ada = page.users[0]!;
    expect(ada).toEqual({ id: listed[0]!.id, fullName: listed[0]!.fullName, email: listed[0]!.email, phone: listed[0]!.phone, isBlocked: false, lastLogin: expect.any(String), createdAt: '2100-01-10T00:00:00.000Z', orderCount: 0 });
    expect(page.users[1]!.isBlocked).toBe(true);
    expect(page.users[2]!.lastLogin).toBeNull();
    for (const user of page.users) expect(Object.keys(user).sort()).toEqual(Object.keys(adminUserSchema.shape).sort());
    const times = page.users.map((u) => u.createdAt);
    expect([...times].sort().reverse()).toEqual(times);

    const total = await countRows(shop.db, 'customers');
    const blocked = await countRows(shop.db, 'customers', 'is_blocked = 1');
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const newThisMonth = await countRows(shop.db, 'customers', `created_at >= ${q(monthStart)}`);
    expect(page.total).toBe(total);
    expect(page.stats).toEqual({ total, active: total - blocked, blocked, newThisMonth });
    // The demo customers (one of them blocked) and these four.
    expect(total).toBeGreaterThanOrEqual(7);
    expect(blocked).toBeGreaterThanOrEqual(2);
  });

  it("counts as 'New This Month' only customers created since the first of this month", async () => {
    const before = (await listUsers()).stats;
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 1).toISOString();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    await insertCustomer({ fullName: 'Late Last Month', email: `late.${randomUUID().slice(0, 8)}@example.com`, phone: '+15035550111', createdAt: lastMonth });
    await insertCustomer({ fullName: 'First Of Month', email: `first.${randomUUID().slice(0, 8)}@example.com`, phone: '+15035550112', createdAt: thisMonth });
    const after = (await listUsers()).stats;
    expect(after.total).toBe(before.total + 2);
    expect(after.newThisMonth).toBe(before.newThisMonth + 1);
  });

  it('searches name, e-mail and phone regardless of case, with LIKE wildcards taken literally', async () => {
    const ids = async (text: string) => (await listUsers({ q: text })).users.map((u) => u.id);
    expect(await ids(`pemberton ${TAG}`.toUpperCase())).toEqual([listed[0]!.id]);
    expect(await ids(`bruno.${TAG}@EXAMPLE`)).toEqual([listed[1]!.id]);
    expect(await ids('5035550199')).toEqual([listed[2]!.id]);
    expect(await ids(`o'neill`)).toEqual([listed[2]!.id]);
    expect(await ids('100%_wall')).toEqual([listed[3]!.id]);
    expect(await ids('%')).toEqual([listed[3]!.id]);
    const page = await listUsers({ q: TAG });
    expect(page.users.map((u) => u.id)).toEqual(listed.map((u) => u.id));
    expect(page.total).toBe(4);
    const none = await listUsers({ q: `nobody-${TAG}` });
    expect(none).toMatchObject({ users: [], total: 0 });
    // The stat cards count everyone, whatever the search.
    expect(none.stats.total).toBe(await countRows(shop.db, 'customers'));
    // The database keeps the search text when a name, e-mail or phone changes, whoever writes it.
    await runSql(shop.db, `UPDATE customers SET full_name = ${q(`Ada Renamed-Quayle ${TAG}`)} WHERE id = ${q(listed[0]!.id)}`);
    expect(await ids('renamed-quayle')).toEqual([listed[0]!.id]);
    expect(await ids('pemberton')).not.toContain(listed[0]!.id);
  });

  it('filters active and blocked customers, and combines the filter with a search', async () => {
    const blocked = await listUsers({ status: 'blocked', pageSize: '100' });
    expect(blocked.users.every((u) => u.isBlocked)).toBe(true);
    expect(blocked.total).toBe(await countRows(shop.db, 'customers', 'is_blocked = 1'));
    const active = await listUsers({ status: 'active', pageSize: '100' });
    expect(active.users.every((u) => !u.isBlocked)).toBe(true);
    expect(active.total).toBe(await countRows(shop.db, 'customers', 'is_blocked = 0'));
    expect((await listUsers({ status: 'blocked', q: TAG })).users.map((u) => u.id)).toEqual([listed[1]!.id]);
    expect((await listUsers({ status: 'active', q: TAG })).users.map((u) => u.id)).toEqual([listed[0]!.id, listed[2]!.id, listed[3]!.id]);
  });

  it('pages through the matches without gaps or repeats', async () => {
    const first = await listUsers({ q: TAG, pageSize: '3' });
    const second = await listUsers({ q: TAG, pageSize: '3', page: '2' });
    const third = await listUsers({ q: TAG, pageSize: '3', page: '3' });
    expect(first.users.map((u) => u.id)).toEqual(listed.slice(0, 3).map((u) => u.id));
    expect(second.users.map((u) => u.id)).toEqual(listed.slice(3).map((u) => u.id));
    expect(third.users).toEqual([]);
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
  });

  it('refuses a bad status, page, page size or an over-long search with 422 and the field named', async () => {
    for (const [query, field] of [
      [{ status: 'sleeping' }, 'status'],
      [{ page: '0' }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ pageSize: '101' }, 'pageSize'],
      [{ q: 'x'.repeat(201) }, 'q'],
    ] as const) {
      const response = await call(shop.base, `/api/admin/users?${new URLSearchParams(query)}`, { cookie: admin });
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(errorOf(await response.json()).fields).toHaveProperty(field);
    }
  });
});

describe("a customer's detail", () => {
  it('shows their orders newest first and what they spent: approved and later orders count, pending, declined and cancelled do not', async () => {
    const customer = await signUp('Olga Orderly');
    const approved = await placeOrderAs(customer.cookie, customer.email);
    const shipped = await placeOrderAs(customer.cookie, customer.email);
    const declined = await placeOrderAs(customer.cookie, customer.email);
    const cancelled = await placeOrderAs(customer.cookie, customer.email);
    const pending = await placeOrderAs(customer.cookie, customer.email);
    // A guest order with their address is not theirs: only orders placed while signed in are linked.
    expect((await postOrder(shop.base, orderBody([{ productId, quantity: 2 }], { customer: { firstName: 'Olga', lastName: 'Orderly', email: customer.email, phone: '07700 900123' } }))).status).toBe(201);
    const act = async (path: string, body?: unknown) => expect((await call(shop.base, path, { method: 'POST', body, cookie: admin })).status).toBe(200);
    await act(`/api/admin/orders/${approved.id}/approve`);
    await act(`/api/admin/orders/${shipped.id}/approve`);
    await act(`/api/admin/orders/${shipped.id}/status`, { status: 'processing' });
    await act(`/api/admin/orders/${shipped.id}/status`, { status: 'shipped' });
    await act(`/api/admin/orders/${declined.id}/decline`, { reason: 'Address outside our delivery area' });
    await act(`/api/admin/orders/${cancelled.id}/status`, { status: 'cancelled' });

    const response = await call(shop.base, `/api/admin/users/${customer.id}`, { cookie: admin });
    const detail = adminUserDetailSchema.parse(await response.json());
    expect(response.status).toBe(200);
    expect(detail).toMatchObject({ id: customer.id, fullName: 'Olga Orderly', email: customer.email, isBlocked: false, orderCount: 5, dateOfBirth: '1990-05-17' });
    expect(detail.orders.map((o) => o.orderNumber).sort()).toEqual([approved, shipped, declined, cancelled, pending].map((o) => o.orderNumber).sort());
    expect(Object.fromEntries(detail.orders.map((o) => [o.id, o.status]))).toEqual({
      [approved.id]: 'approved',
      [shipped.id]: 'shipped',
      [declined.id]: 'declined',
      [cancelled.id]: 'cancelled',
      [pending.id]: 'pending',
    });
    const times = detail.orders.map((o) => o.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    const [{ cents }] = await runSql<{ cents: number | string }>(shop.db, `SELECT SUM(total_cents) AS cents FROM orders WHERE id IN (${q(approved.id)}, ${q(shipped.id)})`);
    expect(detail.totalSpent).toBe(Number(cents) / 100);
    expect(detail.totalSpent).toBe(Math.round((approved.total + shipped.total) * 100) / 100);
    // The list counts the same orders.
    expect((await listUsers({ q: customer.email })).users[0]!.orderCount).toBe(5);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await call(shop.base, '/api/admin/users/no-such-user', { cookie: admin });
    expect(response.status).toBe(404);
    expect(errorOf(await response.json())).toEqual({ code: 'not_found', message: ADMIN_USER_MESSAGES.notFound });
  });
});

describe('blocking and unblocking', () => {
  it('signs the customer out everywhere at once, refuses their sign-in and reset links, and is audited', async () => {
    const customer = await signUp('Blair Blockable');
    const otherBrowser = setCookiePair(await signIn(customer.email), 'gc_session')!;
    expect((await call(shop.base, '/api/auth/me', { cookie: customer.cookie })).status).toBe(200);
    // A reset link asked for before the block.
    expect((await call(shop.base, '/api/auth/forgot-password', { body: { email: customer.email } })).status).toBe(202);
    expect(await countRows(shop.db, 'password_reset_tokens', `customer_id = ${q(customer.id)} AND used_at IS NULL`)).toBe(1);

    const response = await patchUser(customer.id, { isBlocked: true });
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(200);
    expect(adminUserSchema.parse(json)).toMatchObject({ id: customer.id, isBlocked: true, email: customer.email });

    // Their very next request, in either browser, is refused.
    for (const cookie of [customer.cookie, otherBrowser]) expect((await call(shop.base, '/api/auth/me', { cookie })).status).toBe(401);
    expect((await call(shop.base, '/api/account/orders', { cookie: customer.cookie })).status).toBe(401);
    expect(await countRows(shop.db, 'sessions', `customer_id = ${q(customer.id)}`)).toBe(0);
    const refused = await signIn(customer.email);
    expect(refused.status).toBe(403);
    expect(errorOf(await refused.json())).toEqual({ code: 'account_blocked', message: AUTH_MESSAGES.blocked });
    // The open reset link is spent, and no new one is made.
    expect(await countRows(shop.db, 'password_reset_tokens', `customer_id = ${q(customer.id)} AND used_at IS NULL`)).toBe(0);
    expect((await call(shop.base, '/api/auth/forgot-password', { body: { email: customer.email } })).status).toBe(202);
    expect(await countRows(shop.db, 'password_reset_tokens', `customer_id = ${q(customer.id)}`)).toBe(1);

    // Blocking again changes nothing and records nothing.
    expect((await patchUser(customer.id, { isBlocked: true })).status).toBe(200);
    expect(await auditOf(shop.db, customer.id)).toEqual([{ action: 'customer.block', actor_name: DEMO.superAdmin.name, actor_id: expect.any(String), before: { isBlocked: false }, after: { isBlocked: true } }]);
    expect((await listUsers({ q: customer.email, status: 'blocked' })).users.map((u) => u.id)).toEqual([customer.id]);

    const unblocked = await patchUser(customer.id, { isBlocked: false });
    expect(adminUserSchema.parse(await unblocked.json()).isBlocked).toBe(false);
    expect(unblocked.status).toBe(200);
    const back = await signIn(customer.email);
    expect(back.status).toBe(200);
    expect((await call(shop.base, '/api/auth/me', { cookie: setCookiePair(back, 'gc_session')! })).status).toBe(200);
    expect((await auditOf(shop.db, customer.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['customer.block', { isBlocked: false }, { isBlocked: true }],
      ['customer.unblock', { isBlocked: true }, { isBlocked: false }],
    ]);
  });

  it('refuses a body that is not { isBlocked: boolean } with 422, changing nothing', async () => {
    const customer = await signUp('Ines Invalid');
    for (const body of [{}, { isBlocked: 'yes' }, { isBlocked: 1 }, { isBlocked: true, email: 'x@example.com' }, []]) {
      const response = await patchUser(customer.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(errorOf(await response.json()).code).toBe('invalid_fields');
    }
    expect((await call(shop.base, '/api/auth/me', { cookie: customer.cookie })).status).toBe(200);
    expect(await auditOf(shop.db, customer.id)).toEqual([]);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await patchUser('no-such-user', { isBlocked: true });
    expect(response.status).toBe(404);
    expect(errorOf(await response.json()).message).toBe(ADMIN_USER_MESSAGES.notFound);
  });

  it('is refused to staff without manage_users', async () => {
    const manager = await createStaffMember(shop.base, admin, 'order_manager', 'Omar Other');
    const cookie = await staffSignIn(shop.base, manager.email, manager.password);
    const customer = await signUp('Polly Protected');
    expect((await patchUser(customer.id, { isBlocked: true }, cookie)).status).toBe(403);
    expect((await call(shop.base, '/api/auth/me', { cookie: customer.cookie })).status).toBe(200);
  });
});

describe('deleting a customer', () => {
  it('erases the account and its personal data, keeps their orders as placed but unlinked, and is audited', async () => {
    const customer = await signUp('Della Deleted', '+15035550177');
    const order = await placeOrderAs(customer.cookie, customer.email);
    await call(shop.base, '/api/auth/forgot-password', { body: { email: customer.email } });
    // A failed sign-in counted under their e-mail.
    expect((await call(shop.base, '/api/auth/login', { body: { email: customer.email, password: 'Wrong-password-1' } })).status).toBe(401);
    const account = customer.email.toLowerCase();
    const attemptsOf = `scope IN (${q(`login:account:${account}`)}, ${q(`reset:account:${account}`)}) OR scope LIKE ${q(`login:pair:%:${account}`)}`;
    expect(await countRows(shop.db, 'login_attempts', attemptsOf)).toBeGreaterThan(0);
    const [placed] = await runSql(shop.db, `SELECT * FROM orders WHERE id = ${q(order.id)}`);

    const response = await call(shop.base, `/api/admin/users/${customer.id}`, { method: 'DELETE', cookie: admin });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    expect(await countRows(shop.db, 'customers', `id = ${q(customer.id)}`)).toBe(0);
    expect(await countRows(shop.db, 'sessions', `customer_id = ${q(customer.id)}`)).toBe(0);
    expect(await countRows(shop.db, 'password_reset_tokens', `customer_id = ${q(customer.id)}`)).toBe(0);
    expect(await countRows(shop.db, 'login_attempts', attemptsOf)).toBe(0);
    // The order is the shop's record of a sale: kept as placed, only no longer linked to the account.
    const [kept] = await runSql(shop.db, `SELECT * FROM orders WHERE id = ${q(order.id)}`);
    expect(kept).toEqual({ ...placed, customer_id: null });
    const staffView = await call(shop.base, `/api/admin/orders/${order.id}`, { cookie: admin });
    expect(staffView.status).toBe(200);
    expect(await staffView.json()).toMatchObject({ orderNumber: order.orderNumber, customerId: null, customerEmail: customer.email });

    expect((await call(shop.base, '/api/auth/me', { cookie: customer.cookie })).status).toBe(401);
    const signInAgain = await signIn(customer.email);
    expect(signInAgain.status).toBe(404);
    expect(errorOf(await signInAgain.json()).message).toBe(AUTH_MESSAGES.userNotFound);
    expect((await call(shop.base, `/api/admin/users/${customer.id}`, { cookie: admin })).status).toBe(404);
    expect((await listUsers({ q: customer.email })).total).toBe(0);

    const audit = await auditOf(shop.db, customer.id);
    expect(audit).toEqual([
      {
        action: 'customer.delete',
        actor_name: DEMO.superAdmin.name,
        actor_id: expect.any(String),
        before: { id: customer.id, createdAt: expect.any(String), isBlocked: false, orderCount: 1 },
        after: { deleted: true, ordersUnlinked: 1 },
      },
    ]);
    // The audit log keeps no personal data of an erased customer.
    const [row] = await runSql<{ before_json: string; after_json: string }>(shop.db, `SELECT before_json, after_json FROM audit_log WHERE entity_id = ${q(customer.id)}`);
    expect(`${row!.before_json}${row!.after_json}`).not.toMatch(/Della|example\.com|5035550177/);

    // The address is free for a new account.
    expect((await call(shop.base, '/api/auth/register', { body: { fullName: 'Della Again', email: customer.email, phone: '+15035550177', dateOfBirth: '1990-05-17', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, acceptTerms: true } })).status).toBe(201);
  });

  it('answers 404 for an unknown id, deleting nothing', async () => {
    const before = await countRows(shop.db, 'customers');
    const response = await call(shop.base, '/api/admin/users/no-such-user', { method: 'DELETE', cookie: admin });
    expect(response.status).toBe(404);
    expect(await countRows(shop.db, 'customers')).toBe(before);
  });
});

describe('a search with more matches than one scan collects', () => {
  it('still counts every match and pages to the last of them', async () => {
    // 2,030 matches: past what a search collects in its first pass (page + SEARCH_COUNT_WINDOW).
    await runSql(
      shop.db,
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2030)
       INSERT INTO customers (id, full_name, email, phone, date_of_birth, password_hash, is_blocked, created_at, last_login_at)
       SELECT 'bulk-' || i, 'Bulk Person', 'person' || i || '@bulk-${TAG}.example', '+10000000000', '1980-01-01', 'x', 0, '2099-01-01T00:00:00.000Z', NULL FROM n`,
    );
    const first = await listUsers({ q: `@bulk-${TAG}` });
    expect(first.total).toBe(2030);
    expect(first.users).toHaveLength(20);
    const last = await listUsers({ q: `@bulk-${TAG}`, page: '102' });
    expect(last.total).toBe(2030);
    expect(last.users).toHaveLength(10);
    const all = new Set<string>();
    for (let page = 1; page <= 21; page += 1) for (const u of (await listUsers({ q: `bulk-${TAG}`, pageSize: '100', page: String(page) })).users) all.add(u.id);
    expect(all.size).toBe(2030);
  });
});
