import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../src/lib/schemas/admin';
import {
  call,
  createStaffMember,
  DEMO,
  placeOrder,
  plantStaffSession,
  registerCustomer,
  snapshot,
  staffIdOf,
  staffSignIn,
  STRONG_PASSWORD,
  tokenOf,
  type Shop,
  startShop,
} from './helpers/admin';
import { addProduct, categoryInput, productInput } from './helpers/admin-catalog';
import { ROOT } from './helpers/lane';
import { fetchProducts, q, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The authorisation matrix of the back office (DESIGN.md "Rules": one gate for staff routes; a test
 * lists every route and proves anonymous, customer, blocked and under-privileged callers are refused).
 * The routes are read from src/pages/api/admin at test time, so a new one cannot be forgotten: it
 * fails here until it has an entry in ACCESS.
 */

/** Who may call a route: anybody (sign-in, sign-out), any signed-in staff member, or one permission. */
type Access = 'public' | 'any_staff' | 'super_admin' | Permission;

/** `METHOD /path` (with `[param]` segments as the files name them) → who may call it (API.md "Back office"). */
const ACCESS: Record<string, Access> = {
  'POST /api/admin/auth/login': 'public',
  'POST /api/admin/auth/logout': 'public',
  'GET /api/admin/auth/me': 'any_staff',
  // Any staff member; the pending count is only for those who manage orders (null for the others).
  'GET /api/admin/summary': 'any_staff',
  'GET /api/admin/orders': 'manage_orders',
  'GET /api/admin/orders/[id]': 'manage_orders',
  'POST /api/admin/orders/[id]/approve': 'manage_orders',
  'POST /api/admin/orders/[id]/decline': 'manage_orders',
  'POST /api/admin/orders/[id]/status': 'manage_orders',
  'POST /api/admin/orders/[id]/payments': 'manage_orders',
  'POST /api/admin/orders/[id]/refunds': 'manage_orders',
  'POST /api/admin/orders/[id]/capture': 'manage_orders',
  'GET /api/admin/orders/[id]/invoice.pdf': 'manage_orders',
  'GET /api/admin/orders/[id]/packing-slip.pdf': 'manage_orders',
  'POST /api/admin/orders/packing-slips.pdf': 'manage_orders',
  'GET /api/admin/orders/[id]/credit-notes/[number].pdf': 'manage_orders',
  'GET /api/admin/payments/attention': 'manage_orders',
  'POST /api/admin/orders/bulk': 'manage_orders',
  'GET /api/admin/orders/bulk/[id]': 'manage_orders',
  'GET /api/admin/orders/export.csv': 'manage_orders',
  'GET /api/admin/users/export.csv': 'manage_users',
  'GET /api/admin/search': 'any_staff',
  'POST /api/admin/products/bulk': 'manage_products',
  'GET /api/admin/products/bulk/[id]': 'manage_products',
  'POST /api/admin/users/bulk': 'manage_users',
  'GET /api/admin/users/bulk/[id]': 'manage_users',
  'GET /api/admin/staff': 'super_admin',
  'POST /api/admin/staff': 'super_admin',
  'PATCH /api/admin/staff/[id]': 'super_admin',
  'GET /api/admin/audit': 'super_admin',
  'POST /api/admin/staff/[id]/reset-link': 'super_admin',
  // The e-mailed staff password link: the token is the credential.
  'POST /api/admin/auth/reset-password': 'public',
  // Routes API.md plans; they are checked here as soon as their files exist.
  'GET /api/admin/products': 'manage_products',
  'POST /api/admin/products': 'manage_products',
  'GET /api/admin/products/[id]': 'manage_products',
  'PUT /api/admin/products/[id]': 'manage_products',
  'DELETE /api/admin/products/[id]': 'manage_products',
  'GET /api/admin/products/export.csv': 'manage_products',
  'POST /api/admin/products/[id]/documents': 'manage_products',
  'DELETE /api/admin/products/[id]/documents/[kind]': 'manage_products',
  'GET /api/admin/products/safety-documents': 'manage_products',
  'POST /api/admin/media': 'manage_products',
  'GET /api/admin/categories': 'manage_products',
  'POST /api/admin/categories': 'manage_products',
  'PUT /api/admin/categories/[id]': 'manage_products',
  'DELETE /api/admin/categories/[id]': 'manage_products',
  'GET /api/admin/imports/template.csv': 'manage_products',
  'POST /api/admin/imports': 'manage_products',
  'GET /api/admin/imports': 'manage_products',
  'GET /api/admin/imports/[id]': 'manage_products',
  'POST /api/admin/imports/[id]/pause': 'manage_products',
  'POST /api/admin/imports/[id]/resume': 'manage_products',
  'POST /api/admin/imports/[id]/cancel': 'manage_products',
  'POST /api/admin/imports/[id]/undo': 'manage_products',
  'POST /api/admin/imports/[id]/start': 'manage_products',
  'GET /api/admin/imports/[id]/errors.csv': 'manage_products',
  'GET /api/admin/users': 'manage_users',
  'GET /api/admin/users/[id]': 'manage_users',
  'PATCH /api/admin/users/[id]': 'manage_users',
  'DELETE /api/admin/users/[id]': 'manage_users',
  'GET /api/admin/users/[id]/trade': 'manage_users',
  'PUT /api/admin/users/[id]/trade': 'manage_users',
  'DELETE /api/admin/users/[id]/trade': 'manage_users',
  'POST /api/admin/users/[id]/quotes': 'manage_orders',
  'GET /api/admin/stats': 'view_analytics',
  'GET /api/admin/stats/overview': 'view_analytics',
  'GET /api/admin/stats/analytics': 'view_analytics',
  'GET /api/admin/stats/export.csv': 'view_analytics',
  'GET /api/admin/messages': 'manage_orders',
  'PATCH /api/admin/messages/[id]': 'manage_orders',
  'POST /api/admin/messages/[id]/reply': 'manage_orders',
  'GET /api/admin/quotes': 'manage_orders',
  'PATCH /api/admin/quotes/[id]': 'manage_orders',
  'POST /api/admin/quotes/[id]/reply': 'manage_orders',
  'GET /api/admin/messages/[id]': 'manage_orders',
  'GET /api/admin/quotes/[id]': 'manage_orders',
  'GET /api/admin/quotes/[id]/offer': 'manage_orders',
  'POST /api/admin/quotes/[id]/offer': 'manage_orders',
  'POST /api/admin/quotes/[id]/withdraw': 'manage_orders',
  'GET /api/admin/catalog/content-conflicts': 'manage_products',
  'POST /api/admin/catalog/content-conflicts/[id]': 'manage_products',
};

/** One route and method found in the code. */
interface Route {
  method: string;
  /** e.g. /api/admin/orders/[id]/approve */
  pattern: string;
  /** `METHOD pattern`, the key of ACCESS. */
  key: string;
  file: string;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every file under a folder. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

/** Every /api/admin route and HTTP method, read from the page files (their exported handlers). */
function discoverRoutes(): Route[] {
  const pages = join(ROOT, 'src/pages');
  const routes: Route[] = [];
  for (const file of walk(join(pages, 'api/admin'))) {
    if (!/\.(ts|js|mjs)$/.test(file) || file.endsWith('.d.ts')) continue;
    const pattern = `/${relative(pages, file).replace(/\.(ts|js|mjs)$/, '').replace(/\/index$/, '')}`;
    const text = readFileSync(file, 'utf8');
    const exported = new Set<string>();
    for (const match of text.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g)) {
      if (match[1] === 'ALL') METHODS.forEach((m) => exported.add(m));
      else exported.add(match[1]!);
    }
    // `export { handler as POST }` forms.
    for (const match of text.matchAll(/export\s*\{([^}]*)\}/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/).pop()?.trim();
        if (name && (METHODS as readonly string[]).includes(name)) exported.add(name);
      }
    }
    for (const method of exported) routes.push({ method, pattern, key: `${method} ${pattern}`, file: relative(ROOT, file) });
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

const routes = discoverRoutes();

let shop: Shop;
let productId: string;
const cookies: Record<string, string> = {};
let deactivatedSuperAdminId: string;
let demoSuperAdminId: string;
let patchTargetId: string;

/** A caller of the matrix: how it identifies itself and what it must be answered when refused. */
interface Caller {
  name: string;
  cookie: () => Promise<string | undefined>;
}

/** Callers refused by every guarded route with 401: no live staff session. */
const WITHOUT_STAFF_SESSION: Caller[] = [
  { name: 'anonymous', cookie: async () => undefined },
  { name: 'a signed-in customer', cookie: async () => cookies.customer },
  { name: "a signed-in customer's token in the staff cookie", cookie: async () => `gc_staff=${tokenOf(cookies.customer!)}` },
  { name: 'a signed-in customer with a staff-looking session too (forged token)', cookie: async () => `${cookies.customer}; gc_staff=${'A'.repeat(43)}` },
  { name: 'a blocked customer', cookie: async () => cookies.blocked },
  // A super admin deactivated behind the server's back with a session still stored: only the gate's own check stops it.
  { name: 'a deactivated super admin (live session row)', cookie: () => plantStaffSession(shop.db, deactivatedSuperAdminId) },
  { name: 'a staff member deactivated through PATCH (their old cookie)', cookie: async () => cookies.deactivatedByPatch },
  {
    name: 'a super admin idle for 31 minutes',
    cookie: () => plantStaffSession(shop.db, demoSuperAdminId, { createdAt: new Date(Date.now() - 40 * 60_000), lastSeenAt: new Date(Date.now() - 31 * 60_000) }),
  },
  {
    name: 'a super admin past the 12-hour absolute end',
    cookie: () =>
      plantStaffSession(shop.db, demoSuperAdminId, { createdAt: new Date(Date.now() - 13 * 3_600_000), lastSeenAt: new Date(), expiresAt: new Date(Date.now() - 1000) }),
  },
];

/** Staff whose role lacks what a route needs (403), by the route's access. */
function underPrivileged(access: Access): Caller[] {
  const orderManager: Caller = { name: 'an order manager', cookie: async () => cookies.orderManager };
  const productManager: Caller = { name: 'a product manager', cookie: async () => cookies.productManager };
  switch (access) {
    case 'public':
    case 'any_staff':
      return [];
    case 'manage_orders':
      return [productManager, { name: 'an analyst', cookie: async () => cookies.analyst }];
    case 'super_admin':
      return [orderManager, productManager];
    default:
      return [orderManager];
  }
}

/** Staff who may call a route. */
function privileged(access: Access): Caller {
  switch (access) {
    case 'manage_orders':
      return { name: 'an order manager', cookie: async () => cookies.orderManager };
    case 'manage_products':
      return { name: 'a product manager', cookie: async () => cookies.productManager };
    case 'any_staff':
      return { name: 'an analyst', cookie: async () => cookies.analyst };
    default:
      return { name: 'a super admin', cookie: async () => cookies.superAdmin };
  }
}

/**
 * A request for a route that would change something if the gate let it through: a real pending
 * order, a real staff account, a valid body. Unknown routes get a made-up id and an empty body.
 */
async function sampleRequest(route: Route): Promise<{ path: string; body?: unknown }> {
  let path = route.pattern.replace(/\[\.\.\.[^\]]+\]/g, 'anything');
  let body: unknown = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  if (route.pattern.startsWith('/api/admin/orders/[id]')) {
    const order = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    path = path.replace('[id]', order.id);
    if (route.pattern.endsWith('/decline')) body = { reason: 'Out of stock at the warehouse' };
    if (route.pattern.endsWith('/status')) body = { status: 'cancelled', notes: 'Customer asked' };
    if (route.pattern.endsWith('/payments')) body = { amountCents: 100, receivedAt: '2026-11-28', reference: 'GATE-TEST' };
    // A paid, approved order with a credit note: the refund, the invoice and the credit note are real.
    // Only for the methods routes export (the 405 check must change nothing).
    if (route.file && (route.pattern.endsWith('/refunds') || route.pattern.endsWith('.pdf'))) {
      const paid = await call(shop.base, `/api/admin/orders/${order.id}/payments`, { body: { amountCents: 500, receivedAt: '2026-11-28' }, cookie: cookies.superAdmin });
      expect(paid.status).toBe(201);
      expect((await call(shop.base, `/api/admin/orders/${order.id}/approve`, { method: 'POST', cookie: cookies.superAdmin })).status).toBe(200);
      body = route.method === 'POST' ? { amountCents: 100, reason: 'Gate test' } : undefined;
    }
    if (route.file && route.pattern.includes('/credit-notes/')) {
      const refunded = await call(shop.base, `/api/admin/orders/${order.id}/refunds`, { body: { amountCents: 100, reason: 'Gate test' }, cookie: cookies.superAdmin });
      expect(refunded.status).toBe(201);
      path = path.replace('[number]', ((await refunded.json()) as { creditNote: { number: string } }).creditNote.number);
    }
  } else if (route.key === 'PATCH /api/admin/staff/[id]') {
    path = path.replace('[id]', patchTargetId);
    body = { role: 'super_admin' };
  } else if (route.key === 'POST /api/admin/staff/[id]/reset-link') {
    path = path.replace('[id]', patchTargetId);
  } else if (route.key === 'POST /api/admin/staff') {
    body = { email: `intruder.${randomUUID().slice(0, 8)}@example.com`, name: 'Intruder', role: 'super_admin', password: STRONG_PASSWORD };
  } else if (route.key === 'POST /api/admin/auth/login') {
    body = {};
  } else if (route.key === 'POST /api/admin/products') {
    body = productInput();
  } else if (['GET /api/admin/products/[id]', 'PUT /api/admin/products/[id]', 'DELETE /api/admin/products/[id]'].includes(route.key)) {
    const product = await addProduct(shop.base, cookies.superAdmin!);
    path = path.replace('[id]', product.id);
    body = route.method === 'PUT' ? { ...product, price: product.price + 1 } : undefined;
  } else if (route.key === 'POST /api/admin/orders/bulk') {
    const order = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    body = { ids: [order.id], action: 'approve' };
  } else if (route.key === 'POST /api/admin/orders/packing-slips.pdf') {
    body = { ids: [(await placeOrder(shop.base, [{ productId, quantity: 1 }])).id] };
  } else if (route.key === 'POST /api/admin/products/bulk') {
    const product = await addProduct(shop.base, cookies.superAdmin!);
    body = { ids: [product.id], versions: { [product.id]: product.version }, action: 'stock', stockQuantity: 3 };
  } else if (route.key === 'POST /api/admin/users/bulk') {
    body = { ids: [(await registerCustomer(shop.base)).id], action: 'block' };
  } else if (route.file && route.pattern === '/api/admin/users/[id]/trade') {
    // A real customer with a trade account, so a refusal is the gate's and not a 404's (only for
    // the methods the route exports: the 405 check must change nothing).
    const customer = await registerCustomer(shop.base);
    const made = await call(shop.base, `/api/admin/users/${customer.id}/trade`, { method: 'PUT', body: { company: 'Gate Ltd', vatNumber: 'GB123', discountPercent: 5, prices: [], tiers: [] }, cookie: cookies.superAdmin });
    expect(made.status).toBe(200);
    path = path.replace('[id]', customer.id);
    body = route.method === 'PUT' ? { company: 'Intruder Ltd', vatNumber: 'GB999', discountPercent: 100, prices: [], tiers: [] } : undefined;
  } else if (route.key === 'POST /api/admin/users/[id]/quotes') {
    path = path.replace('[id]', (await registerCustomer(shop.base)).id);
    body = { productId, quantity: 2 };
  } else if (route.key === 'POST /api/admin/categories') {
    body = categoryInput();
  } else if (route.key === 'PUT /api/admin/categories/[id]' || route.key === 'DELETE /api/admin/categories/[id]') {
    const created = await call(shop.base, '/api/admin/categories', { body: categoryInput(), cookie: cookies.superAdmin });
    path = path.replace('[id]', ((await created.json()) as { id: string }).id);
    body = route.method === 'PUT' ? { featured: true } : undefined;
  } else if (route.key === 'POST /api/admin/catalog/content-conflicts/[id]') {
    body = { take: 'content' };
  }
  return { path: path.replace(/\[[^\]]+\]/g, 'no-such-id'), body };
}

/** The routes sampleRequest gives a real record and a valid body (the others a made-up id and `{}`). */
const SAMPLED = new Set([
  'GET /api/admin/auth/me',
  'GET /api/admin/summary',
  'GET /api/admin/orders',
  'GET /api/admin/orders/[id]',
  'POST /api/admin/orders/[id]/approve',
  'POST /api/admin/orders/[id]/decline',
  'POST /api/admin/orders/[id]/status',
  'POST /api/admin/orders/[id]/payments',
  'POST /api/admin/orders/[id]/refunds',
  'GET /api/admin/orders/[id]/invoice.pdf',
  'GET /api/admin/orders/[id]/packing-slip.pdf',
  'POST /api/admin/orders/packing-slips.pdf',
  'GET /api/admin/orders/[id]/credit-notes/[number].pdf',
  'GET /api/admin/payments/attention',
  'POST /api/admin/orders/bulk',
  'POST /api/admin/products/bulk',
  'POST /api/admin/users/bulk',
  'GET /api/admin/orders/export.csv',
  'GET /api/admin/users/export.csv',
  'GET /api/admin/search',
  'GET /api/admin/staff',
  'POST /api/admin/staff',
  'PATCH /api/admin/staff/[id]',
  'POST /api/admin/staff/[id]/reset-link',
  'GET /api/admin/audit',
  'GET /api/admin/products',
  'POST /api/admin/products',
  'GET /api/admin/products/[id]',
  'PUT /api/admin/products/[id]',
  'DELETE /api/admin/products/[id]',
  'GET /api/admin/categories',
  'POST /api/admin/categories',
  'PUT /api/admin/categories/[id]',
  'DELETE /api/admin/categories/[id]',
  'GET /api/admin/catalog/content-conflicts',
  'GET /api/admin/users/[id]/trade',
  'PUT /api/admin/users/[id]/trade',
  'DELETE /api/admin/users/[id]/trade',
  'POST /api/admin/users/[id]/quotes',
]);

/** Calls a route as a caller. */
async function callAs(route: Route, request: { path: string; body?: unknown }, caller: Caller): Promise<Response> {
  const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : request.body;
  return call(shop.base, request.path, { method: route.method, body, cookie: await caller.cookie() });
}

beforeAll(async () => {
  shop = await startShop();
  const products = await fetchProducts(shop.base);
  productId = products.find((p) => !p.requestQuoteOnly && p.inStock)!.id;
  await setStock(shop.db, productId, 10_000);

  cookies.superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  cookies.orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  cookies.productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
  demoSuperAdminId = await staffIdOf(shop.db, DEMO.superAdmin.email);
  const analyst = await createStaffMember(shop.base, cookies.superAdmin, 'analyst', 'Ana Lyst');
  cookies.analyst = await staffSignIn(shop.base, analyst.email, analyst.password);

  const deactivated = await createStaffMember(shop.base, cookies.superAdmin, 'super_admin', 'Gone Admin');
  deactivatedSuperAdminId = deactivated.id;
  await runSql(shop.db, `UPDATE staff SET active = 0 WHERE id = ${q(deactivated.id)}`);

  const leaver = await createStaffMember(shop.base, cookies.superAdmin, 'order_manager', 'Lee Leaver');
  cookies.deactivatedByPatch = await staffSignIn(shop.base, leaver.email, leaver.password);
  const patched = await call(shop.base, `/api/admin/staff/${leaver.id}`, { method: 'PATCH', body: { active: false }, cookie: cookies.superAdmin });
  expect(patched.status).toBe(200);

  patchTargetId = (await createStaffMember(shop.base, cookies.superAdmin, 'order_manager', 'Pat Target')).id;

  cookies.customer = (await registerCustomer(shop.base)).cookie;
  const blocked = await registerCustomer(shop.base);
  cookies.blocked = blocked.cookie;
  // Blocked behind the server's back: the customer's session row stays, so only the gates refuse it.
  await runSql(shop.db, `UPDATE customers SET is_blocked = 1 WHERE id = ${q(blocked.id)}`);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('the route list', () => {
  it('finds the back-office routes in src/pages/api/admin', () => {
    expect(existsSync(join(ROOT, 'src/pages/api/admin'))).toBe(true);
    expect(routes.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/auth/login',
        'POST /api/admin/auth/logout',
        'GET /api/admin/auth/me',
        'GET /api/admin/summary',
        'GET /api/admin/orders',
        'GET /api/admin/orders/[id]',
        'POST /api/admin/orders/[id]/approve',
        'POST /api/admin/orders/[id]/decline',
        'POST /api/admin/orders/[id]/status',
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'PATCH /api/admin/staff/[id]',
      ]),
    );
  });

  it('has an access rule for every route in the code', () => {
    const missing = routes.filter((r) => !(r.key in ACCESS)).map((r) => `${r.key} (${r.file})`);
    expect(missing, `routes without an entry in ACCESS of tests/api/admin-authorization.test.ts`).toEqual([]);
  });
});

describe.each(routes.map((r) => [r.key, r] as const))('%s', (_key, route) => {
  const access = ACCESS[route.key];

  if (access === 'public') {
    it('is open to anybody and changes nothing for callers without a staff session', async () => {
      const request = await sampleRequest(route);
      const before = await snapshot(shop.db);
      for (const caller of WITHOUT_STAFF_SESSION) {
        const response = await callAs(route, request, caller);
        await response.arrayBuffer();
        // Sign-in and setting a password with an empty body: the fields; sign-out: 204 whoever asks.
        expect(response.status, `${caller.name} → ${response.status}`).toBe(route.key.endsWith('/login') || route.key.endsWith('/reset-password') ? 422 : 204);
      }
      expect(await snapshot(shop.db)).toEqual(before);
      // A staff sign-out never ends the customer's own session.
      expect((await call(shop.base, '/api/auth/me', { cookie: cookies.customer })).status).toBe(200);
    });
    return;
  }

  it('refuses callers without a live staff session with 401 and staff without the permission with 403, changing nothing; allows the rest', async () => {
    expect(access, `${route.key} (${route.file}) has no entry in ACCESS`).toBeDefined();
    const request = await sampleRequest(route);
    const before = await snapshot(shop.db);
    for (const caller of WITHOUT_STAFF_SESSION) {
      const response = await callAs(route, request, caller);
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
      expect(response.status, `${caller.name}: ${JSON.stringify(body)}`).toBe(401);
      expect(body.error?.code, caller.name).toBe('unauthorized');
    }
    for (const caller of underPrivileged(access!)) {
      const response = await callAs(route, request, caller);
      const body = (await response.json().catch(() => ({}))) as { error?: { code?: string } };
      expect(response.status, `${caller.name}: ${JSON.stringify(body)}`).toBe(403);
      expect(body.error?.code, caller.name).toBe('forbidden');
    }
    expect(await snapshot(shop.db), 'a refused call changed the database').toEqual(before);

    const allowed = privileged(access!);
    const response = await callAs(route, request, allowed);
    const text = await response.text();
    expect([401, 403], `${allowed.name}: ${response.status} ${text}`).not.toContain(response.status);
    expect(response.status, `${allowed.name}: ${text}`).toBeLessThan(500);
    // The routes this file knows get a real record and a valid body: those must succeed outright.
    if (SAMPLED.has(route.key)) expect(response.status, `${allowed.name}: ${text}`).toBeLessThan(300);
    // Staff answers are never cached.
    expect(response.headers.get('cache-control')).toContain('no-store');
  });

  if (route.method === 'GET') {
    it('refuses HEAD without a staff session too', async () => {
      const request = await sampleRequest(route);
      for (const caller of WITHOUT_STAFF_SESSION.slice(0, 3)) {
        expect((await callAs({ ...route, method: 'HEAD' }, request, caller)).status, caller.name).toBe(401);
      }
    });
  }
});

describe('methods a route does not export', () => {
  const patterns = [...new Set(routes.map((r) => r.pattern))];
  const missing = patterns.flatMap((pattern) =>
    METHODS.filter((m) => !routes.some((r) => r.pattern === pattern && r.method === m)).map((method) => ({ method, pattern, key: `${method} ${pattern}`, file: '' })),
  );

  it('answer 405 whoever asks, and change nothing', async () => {
    const before = await snapshot(shop.db);
    for (const route of missing) {
      const request = await sampleRequest(route);
      for (const caller of [WITHOUT_STAFF_SESSION[0]!, privileged('super_admin')]) {
        const response = await callAs(route, request, caller);
        await response.arrayBuffer();
        expect(response.status, `${route.key} as ${caller.name}`).toBe(405);
      }
    }
    const after = await snapshot(shop.db);
    // sampleRequest places orders for the order routes; only those new orders (with their order-received e-mails) may be new.
    const existed = new Set((before.orders as { id: string }[]).map((o) => o.id));
    const old = (snap: Record<string, unknown[]>) => ({
      ...snap,
      orders: (snap.orders as { id: string }[]).filter((o) => existed.has(o.id)),
      order_events: (snap.order_events as { order_id: string }[]).filter((e) => existed.has(e.order_id)),
      outbox: (snap.outbox as { kind: string }[]).filter((m) => m.kind !== 'order-received'),
      // The new orders took stock.
      products: [],
    });
    expect(old(after)).toEqual(old(before));
  });
});

describe('the pending count of the summary', () => {
  it('is a number for staff who manage orders and null for the others', async () => {
    const forOrders = await call(shop.base, '/api/admin/summary', { cookie: cookies.orderManager });
    expect(forOrders.status).toBe(200);
    const counts = (await forOrders.json()) as { pendingOrders: unknown; newEnquiries: unknown };
    expect(typeof counts.pendingOrders).toBe('number');
    expect(typeof counts.newEnquiries).toBe('number');
    for (const cookie of [cookies.productManager, cookies.analyst]) {
      const response = await call(shop.base, '/api/admin/summary', { cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ pendingOrders: null, newEnquiries: null });
    }
  });
});

describe('customer and staff sessions kept apart', () => {
  it('never takes a staff cookie on the customer routes', async () => {
    const staff = cookies.superAdmin!;
    expect(await (await call(shop.base, '/api/auth/me', { cookie: staff })).json()).toEqual({ user: null });
    expect((await call(shop.base, '/api/account/orders', { cookie: staff })).status).toBe(401);
    // The staff token under the customer cookie's name is no customer session either.
    const renamed = `gc_session=${tokenOf(staff)}`;
    expect((await call(shop.base, '/api/auth/me', { cookie: renamed })).status).toBe(401);
    expect((await call(shop.base, '/api/account/orders', { cookie: renamed })).status).toBe(401);
    // The staff session itself still works.
    expect((await call(shop.base, '/api/admin/auth/me', { cookie: staff })).status).toBe(200);
  });

  it('never takes a customer cookie on the staff routes, even next to a session of another kind', async () => {
    for (const cookie of [cookies.customer!, `gc_staff=${tokenOf(cookies.customer!)}`, `gc_staff=${tokenOf(cookies.customer!)}; ${cookies.customer}`]) {
      const response = await call(shop.base, '/api/admin/auth/me', { cookie });
      expect(response.status, cookie).toBe(401);
    }
    // The customer is still signed in as a customer.
    expect((await call(shop.base, '/api/auth/me', { cookie: cookies.customer })).status).toBe(200);
  });
});
