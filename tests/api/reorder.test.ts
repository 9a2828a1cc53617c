import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../../src/lib/schemas/order';
import { reorderResultSchema } from '../../src/lib/schemas/reorder';
import { call, registerCustomer, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, orderBody, postOrder, q, setStock, type CatalogProduct } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * 'Buy again' (issue #27 item 4): POST /api/account/orders/:orderNumber/reorder answers a past
 * order's lines at today's prices and stock, saying what changed and what is gone; only the
 * customer who placed it may ask.
 */

let shop: Shop;
let buyer: { cookie: string; id: string; email: string };
let stranger: { cookie: string; id: string; email: string };
let products: CatalogProduct[];

/** Places an order as a signed-in customer (must succeed); returns its number. */
async function placeAs(cookie: string, email: string, items: { productId: string; quantity: number }[]): Promise<string> {
  const response = await postOrder(shop.base, orderBody(items, { customer: { firstName: 'Casey', lastName: 'Customer', email, phone: '07700 900123' } }), cookie);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return orderSchema.parse(json).orderNumber;
}

/** POST …/reorder as `cookie`. */
function reorder(orderNumber: string, cookie?: string): Promise<Response> {
  return call(shop.base, `/api/account/orders/${orderNumber}/reorder`, { method: 'POST', cookie });
}

beforeAll(async () => {
  shop = await startShop();
  buyer = await registerCustomer(shop.base);
  stranger = await registerCustomer(shop.base);
  products = (await fetchProducts(shop.base)).filter((p) => !p.requestQuoteOnly && p.inStock).slice(0, 4);
  for (const p of products) await setStock(shop.db, p.id, 50);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('buy again', () => {
  it("adds every line at today's price, as many as are left, and names what changed or is gone", async () => {
    const [repriced, scarce, soldOut, same] = products as [CatalogProduct, CatalogProduct, CatalogProduct, CatalogProduct];
    const orderNumber = await placeAs(buyer.cookie, buyer.email, [
      { productId: repriced.id, quantity: 3 },
      { productId: scarce.id, quantity: 4 },
      { productId: soldOut.id, quantity: 1 },
      { productId: same.id, quantity: 2 },
    ]);
    const oldCents = Math.round(repriced.price * 100);
    await runSql(shop.db, `UPDATE products SET price_cents = ${oldCents + 250} WHERE id = ${q(repriced.id)}`);
    await setStock(shop.db, scarce.id, 1);
    await setStock(shop.db, soldOut.id, 0);

    const response = await reorder(orderNumber, buyer.cookie);
    expect(response.status).toBe(200);
    const result = reorderResultSchema.parse(await response.json());
    expect(result.added.map((l) => [l.product.id, l.quantity, Math.round(l.product.price * 100)])).toEqual([
      [repriced.id, 3, oldCents + 250],
      [scarce.id, 1, Math.round(scarce.price * 100)],
      [same.id, 2, Math.round(same.price * 100)],
    ]);
    expect(result.changed).toEqual([
      expect.objectContaining({ productId: repriced.id, previousUnitCents: oldCents, unitCents: oldCents + 250, quantity: 3, message: expect.stringMatching(/^Price now \$[\d,.]+ \(was \$[\d,.]+\)$/) }),
      expect.objectContaining({ productId: scarce.id, previousQuantity: 4, quantity: 1, message: 'Only 1 left' }),
    ]);
    expect(result.unavailable).toEqual([{ productId: soldOut.id, name: soldOut.name, reason: 'out of stock' }]);
  });

  it('calls a withdrawn product no longer available', async () => {
    const [, , , last] = products as [CatalogProduct, CatalogProduct, CatalogProduct, CatalogProduct];
    const orderNumber = await placeAs(buyer.cookie, buyer.email, [{ productId: last.id, quantity: 1 }]);
    await runSql(shop.db, `UPDATE products SET withdrawn_at = ${q(new Date().toISOString())} WHERE id = ${q(last.id)}`);
    const result = reorderResultSchema.parse(await (await reorder(orderNumber, buyer.cookie)).json());
    expect(result).toEqual({ added: [], changed: [], unavailable: [{ productId: last.id, name: last.name, reason: 'no longer available' }] });
  });

  it("answers 404 for another customer's order or a guest order, 401 signed out", async () => {
    const [first] = products as [CatalogProduct];
    const orderNumber = await placeAs(buyer.cookie, buyer.email, [{ productId: first.id, quantity: 1 }]);
    const other = await reorder(orderNumber, stranger.cookie);
    expect(other.status).toBe(404);
    expect(errorOf(await other.json()).code).toBe('order_not_found');
    expect((await reorder(orderNumber)).status).toBe(401);
    const guest = await postOrder(shop.base, orderBody([{ productId: first.id, quantity: 1 }], { customer: { firstName: 'Gus', lastName: 'Guest', email: buyer.email, phone: '07700 900123' } }));
    const guestNumber = orderSchema.parse(await guest.json()).orderNumber;
    expect((await reorder(guestNumber, buyer.cookie)).status).toBe(404);
    expect((await reorder('ORD-00000000', buyer.cookie)).status).toBe(404);
  });
});
