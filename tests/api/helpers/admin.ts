import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { adminOrderSchema, type AdminOrder } from '../../../src/lib/schemas/admin';
import { DEMO_STAFF } from '../../../src/server/staff/staff.service';
import { createTestDatabase } from './lane';
import { orderBody, postOrder, q } from './orders';
import { startServer, type TestServer } from './server';
import { runSql } from './sql';

/** The demo staff of SHOP_DEMO=1, by role: a super admin, an order manager and a product manager. */
export const DEMO = {
  superAdmin: DEMO_STAFF[0],
  orderManager: DEMO_STAFF[1],
  productManager: DEMO_STAFF[2],
} as const;

/** A password strong enough for a staff account and a customer account. */
export const STRONG_PASSWORD = 'Harbour7!Lights-Quietly';

/** A server of a test file's own, on a fresh database of the lane, with the demo staff. */
export interface Shop {
  server: TestServer;
  base: string;
  db: string;
}

/** Starts a server on a fresh database (demo staff and customers seeded unless env says otherwise), `nodeFlags` before its script. */
export async function startShop(env: Record<string, string | undefined> = {}, db?: string, nodeFlags?: string[]): Promise<Shop> {
  const databaseUrl = db ?? (await createTestDatabase());
  // A loaded machine (browser tests beside these) can take a minute to start a server.
  const server = await startServer({ env: { DATABASE_URL: databaseUrl, SHOP_DEMO: '1', SIGNUP_LIMIT_PER_HOUR: '100000', ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000', ...env }, readyTimeoutMs: 120_000, nodeFlags });
  return { server, base: server.url, db: databaseUrl };
}

/** Options of one API call. */
export interface CallOptions {
  method?: string;
  body?: unknown;
  /** Cookie header, e.g. `gc_staff=...` */
  cookie?: string;
  /** Extra headers; an `origin` here replaces the same-origin one ('' sends none). */
  headers?: Record<string, string>;
}

/** Calls the API as a same-origin browser would (Origin of the server itself, JSON body). */
export function call(base: string, path: string, options: CallOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { origin: base, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // An empty origin means none: a request without the header.
  if (headers.origin === '') delete headers.origin;
  return fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
}

/** The `name=value` pair of one cookie a response sets, or undefined. */
export function setCookiePair(response: Response, name: string): string | undefined {
  for (const value of response.headers.getSetCookie()) {
    if (value.startsWith(`${name}=`)) return value.split(';')[0];
  }
  return undefined;
}

/** The whole Set-Cookie value of one cookie a response sets, or undefined. */
export function setCookieValue(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((v) => v.startsWith(`${name}=`));
}

/** POST /api/admin/auth/login. */
export function staffLogin(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return call(base, '/api/admin/auth/login', { body: { email, password }, headers });
}

/** Signs a staff member in (must succeed); returns the `gc_staff=...` cookie pair. */
export async function staffSignIn(base: string, email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await staffLogin(base, email, password, headers);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const pair = setCookiePair(response, 'gc_staff');
  expect(pair).toMatch(/^gc_staff=[A-Za-z0-9_-]{20,100}$/);
  return pair!;
}

/** Creates a staff account through POST /api/admin/staff as a super admin; returns its id and credentials. */
export async function createStaffMember(
  base: string,
  superCookie: string,
  role: 'super_admin' | 'order_manager' | 'product_manager' | 'analyst',
  name = 'Test Staff',
): Promise<{ id: string; email: string; password: string; name: string; role: string }> {
  const email = `staff.${role}.${randomUUID().slice(0, 8)}@example.com`;
  const response = await call(base, '/api/admin/staff', { body: { email, name, role, password: STRONG_PASSWORD }, cookie: superCookie });
  const json = (await response.json()) as { admin: { id: string } };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return { id: json.admin.id, email, password: STRONG_PASSWORD, name, role };
}

/** Registers a customer; returns the `gc_session=...` cookie pair, the id and the e-mail. */
export async function registerCustomer(base: string, email = `customer.${randomUUID().slice(0, 8)}@example.com`): Promise<{ cookie: string; id: string; email: string }> {
  const response = await call(base, '/api/auth/register', {
    body: { fullName: 'Casey Customer', email, phone: '+12145550123', dateOfBirth: '1990-05-17', password: STRONG_PASSWORD, confirmPassword: STRONG_PASSWORD, acceptTerms: true },
  });
  const json = (await response.json()) as { user: { id: string } };
  expect(response.status, JSON.stringify(json)).toBe(201);
  const cookie = setCookiePair(response, 'gc_session');
  expect(cookie).toBeDefined();
  return { cookie: cookie!, id: json.user.id, email };
}

/** Places a guest order (must succeed); returns its id, number and customer e-mail. */
export async function placeOrder(
  base: string,
  items: { productId: string; quantity: number }[],
  customer: { firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ id: string; orderNumber: string; email: string }> {
  const email = customer.email ?? `buyer.${randomUUID().slice(0, 8)}@example.com`;
  const body = orderBody(items, {
    customer: { firstName: customer.firstName ?? 'Sarah', lastName: customer.lastName ?? 'Mitchell', email, phone: '07700 900123' },
  });
  const response = await postOrder(base, body);
  const json = (await response.json()) as { id: string; orderNumber: string };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return { id: json.id, orderNumber: json.orderNumber, email };
}

/** Parses an admin order answer (the contract's schema). */
export function parseAdminOrder(json: unknown): AdminOrder {
  return adminOrderSchema.parse(json);
}

/** Rows of a table in a stable order, for before/after comparisons. */
async function rowsOf(db: string, statement: string): Promise<unknown[]> {
  return (await runSql(db, statement)).map((row) => JSON.parse(JSON.stringify(row)));
}

/**
 * What staff actions could change: orders and their lines' products' stock, order history, the
 * audit log, staff accounts, the outbox. (Sessions are left out: refusing a dead session deletes it.)
 */
export async function snapshot(db: string): Promise<Record<string, unknown[]>> {
  return {
    orders: await rowsOf(db, 'SELECT * FROM orders ORDER BY id'),
    order_events: await rowsOf(db, 'SELECT * FROM order_events ORDER BY id'),
    audit_log: await rowsOf(db, 'SELECT * FROM audit_log ORDER BY id'),
    staff: await rowsOf(db, 'SELECT * FROM staff ORDER BY id'),
    outbox: await rowsOf(db, 'SELECT id, kind, to_address, subject FROM outbox ORDER BY id'),
    products: await rowsOf(db, 'SELECT id, stock_quantity, in_stock, version FROM products ORDER BY id'),
  };
}

/** How many rows a table has (optionally with a WHERE clause). */
export async function countRows(db: string, table: string, where = ''): Promise<number> {
  const [row] = await runSql<{ n: number | string }>(db, `SELECT COUNT(*) AS n FROM ${table}${where ? ` WHERE ${where}` : ''}`);
  return Number(row!.n);
}

/** The audit rows of an entity, oldest first, with before/after decoded. */
export async function auditOf(db: string, entityId: string): Promise<{ action: string; actor_name: string; actor_id: string | null; before: unknown; after: unknown }[]> {
  const rows = await runSql<{ action: string; actor_name: string; actor_id: string | null; before_json: string | null; after_json: string | null }>(
    db,
    `SELECT action, actor_name, actor_id, before_json, after_json FROM audit_log WHERE entity_id = ${q(entityId)} ORDER BY at, id`,
  );
  return rows.map((r) => ({
    action: r.action,
    actor_name: r.actor_name,
    actor_id: r.actor_id,
    before: r.before_json === null ? null : JSON.parse(r.before_json),
    after: r.after_json === null ? null : JSON.parse(r.after_json),
  }));
}

/** A staff account's id by e-mail. */
export async function staffIdOf(db: string, email: string): Promise<string> {
  const [row] = await runSql<{ id: string }>(db, `SELECT id FROM staff WHERE lower(email) = ${q(email.toLowerCase())}`);
  if (!row) throw new Error(`no staff account ${email}`);
  return row.id;
}

/**
 * Plants a staff session straight into the database (behind the server's back) for a staff id,
 * live unless told otherwise; returns its `gc_staff=...` cookie pair. Lets a test hold a session
 * the server could not have given out (a deactivated account's) or one of any age.
 */
export async function plantStaffSession(
  db: string,
  staffId: string,
  times: { createdAt?: Date; lastSeenAt?: Date; expiresAt?: Date } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const created = (times.createdAt ?? new Date(now)).toISOString();
  const lastSeen = (times.lastSeenAt ?? new Date(now)).toISOString();
  const expires = (times.expiresAt ?? new Date(now + 12 * 3_600_000)).toISOString();
  await runSql(
    db,
    `INSERT INTO staff_sessions (id, token_hash, staff_id, created_at, last_seen_at, expires_at) VALUES (${q(randomUUID())}, ${q(hashToken(token))}, ${q(staffId)}, ${q(created)}, ${q(lastSeen)}, ${q(expires)})`,
  );
  return `gc_staff=${token}`;
}

/** The SHA-256 (hex) of a session token, as the server stores it. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The token of a `name=token` cookie pair. */
export function tokenOf(pair: string): string {
  return pair.slice(pair.indexOf('=') + 1);
}
