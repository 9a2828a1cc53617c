import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderInputSchema, orderSchema } from '../../../../src/lib/schemas/order';
import { seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { defaultOrderNumberSource, listCustomerOrders, placeOrder } from '../../../../src/server/orders/orders.service';

const ROOT = new URL('../../../../', import.meta.url).pathname;
let handle: DatabaseHandle;
let productId: string;

/** A parsed order body for one unit of the test product. */
function input(key: string) {
  return orderInputSchema.parse({
    idempotencyKey: key,
    items: [{ productId, quantity: 1 }],
    customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '07700900123' },
    shippingAddress: { address: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA', country: 'United Kingdom' },
    payment: { cardName: 'ANN LEE', brand: 'mastercard', last4: '4444', expiryDate: '12/30' },
  });
}

beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-unit-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, join(ROOT, 'content'));
  const row = await handle.db.selectFrom('products').select('id').where('request_quote_only', '=', 0).where('in_stock', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  productId = row.id;
  await handle.db.updateTable('products').set({ stock_quantity: 100 }).where('id', '=', productId).execute();
});

afterEach(async () => {
  await handle.close();
});

describe('order numbers', () => {
  it('are ORD- and 8 random digits that the time does not give away', () => {
    const now = new Date(1_764_000_123_456);
    const numbers = Array.from({ length: 200 }, (_, attempt) => defaultOrderNumberSource(attempt, now));
    for (const n of numbers) expect(n).toMatch(/^ORD-\d{8}$/);
    expect(numbers).not.toContain('ORD-00123456');
    expect(new Set(numbers).size).toBeGreaterThan(195);
  });

  it('tries another number when one is taken, and the order still goes through', async () => {
    const queue = ['ORD-11111111', 'ORD-11111111', 'ORD-11111111', 'ORD-22222222'];
    const source = () => queue.shift() ?? 'ORD-99999999';
    const facts = { siteUrl: 'http://shop.test', orderNumbers: source };
    const first = await placeOrder(handle.db, input('key-aaaaaaaaaaaaaaaa'), facts);
    const second = await placeOrder(handle.db, input('key-bbbbbbbbbbbbbbbb'), facts);
    expect(first.order.orderNumber).toBe('ORD-11111111');
    expect(second.order.orderNumber).toBe('ORD-22222222');
  });
});

describe('placing an order', () => {
  it('maps to the Order of the API contract', async () => {
    const { order } = await placeOrder(handle.db, input('key-cccccccccccccccc'), { siteUrl: 'http://shop.test' });
    expect(orderSchema.parse(order)).toEqual(order);
    // A card summary without a method is a bank transfer: no card is charged; brand and last 4 are kept for display.
    expect(order.notes).toBe(`Payment method: Bank transfer, reference ${order.orderNumber}`);
    expect(order.paymentMethod).toEqual({ brand: 'mastercard', last4: '4444' });
    expect(order.payment).toMatchObject({ method: 'bank_transfer', status: 'pending', capturedCents: 0, reference: order.orderNumber });
  });

  it('lists a customer\'s orders newest first with their lines', async () => {
    const now = new Date().toISOString();
    await handle.db.insertInto('customers').values({ id: 'c1', full_name: 'Ann Lee', email: 'ann@example.com', phone: '+447700900123', date_of_birth: '1990-01-01', password_hash: 'x', is_blocked: 0, created_at: now, last_login_at: null }).execute();
    const older = await placeOrder(handle.db, input('key-dddddddddddddddd'), { siteUrl: 'http://shop.test', customerId: 'c1', now: new Date('2026-01-01T10:00:00Z') });
    const newer = await placeOrder(handle.db, input('key-eeeeeeeeeeeeeeee'), { siteUrl: 'http://shop.test', customerId: 'c1', now: new Date('2026-02-01T10:00:00Z') });
    await placeOrder(handle.db, input('key-ffffffffffffffff'), { siteUrl: 'http://shop.test' });
    const orders = await listCustomerOrders(handle.db, 'c1');
    expect(orders.map((o) => o.orderNumber)).toEqual([newer.order.orderNumber, older.order.orderNumber]);
    expect(orders.every((o) => o.items.length === 1)).toBe(true);
  });
});
