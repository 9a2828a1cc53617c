import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderInputSchema } from '../../../../src/lib/schemas/order';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { approveOrder, expireStalePendingOrders, getAdminOrder } from '../../../../src/server/orders/order-workflow.service';
import { placeOrder } from '../../../../src/server/orders/orders.service';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const HOLD_MS = 48 * 3_600_000;
const FACTS = { siteUrl: 'http://shop.test' };
let handle: DatabaseHandle;
let productId: string;

/** Places an order of `quantity` units at `at`. */
async function orderAt(at: Date, quantity: number, key: string) {
  const input = orderInputSchema.parse({
    idempotencyKey: key,
    items: [{ productId, quantity }],
    customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '07700900123' },
    shippingAddress: { address: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA', country: 'United Kingdom' },
    payment: { cardName: 'ANN LEE', brand: 'mastercard', last4: '4444', expiryDate: '12/30' },
  });
  return (await placeOrder(handle.db, input, { ...FACTS, now: at })).order;
}

const stock = async () => (await handle.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow()).stock_quantity;

beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-expiry-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, join(ROOT, 'content'));
  productId = (await handle.db.selectFrom('products').select('id').where('request_quote_only', '=', 0).where('in_stock', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
  await handle.db.updateTable('products').set({ stock_quantity: 50 }).where('id', '=', productId).execute();
});

afterEach(async () => {
  await handle.close();
});

describe('unapproved orders past the hold time', () => {
  it('are cancelled with their stock back and the customer told; younger and approved orders are left alone', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const stale = await orderAt(new Date(now.getTime() - HOLD_MS - 60_000), 10, 'expiry-key-stale-0001');
    const young = await orderAt(new Date(now.getTime() - HOLD_MS + 60_000), 5, 'expiry-key-young-0001');
    const approved = await orderAt(new Date(now.getTime() - HOLD_MS - 120_000), 3, 'expiry-key-appro-0001');
    await approveOrder(handle.db, approved.id, { id: 'staff-1', name: 'Omar' }, { ...FACTS, now: new Date(now.getTime() - HOLD_MS) });
    expect(await stock()).toBe(50 - 10 - 5 - 3);

    expect(await expireStalePendingOrders(handle.db, HOLD_MS, { ...FACTS, now })).toBe(1);
    const expired = await getAdminOrder(handle.db, stale.id);
    expect([expired.status, expired.paymentStatus]).toEqual(['cancelled', 'declined']);
    expect(expired.history.some((h) => h.action === 'cancelled' && h.by === 'System')).toBe(true);
    expect(await stock()).toBe(50 - 5 - 3);
    expect((await getAdminOrder(handle.db, young.id)).status).toBe('pending');
    expect((await getAdminOrder(handle.db, approved.id)).status).toBe('approved');
    const mail = await handle.db.selectFrom('outbox').select(['kind', 'to_address']).where('kind', '=', 'order-expired').execute();
    expect(mail).toEqual([{ kind: 'order-expired', to_address: 'ann@example.com' }]);

    // A second sweep finds nothing, and the stock is given back only once.
    expect(await expireStalePendingOrders(handle.db, HOLD_MS, { ...FACTS, now: new Date(now.getTime() + 60_000) })).toBe(0);
    expect(await stock()).toBe(50 - 5 - 3);
    const audit = await handle.db.selectFrom('audit_log').select(['action', 'actor_name']).where('action', '=', 'order.expire').execute();
    expect(audit).toEqual([{ action: 'order.expire', actor_name: 'System' }]);
  });
});
