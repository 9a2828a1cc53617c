import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../src/lib/schemas/admin';
import { BULK_MESSAGES, bulkJobAcceptedSchema, bulkJobSchema, type BulkJob } from '../../src/lib/schemas/admin-bulk';
import { adminProductSchema } from '../../src/lib/schemas/admin-catalog';
import { call, countRows, placeOrder, registerCustomer, type Shop } from './helpers/admin';
import { startBulkShop, sqlList } from './helpers/admin-bulk';
import { addProduct } from './helpers/admin-catalog';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Large bulk selections run as jobs (issue 26): the route answers 202 with the job, its progress is
 * polled, and the result is the one a 200 would have given; a job whose process died is taken over
 * after its last committed slice. BULK_JOB_MIN_RECORDS is lowered so a handful of records make a job.
 */

let shop: Shop;
let orderManager: string;
let productManager: string;
let userManager: string;
let productId: string;

/** POSTs a bulk request that must become a job, and answers the job's first view. */
async function startJob(path: string, body: unknown, cookie: string): Promise<BulkJob> {
  const response = await call(shop.base, path, { body, cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(202);
  return bulkJobAcceptedSchema.parse(json).job;
}

/** Polls a job until it is no longer running, keeping every `current` it showed. */
async function waitForJob(path: string, cookie: string, seen: number[] = []): Promise<BulkJob> {
  for (let i = 0; i < 600; i++) {
    const response = await call(shop.base, path, { cookie });
    expect(response.status).toBe(200);
    const job = bulkJobSchema.parse(await response.json());
    seen.push(job.current);
    if (job.status !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${path} still running`);
}

beforeAll(async () => {
  ({ shop, orderManager, productManager, userManager, productId } = await startBulkShop({ BULK_JOB_MIN_RECORDS: '3' }));
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('bulk jobs', () => {
  it('keeps a selection below BULK_JOB_MIN_RECORDS within its request (200)', async () => {
    const order = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    const response = await call(shop.base, '/api/admin/orders/bulk', { body: { ids: [order.id, order.id], action: 'approve' }, cookie: orderManager });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ changed: 1, refused: [] });
  });

  it('approves orders as a job: 202, then the same changes, e-mails, audit entries and refusals as one by one', async () => {
    const pending = [];
    for (let i = 0; i < 4; i++) pending.push(await placeOrder(shop.base, [{ productId, quantity: 1 }], { lastName: 'Jobapprove', email: `job.${i}@example.com` }));
    const declined = await placeOrder(shop.base, [{ productId, quantity: 1 }]);
    expect((await call(shop.base, `/api/admin/orders/${declined.id}/decline`, { body: { reason: 'Duplicate order' }, cookie: orderManager })).status).toBe(200);
    const ids = pending.map((o) => o.id);

    const job = await startJob('/api/admin/orders/bulk', { ids: [...ids, declined.id], action: 'approve' }, orderManager);
    expect(job).toMatchObject({ kind: 'orders', status: 'running', total: 5 });
    const done = await waitForJob(`/api/admin/orders/bulk/${job.id}`, orderManager);

    expect(done).toMatchObject({ status: 'completed', total: 5, current: 5, changed: 4, refused: [{ id: declined.id, message: `${ADMIN_MESSAGES.transitionRefused} declined.` }] });
    expect(done.finishedAt).not.toBeNull();
    expect(await countRows(shop.db, 'orders', `id IN ${sqlList(ids)} AND status = 'approved'`)).toBe(4);
    expect(await countRows(shop.db, 'outbox', `kind = 'order-approved' AND to_address IN ${sqlList(pending.map((o) => o.email))}`)).toBe(4);
    expect(await countRows(shop.db, 'audit_log', `action = 'order.approve' AND actor_name = 'Omar Reyes' AND entity_id IN ${sqlList(ids)}`)).toBe(4);
  }, 120_000);

  it('changes 60 product prices in slices, showing progress, and refuses one saved by staff before the job read it', async () => {
    const tag = `Jobprice${Date.now()}`;
    const products = [];
    for (let i = 0; i < 60; i++) products.push(await addProduct(shop.base, productManager, { name: `${tag} enamel ${i}`, price: 40 }));
    const versions = Object.fromEntries(products.map((p) => [p.id, p.version]));
    const stale = products[7]!;
    expect((await call(shop.base, `/api/admin/products/${stale.id}`, { method: 'PUT', body: { ...stale, price: 55 }, cookie: productManager })).status).toBe(200);

    const job = await startJob('/api/admin/products/bulk', { ids: products.map((p) => p.id), versions, action: 'price', price: { by: 'percent', value: 10 } }, productManager);
    const seen: number[] = [];
    const done = await waitForJob(`/api/admin/products/bulk/${job.id}`, productManager, seen);

    expect(done).toMatchObject({ status: 'completed', total: 60, current: 60, changed: 59, refused: [{ id: stale.id, message: BULK_MESSAGES.stale }] });
    expect(seen.every((current) => current === 0 || current === 50 || current === 60)).toBe(true);
    const rows = await runSql<{ id: string; price_cents: number | string }>(shop.db, `SELECT id, price_cents FROM products WHERE id IN ${sqlList(products.map((p) => p.id))}`);
    expect(rows.filter((r) => Number(r.price_cents) === 4400)).toHaveLength(59);
    expect(Number(rows.find((r) => r.id === stale.id)!.price_cents)).toBe(5500);
    const one = adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${products[0]!.id}`, { cookie: productManager })).json());
    expect(one.version).toBe(2);
  }, 240_000);

  it('pins the versions of a filtered selection, so a product is never changed twice', async () => {
    const tag = `Jobpin${Date.now()}`;
    const products = [];
    for (let i = 0; i < 3; i++) products.push(await addProduct(shop.base, productManager, { name: `${tag} enamel ${i}`, price: 40 }));
    const job = await startJob('/api/admin/products/bulk', { filter: { q: tag }, action: 'price', price: { by: 'amount', value: 1 } }, productManager);
    expect((await waitForJob(`/api/admin/products/bulk/${job.id}`, productManager)).changed).toBe(3);
    const [row] = await runSql<{ input_json: string }>(shop.db, `SELECT input_json FROM bulk_jobs WHERE id = ${q(job.id)}`);
    const stored = JSON.parse(row!.input_json) as { ids: string[]; versions: Record<string, number> };
    expect(stored.ids.sort()).toEqual(products.map((p) => p.id).sort());
    expect(Object.values(stored.versions)).toEqual([1, 1, 1]);
  }, 60_000);

  it('takes over a job whose process died, going on after its last committed slice', async () => {
    const customers = [await registerCustomer(shop.base), await registerCustomer(shop.base), await registerCustomer(shop.base)];
    const ids = customers.map((c) => c.id);
    const at = new Date(Date.now() - 120_000).toISOString();
    const input = JSON.stringify({ ids, action: 'block' });
    // A job another process stopped running after its first record was committed; its lease ran out.
    await runSql(
      shop.db,
      `INSERT INTO bulk_jobs (id, kind, status, input_json, total, current, changed, refused_json, lease_owner, lease_expires_at, created_by, created_by_name, created_at, updated_at)
       VALUES ('dead-job', 'users', 'running', ${q(input)}, 3, 1, 1, '[]', 'gone-host#1#x', ${q(at)}, NULL, 'Sarah Mitchell', ${q(at)}, ${q(at)})`,
    );

    const done = await waitForJob('/api/admin/users/bulk/dead-job', userManager);

    expect(done).toMatchObject({ status: 'completed', current: 3, changed: 3, refused: [] });
    const rows = await runSql<{ id: string; is_blocked: number | string | boolean }>(shop.db, `SELECT id, is_blocked FROM customers WHERE id IN ${sqlList(ids)}`);
    const blocked = Object.fromEntries(rows.map((r) => [r.id, Number(r.is_blocked)]));
    expect(ids.map((id) => blocked[id])).toEqual([0, 1, 1]);
  }, 60_000);

  it('answers a job only on its own list, and only to staff who manage that list', async () => {
    const users = [await registerCustomer(shop.base), await registerCustomer(shop.base), await registerCustomer(shop.base)];
    const job = await startJob('/api/admin/users/bulk', { ids: users.map((u) => u.id), action: 'block' }, userManager);
    await waitForJob(`/api/admin/users/bulk/${job.id}`, userManager);
    expect((await call(shop.base, `/api/admin/orders/bulk/${job.id}`, { cookie: orderManager })).status).toBe(404);
    expect((await call(shop.base, `/api/admin/users/bulk/${job.id}`, { cookie: orderManager })).status).toBe(403);
    expect((await call(shop.base, '/api/admin/users/bulk/no-such-job', { cookie: userManager })).status).toBe(404);
  }, 60_000);
});
