import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/lib/schemas/order';
import { reorderResultSchema } from '../../src/lib/schemas/reorder';
import { TINT_MESSAGES } from '../../src/lib/schemas/tinting';
import { call, DEMO, parseAdminOrder, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { orderBody, postOrder, q, readStock, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Colours by code on order lines (issue 24 item 4): a tintable paint ordered in two colours is two
 * lines that keep system, code and name; a colour on an untinted product, an unknown code, or
 * tinted lines without the made-to-order acceptance are refused (422) and nothing is written.
 */

const TINTABLE = 'dc-ultra-interior-eggshell-1g';
const UNTINTED = 'dc-pro-prime-multi-surface-1g';
const ANTHRACITE = { system: 'ral-classic', code: 'RAL 7016' };

let shop: Shop;
let buyer: { cookie: string; id: string; email: string };

const customer = () => ({ customer: { firstName: 'Casey', lastName: 'Painter', email: buyer.email, phone: '07700 900123' } });

beforeAll(async () => {
  shop = await startShop();
  buyer = await registerCustomer(shop.base);
  for (const id of [TINTABLE, UNTINTED]) await setStock(shop.db, id, 40);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('orders with colours', () => {
  it('keeps the same paint in two colours as two lines with code and name, takes stock for both, and shows them to staff, the customer and the e-mail', async () => {
    const body = orderBody(
      [
        { productId: TINTABLE, quantity: 2, colour: { system: 'ral-classic', code: 'ral7016' } },
        { productId: TINTABLE, quantity: 1, colour: { system: 'ral-classic', code: 'RAL 9010' } },
        { productId: TINTABLE, quantity: 1, colour: ANTHRACITE },
        { productId: UNTINTED, quantity: 1 },
      ] as never,
      { ...customer(), tintedAccepted: true },
    );
    const response = await postOrder(shop.base, body, buyer.cookie);
    const json = await response.json();
    expect(response.status, JSON.stringify(json)).toBe(201);
    const order = orderSchema.parse(json);
    expect(order.items.map((i) => [i.product.id, i.quantity, i.colour?.code ?? null, i.colour?.name ?? null])).toEqual([
      [TINTABLE, 3, 'RAL 7016', 'Anthracite Grey'],
      [TINTABLE, 1, 'RAL 9010', 'Pure White'],
      [UNTINTED, 1, null, null],
    ]);
    expect(order.items[0]!.colour).toEqual({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: expect.stringMatching(/^#[0-9a-f]{6}$/) });
    expect(order.tintedAcceptedAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect((await readStock(shop.db, TINTABLE)).stock_quantity).toBe(36);

    const rows = await runSql<{ colour_system: string | null; colour_code: string | null; colour_name: string | null }>(
      shop.db,
      `SELECT i.colour_system, i.colour_code, i.colour_name FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.order_number = ${q(order.orderNumber)} ORDER BY i.position`,
    );
    expect(rows).toEqual([
      { colour_system: 'ral-classic', colour_code: 'RAL 7016', colour_name: 'Anthracite Grey' },
      { colour_system: 'ral-classic', colour_code: 'RAL 9010', colour_name: 'Pure White' },
      { colour_system: null, colour_code: null, colour_name: null },
    ]);

    const staff = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
    const admin = parseAdminOrder(await (await call(shop.base, `/api/admin/orders/${order.id}`, { cookie: staff })).json());
    expect(admin.items.map((i) => i.colour?.code ?? null)).toEqual(['RAL 7016', 'RAL 9010', null]);
    expect(admin.tintedAcceptedAt).toBe(order.tintedAcceptedAt);

    const mine = await (await call(shop.base, '/api/account/orders', { cookie: buyer.cookie })).json();
    const listed = (mine as { orders: { orderNumber: string; items: { colour?: { code: string } }[] }[] }).orders.find((o) => o.orderNumber === order.orderNumber)!;
    expect(listed.items.map((i) => i.colour?.code ?? null)).toEqual(['RAL 7016', 'RAL 9010', null]);

    const [mail] = await runSql<{ text: string; html: string }>(shop.db, `SELECT text, html FROM outbox WHERE to_address = ${q(buyer.email)} AND subject LIKE ${q(`%${order.orderNumber}%`)}`);
    expect(mail!.text).toContain('Tinted to RAL 7016 Anthracite Grey: made to order, not returnable');
    expect(mail!.html).toContain('Tinted to RAL 9010 Pure White');

    const again = await call(shop.base, `/api/account/orders/${order.orderNumber}/reorder`, { method: 'POST', cookie: buyer.cookie });
    const result = reorderResultSchema.parse(await again.json());
    expect(result.added.map((l) => [l.product.id, l.quantity, l.product.colour?.code ?? null])).toEqual([
      [TINTABLE, 3, 'RAL 7016'],
      [TINTABLE, 1, 'RAL 9010'],
      [UNTINTED, 1, null],
    ]);
  });

  it('refuses a colour on a product that is not tinted, and writes nothing', async () => {
    const before = await readStock(shop.db, UNTINTED);
    const response = await postOrder(shop.base, orderBody([{ productId: UNTINTED, quantity: 1, colour: ANTHRACITE }] as never, { ...customer(), tintedAccepted: true }));
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).message).toBe('Diamond Pro-Prime Multi-Surface Primer 1 gal is not tinted to order: please order it without a colour.');
    expect(await readStock(shop.db, UNTINTED)).toEqual(before);
  });

  it('refuses a code the colour system does not have, and a system the shop does not tint in', async () => {
    const unknown = await postOrder(shop.base, orderBody([{ productId: TINTABLE, quantity: 1, colour: { system: 'ral-classic', code: 'RAL 9999' } }] as never, { ...customer(), tintedAccepted: true }));
    expect(unknown.status).toBe(422);
    expect(errorOf(await unknown.json()).message).toBe('RAL 9999 is not a RAL Classic colour.');
    const system = await postOrder(shop.base, orderBody([{ productId: TINTABLE, quantity: 1, colour: { system: 'ncs', code: 'S 2050-Y90R' } }] as never, { ...customer(), tintedAccepted: true }));
    expect(system.status).toBe(422);
    expect(errorOf(await system.json()).message).toBe("We do not tint in the colour system 'ncs'.");
  });

  it('refuses tinted lines without the made-to-order acceptance (422), and takes an untinted order without it', async () => {
    const count = async () => Number((await runSql<{ n: number }>(shop.db, 'SELECT COUNT(*) AS n FROM orders'))[0]!.n);
    const before = await count();
    const refused = await postOrder(shop.base, orderBody([{ productId: TINTABLE, quantity: 1, colour: ANTHRACITE }] as never, customer()));
    expect(refused.status).toBe(422);
    expect(errorOf(await refused.json()).message).toBe(TINT_MESSAGES.acceptanceRequired);
    expect(await count()).toBe(before);

    const plain = await postOrder(shop.base, orderBody([{ productId: TINTABLE, quantity: 1 }], customer()));
    const json = orderSchema.parse(await plain.json());
    expect(plain.status).toBe(201);
    expect(json.tintedAcceptedAt).toBeNull();
    expect(json.items[0]!.colour).toBeUndefined();
  });
});
