import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, shippingOptionsResponseSchema } from '../../src/lib/schemas/order';
import { call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { pdfText } from './helpers/payments';
import { errorOf } from './helpers/http';
import { orderBody, postOrder, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

const AEROSOL = 'rustoleum-painters-touch-2x-flat-black-12oz';
const FLAMMABLE = 'zinsser-bin-shellac-primer-1g';
const PLAIN = 'rustoleum-chalked-ultra-matte-linen-white-30oz';
const AEROSOL_REASON = 'Aerosols and flammable liquids cannot go by express air; standard delivery only.';

let shop: Shop;

function options(items: { productId: string; quantity: number }[]) {
  return call(shop.base, '/api/checkout/shipping-options', {
    body: { items, shippingAddress: { address: '221B Baker Street', city: 'London', postalCode: 'NW1 6XE', country: 'United Kingdom' } },
  });
}

beforeAll(async () => {
  shop = await startShop({ EXPRESS_SHIPPING_CENTS: '2450' });
  for (const id of [AEROSOL, FLAMMABLE, PLAIN]) await setStock(shop.db, id, 500);
});
afterAll(async () => {
  await shop?.server.stop();
});

describe('POST /api/checkout/shipping-options', () => {
  it('offers an aerosol cart standard delivery only, with the reason, in one limited-quantity parcel', async () => {
    const response = await options([{ productId: AEROSOL, quantity: 3 }]);
    expect(response.status).toBe(200);
    const body = shippingOptionsResponseSchema.parse(await response.json());
    // 3 × $5.98 = $17.94: under the free-shipping threshold.
    expect(body.options).toEqual([
      { id: 'standard', label: 'Standard delivery', priceCents: 999, days: { min: 3, max: 5 }, available: true },
      { id: 'express', label: 'Express delivery', priceCents: 2450, days: { min: 1, max: 2 }, available: false, reason: AEROSOL_REASON },
    ]);
    expect(body.parcels).toEqual([{ limitedQuantity: true, items: [{ productId: AEROSOL, quantity: 3 }], grossWeightKg: 1.38 }]);
    expect(body.refusal).toBeUndefined();
  });

  it('offers a cart of unclassified paint both methods, standard free over $100 and express at the setting', async () => {
    // 5 × $22.98 = $114.90.
    const body = shippingOptionsResponseSchema.parse(await (await options([{ productId: PLAIN, quantity: 5 }])).json());
    expect(body.options.map((o) => [o.id, o.priceCents, o.available])).toEqual([
      ['standard', 0, true],
      ['express', 2450, true],
    ]);
  });

  it('splits limited-quantity flammable liquids into parcels of at most 30 kg gross', async () => {
    // 20 × 4.1 kg = 82 kg: 7 per parcel (28.7 kg).
    const body = shippingOptionsResponseSchema.parse(await (await options([{ productId: FLAMMABLE, quantity: 20 }, { productId: PLAIN, quantity: 1 }])).json());
    const lq = body.parcels.filter((p) => p.limitedQuantity);
    expect(lq.map((p) => p.grossWeightKg)).toEqual([28.7, 28.7, 24.6]);
    expect(body.parcels.filter((p) => !p.limitedQuantity)).toEqual([expect.objectContaining({ items: [{ productId: PLAIN, quantity: 1 }] })]);
    expect(body.options[1]).toMatchObject({ id: 'express', available: false, reason: AEROSOL_REASON });
  });

  it('refuses a cart with a limited-quantity unit over 30 kg, at the options and at the order', async () => {
    const DRUM = 'rustoleum-stops-rust-clean-metal-primer-1q';
    await setStock(shop.db, DRUM, 50);
    const dg = { un: 'UN1263', class: '3', packingGroup: 'III', limitedQuantity: true, aerosol: false, netVolumeLitres: 25, grossWeightKg: 31.5 };
    await runSql(shop.db, `UPDATE products SET dangerous_goods = '${JSON.stringify(dg)}' WHERE id = '${DRUM}'`);
    const body = shippingOptionsResponseSchema.parse(await (await options([{ productId: DRUM, quantity: 1 }, { productId: PLAIN, quantity: 1 }])).json());
    expect(body.refusal).toMatch(/weighs 31\.5 kg gross per unit, above the 30 kg a limited-quantity parcel may weigh: we cannot ship it\./);
    expect(body.options.every((o) => !o.available && o.reason === body.refusal)).toBe(true);
    expect(body.parcels).toEqual([]);
    const refused = await postOrder(shop.base, orderBody([{ productId: DRUM, quantity: 1 }], { payment: { method: 'bank_transfer' } }));
    expect(refused.status).toBe(422);
    expect(errorOf(await refused.json())).toMatchObject({ code: 'cannot_ship', message: body.refusal });
  });

  it('refuses unknown products and an empty cart with 422', async () => {
    const unknown = await options([{ productId: 'no-such-paint', quantity: 1 }]);
    expect(unknown.status).toBe(422);
    expect(errorOf(await unknown.json())).toMatchObject({ code: 'unknown_product', message: 'One of the products in your cart is not in our catalogue. Please remove it and try again.' });
    expect((await options([])).status).toBe(422);
  });
});

describe('POST /api/orders with a shipping method', () => {
  it('refuses express for an aerosol cart with 422 and the reason, and takes no stock', async () => {
    const response = await postOrder(shop.base, orderBody([{ productId: AEROSOL, quantity: 2 }], { shippingMethod: 'express', payment: { method: 'bank_transfer' } }));
    expect(response.status).toBe(422);
    expect(errorOf(await response.json())).toMatchObject({ code: 'shipping_method_unavailable', message: AEROSOL_REASON, fields: { shippingMethod: AEROSOL_REASON } });
    const [row] = await runSql<{ stock_quantity: number }>(shop.db, `SELECT stock_quantity FROM products WHERE id = '${AEROSOL}'`);
    expect(Number(row!.stock_quantity)).toBe(500);
  });

  it('charges express at the setting and keeps the method and parcels on the order', async () => {
    const response = await postOrder(shop.base, orderBody([{ productId: PLAIN, quantity: 5 }], { shippingMethod: 'express', payment: { method: 'bank_transfer' } }));
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(201);
    const order = orderSchema.parse(json);
    expect(order.shippingMethod).toBe('express');
    expect(order.shipping).toBe(24.5);
    expect(order.total).toBeCloseTo(114.9 + 24.5 + 22.98, 2);
    expect(order.parcels).toEqual([{ limitedQuantity: false, items: [{ productId: PLAIN, quantity: 5 }], grossWeightKg: 0 }]);
    const [row] = await runSql<{ shipping_method: string }>(shop.db, `SELECT shipping_method FROM orders WHERE id = '${order.id}'`);
    expect(row!.shipping_method).toBe('express');
  });

  it('names the method in the order-received and shipped e-mails and in the staff view', async () => {
    const email = `express.${Date.now()}@example.com`;
    const body = orderBody([{ productId: PLAIN, quantity: 1 }], { shippingMethod: 'express', payment: { method: 'bank_transfer' }, customer: { firstName: 'Sarah', lastName: 'Mitchell', email, phone: '07700 900123' } });
    const order = orderSchema.parse(await (await postOrder(shop.base, body)).json());
    const cookie = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    const staffView = await call(shop.base, `/api/admin/orders/${order.id}`, { cookie });
    expect(((await staffView.json()) as { shippingMethod: string }).shippingMethod).toBe('express');
    expect((await call(shop.base, `/api/admin/orders/${order.id}/approve`, { method: 'POST', cookie })).status).toBe(200);
    for (const status of ['processing', 'shipped']) {
      const moved = await call(shop.base, `/api/admin/orders/${order.id}/status`, { body: { status, ...(status === 'shipped' ? { carrier: 'DPD', trackingNumber: 'TRK-9' } : {}) }, cookie });
      expect(moved.status).toBe(200);
    }
    const mails = await runSql<{ kind: string; text: string }>(shop.db, `SELECT kind, text FROM outbox WHERE to_address = '${email}' ORDER BY created_at, id`);
    expect(mails.find((m) => m.kind === 'order-received')?.text).toContain('Delivery: Express delivery (1–2 business days)');
    expect(mails.find((m) => m.kind === 'order-shipped')?.text).toContain('Delivery: Express delivery (1–2 business days).');
  });

  it('ships standard when no method is asked for, and refuses an unknown method', async () => {
    const placed = orderSchema.parse(await (await postOrder(shop.base, orderBody([{ productId: AEROSOL, quantity: 1 }], { payment: { method: 'bank_transfer' } }))).json());
    expect(placed.shippingMethod).toBe('standard');
    expect(placed.shipping).toBe(9.99);
    const refused = await postOrder(shop.base, orderBody([{ productId: AEROSOL, quantity: 1 }], { shippingMethod: 'drone' }));
    expect(refused.status).toBe(422);
    expect(errorOf(await refused.json()).fields).toMatchObject({ shippingMethod: 'Choose standard or express delivery.' });
  });
});

describe('packing slips', () => {
  it('prints the slip of an order with its method, lines, UN numbers, classes, the LQ mark and the parcels', async () => {
    const cookie = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    const placed = orderSchema.parse(
      await (await postOrder(shop.base, orderBody([{ productId: AEROSOL, quantity: 2 }, { productId: FLAMMABLE, quantity: 8 }, { productId: PLAIN, quantity: 1 }], { payment: { method: 'bank_transfer' } }))).json(),
    );
    const response = await call(shop.base, `/api/admin/orders/${placed.id}/packing-slip.pdf`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="packing-slip-${placed.orderNumber}.pdf"`);
    const { pageCount, text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(pageCount).toBe(1);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(placed.orderNumber);
    expect(text).toContain('Standard delivery (3–5 business days), in 3 parcels');
    expect(text).toContain('UN1950');
    expect(text).toContain('UN1263');
    expect(text).toContain('Class 2.1');
    expect(text).toContain('Class 3 PG II');
    // 8 × 4.1 kg and 2 × 0.46 kg: 33.72 kg of LQ goods in two parcels, the paint in its own.
    expect(text).toMatch(/Parcel 1 of 3 · LIMITED QUANTITY · 29\.62 kg gross/);
    // The paint has no dangerous-goods data, so no weight on record: its parcel says none.
    expect(text).toContain('Parcel 2 of 3 · LIMITED QUANTITY · 4.1 kg gross: ZIN-BIN-00901 × 1');
    expect(text).toMatch(/Parcel 3 of 3: RO-CHK-\d+ × 1/);
    expect(text).toContain('221B Baker Street');
  });

  it('prints several orders in one PDF, one page each, and refuses an unknown order', async () => {
    const cookie = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    const place = async (productId: string) => orderSchema.parse(await (await postOrder(shop.base, orderBody([{ productId, quantity: 1 }], { payment: { method: 'bank_transfer' } }))).json());
    const [a, b] = [await place(AEROSOL), await place(PLAIN)];
    const response = await call(shop.base, '/api/admin/orders/packing-slips.pdf', { body: { ids: [a.id, b.id] }, cookie });
    expect(response.status).toBe(200);
    const { pageCount, text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(pageCount).toBe(2);
    expect(text.indexOf(a.orderNumber)).toBeLessThan(text.indexOf(b.orderNumber));
    expect(text).toContain('UN1950');
    expect(text).toContain('Not restricted');
    const missing = await call(shop.base, '/api/admin/orders/packing-slips.pdf', { body: { ids: [a.id, 'no-such-order'] }, cookie });
    expect(missing.status).toBe(404);
    expect((await call(shop.base, '/api/admin/orders/packing-slips.pdf', { body: { ids: [] }, cookie })).status).toBe(422);
  });
});
