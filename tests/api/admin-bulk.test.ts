import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/lib/schemas/admin';
import { BULK_MESSAGES, bulkResultSchema, type BulkResult } from '../../src/lib/schemas/admin-bulk';
import { ADMIN_CATALOG_MESSAGES, adminProductSchema } from '../../src/lib/schemas/admin-catalog';
import { ADMIN_USER_MESSAGES } from '../../src/lib/schemas/admin-users';
import { auditOf, call, countRows, placeOrder, registerCustomer, type Shop } from './helpers/admin';
import { startBulkShop, sqlList } from './helpers/admin-bulk';
import { addProduct } from './helpers/admin-catalog';
import { errorOf } from './helpers/http';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The bulk routes of the back office (issue 26): each record goes through the one-by-one service,
 * so the same rules, e-mails and audit entries; refused records are listed with the message the
 * one-by-one route would have answered, and the others still change.
 */

let shop: Shop;
let orderManager: string;
let productManager: string;
let userManager: string;
let productId: string;

/** POSTs a bulk request and parses the 200 answer. */
async function bulk(path: string, body: unknown, cookie: string): Promise<BulkResult> {
  const response = await call(shop.base, path, { body, cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return bulkResultSchema.parse(json);
}

beforeAll(async () => {
  ({ shop, orderManager, productManager, userManager, productId } = await startBulkShop());
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('POST /api/admin/orders/bulk', () => {
  it('approves 200 pending orders as one by one would (200 e-mails, 200 audit entries) and lists the refused with why', async () => {
    const pending: { id: string; email: string }[] = [];
    for (let i = 0; i < 200; i++) pending.push(await placeOrder(shop.base, [{ productId, quantity: 1 }], { lastName: 'Bulkapprove', email: `bulk.${i}@example.com` }));
    const declined = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    expect((await call(shop.base, `/api/admin/orders/${declined.id}/decline`, { body: { reason: 'Duplicate order' }, cookie: orderManager })).status).toBe(200);
    const ids = pending.map((o) => o.id);
    const outboxBefore = await countRows(shop.db, 'outbox');

    const result = await bulk('/api/admin/orders/bulk', { ids: [...ids, declined.id, 'no-such-order'], action: 'approve' }, orderManager);

    expect(result.changed).toBe(200);
    expect(result.refused).toEqual([
      { id: declined.id, message: `${ADMIN_MESSAGES.transitionRefused} declined.` },
      { id: 'no-such-order', message: ADMIN_MESSAGES.orderNotFound },
    ]);
    expect(await countRows(shop.db, 'orders', `id IN ${sqlList(ids)} AND status = 'approved' AND payment_status = 'pending'`)).toBe(200); // bank transfers not yet paid: approval moves no money
    expect(await countRows(shop.db, 'outbox') - outboxBefore).toBe(200);
    expect(await countRows(shop.db, 'outbox', `kind = 'order-approved' AND to_address IN ${sqlList(pending.map((o) => o.email))}`)).toBe(200);
    expect(await countRows(shop.db, 'audit_log', `action = 'order.approve' AND entity_id IN ${sqlList(ids)}`)).toBe(200);
    expect(await countRows(shop.db, 'order_events', `action = 'approved' AND order_id IN ${sqlList(ids)}`)).toBe(200);
    const [audit] = await auditOf(shop.db, ids[0]!);
    expect(audit).toMatchObject({ action: 'order.approve', actor_name: 'Omar Reyes' });
  }, 240_000);

  it('declines every order a filter matches with one reason, leaving the rest alone', async () => {
    const matched = [
      await placeOrder(shop.base, [{ productId, quantity: 1 }], { lastName: 'Filterdecline' }),
      await placeOrder(shop.base, [{ productId, quantity: 1 }], { lastName: 'Filterdecline' }),
    ];
    const other = await placeOrder(shop.base, [{ productId, quantity: 1 }], { lastName: 'Untouched' });
    const result = await bulk('/api/admin/orders/bulk', { filter: { status: 'pending', q: 'filterdecline' }, action: 'decline', reason: 'Address not deliverable' }, orderManager);
    expect(result).toEqual({ changed: 2, refused: [] });
    for (const order of matched) expect(await auditOf(shop.db, order.id)).toMatchObject([{ action: 'order.decline', after: { reason: 'Address not deliverable' } }]);
    expect(await countRows(shop.db, 'orders', `id = ${q(other.id)} AND status = 'pending'`)).toBe(1);
  });

  it('moves orders along the state machine and refuses those it forbids', async () => {
    const approved = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    const pending = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    await bulk('/api/admin/orders/bulk', { ids: [approved.id], action: 'approve' }, orderManager);
    const result = await bulk('/api/admin/orders/bulk', { ids: [approved.id, pending.id], action: 'status', status: 'processing' }, orderManager);
    expect(result).toEqual({ changed: 1, refused: [{ id: pending.id, message: `${ADMIN_MESSAGES.transitionRefused} pending.` }] });
  });

  it('refuses a request without a selection, a decline without a reason, and a status change without a status (422)', async () => {
    for (const body of [{ action: 'approve' }, { ids: ['x'], filter: {}, action: 'approve' }, { ids: ['x'], action: 'decline' }, { ids: ['x'], action: 'status' }]) {
      const response = await call(shop.base, '/api/admin/orders/bulk', { body, cookie: orderManager });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const response = await call(shop.base, '/api/admin/orders/bulk', { body: { ids: ['x'], action: 'decline' }, cookie: orderManager });
    expect(errorOf(await response.json()).fields?.reason).toBe(ADMIN_MESSAGES.declineReasonRequired);
  });
});

describe('POST /api/admin/products/bulk', () => {
  it('changes prices by a percentage, refusing a product staff saved since the selection was read', async () => {
    const products = await Promise.all([0, 1, 2].map(() => addProduct(shop.base, productManager, { price: 40 })));
    const versions = Object.fromEntries(products.map((p) => [p.id, p.version]));
    const stale = products[1]!;
    const saved = await call(shop.base, `/api/admin/products/${stale.id}`, { method: 'PUT', body: { ...stale, price: 55 }, cookie: productManager });
    expect(saved.status).toBe(200);

    const result = await bulk('/api/admin/products/bulk', { ids: products.map((p) => p.id), versions, action: 'price', price: { by: 'percent', value: 10 } }, productManager);

    expect(result).toEqual({ changed: 2, refused: [{ id: stale.id, message: BULK_MESSAGES.stale }] });
    const prices = await Promise.all(
      products.map(async (p) => adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${p.id}`, { cookie: productManager })).json())),
    );
    expect(prices.map((p) => p.price)).toEqual([44, 55, 44]);
    expect(prices.map((p) => p.version)).toEqual([2, 2, 2]);
    const audit = await auditOf(shop.db, products[0]!.id);
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.update']);
    expect(audit[1]).toMatchObject({ before: { price: 40 }, after: { price: 44 }, actor_name: 'Priya Shah' });
  });

  it('refuses a price change the edit dialog would refuse, with its message', async () => {
    const cheap = await addProduct(shop.base, productManager, { price: 5 });
    const dear = await addProduct(shop.base, productManager, { price: 50 });
    const result = await bulk('/api/admin/products/bulk', { ids: [cheap.id, dear.id, 'no-such-product'], action: 'price', price: { by: 'amount', value: -10 } }, productManager);
    expect(result.changed).toBe(1);
    expect(result.refused).toEqual([
      { id: cheap.id, message: expect.any(String) },
      { id: 'no-such-product', message: ADMIN_CATALOG_MESSAGES.productNotFound },
    ]);
    const [row] = await runSql<{ price_cents: number | string }>(shop.db, `SELECT price_cents FROM products WHERE id = ${q(cheap.id)}`);
    expect(Number(row!.price_cents)).toBe(500);
  });

  it('sets stock and flags, and withdraws, every product of a filter', async () => {
    const tag = `Bulkfilter${Date.now()}`;
    const products = await Promise.all([0, 1].map((i) => addProduct(shop.base, productManager, { name: `${tag} enamel ${i}` })));
    expect(await bulk('/api/admin/products/bulk', { filter: { q: tag }, action: 'stock', stockQuantity: 0 }, productManager)).toEqual({ changed: 2, refused: [] });
    expect(await bulk('/api/admin/products/bulk', { filter: { q: tag }, action: 'flags', flags: { isNew: true } }, productManager)).toEqual({ changed: 2, refused: [] });
    const rows = await runSql<{ stock_quantity: number | string; in_stock: number | string; is_new: number | string }>(
      shop.db,
      `SELECT stock_quantity, in_stock, is_new FROM products WHERE id IN ${sqlList(products.map((p) => p.id))}`,
    );
    expect(rows.map((r) => [Number(r.stock_quantity), Number(r.in_stock), Number(r.is_new)])).toEqual([
      [0, 0, 1],
      [0, 0, 1],
    ]);
    expect(await bulk('/api/admin/products/bulk', { filter: { q: tag }, action: 'withdraw' }, productManager)).toEqual({ changed: 2, refused: [] });
    expect(await countRows(shop.db, 'products', `id IN ${sqlList(products.map((p) => p.id))} AND withdrawn_at IS NOT NULL`)).toBe(2);
    expect(await countRows(shop.db, 'audit_log', `action = 'product.delete' AND entity_id IN ${sqlList(products.map((p) => p.id))}`)).toBe(2);
  });
});

describe('POST /api/admin/users/bulk', () => {
  it('blocks customers (ending their sessions) and unblocks them, listing unknown ids', async () => {
    const customers = [await registerCustomer(shop.base), await registerCustomer(shop.base)];
    const ids = customers.map((c) => c.id);
    expect(await bulk('/api/admin/users/bulk', { ids: [...ids, 'no-such-user'], action: 'block' }, userManager)).toEqual({
      changed: 2,
      refused: [{ id: 'no-such-user', message: ADMIN_USER_MESSAGES.notFound }],
    });
    for (const customer of customers) expect((await call(shop.base, '/api/auth/me', { cookie: customer.cookie })).status).toBe(401);
    expect(await countRows(shop.db, 'audit_log', `action = 'customer.block' AND entity_id IN ${sqlList(ids)}`)).toBe(2);
    // Blocking again changes nothing and records nothing.
    expect(await bulk('/api/admin/users/bulk', { ids, action: 'block' }, userManager)).toEqual({ changed: 0, refused: [] });
    expect(await bulk('/api/admin/users/bulk', { ids, action: 'unblock' }, userManager)).toEqual({ changed: 2, refused: [] });
    expect(await countRows(shop.db, 'customers', `id IN ${sqlList(ids)} AND is_blocked = 0`)).toBe(2);
  });
});
