import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents, toDollars } from '../../src/lib/money';
import { adminProductSchema } from '../../src/lib/schemas/admin-catalog';
import { productSchema } from '../../src/lib/schemas/catalog';
import { orderSchema, type Order } from '../../src/lib/schemas/order';
import { accountPricesResponseSchema } from '../../src/lib/schemas/trade';
import { call, DEMO, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { fetchProducts, orderBody, postOrder, setStock, type CatalogProduct } from './helpers/orders';

/**
 * Public quantity tiers (issue 27 item 2, 'Buy 10+ for $X' to everyone): staff set a product's
 * tiers in the product dialog's PUT; every shopper's order, a guest's included, is priced at the
 * best tier its line quantity reaches, exactly from the tier's quantity on; a trade customer's own
 * lower price still wins, and their price list includes the public tiers.
 */

let shop: Shop;
let staff: string;
let product: CatalogProduct;
/** The product's list price and its two public tiers, in cents. */
let listCents: number;
let tier10: number;
let tier50: number;

beforeAll(async () => {
  shop = await startShop();
  staff = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  product = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock && p.price >= 40)!;
  await setStock(shop.db, product.id, 10_000);
  listCents = toCents(product.price);
  tier10 = Math.round(listCents * 0.9);
  tier50 = Math.round(listCents * 0.8);
});

afterAll(async () => {
  await shop?.server.stop();
});

/** The product as the back office reads it (with its version). */
async function readAdminProduct() {
  const response = await call(shop.base, `/api/admin/products/${product.id}`, { cookie: staff });
  expect(response.status).toBe(200);
  return adminProductSchema.parse(await response.json());
}

/** A guest's order of `quantity` units that must be placed. */
async function guestOrder(quantity: number, cookie?: string): Promise<Order> {
  const response = await postOrder(shop.base, orderBody([{ productId: product.id, quantity }], { payment: { method: 'bank_transfer' } }), cookie);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return orderSchema.parse(json);
}

describe('public quantity tiers', () => {
  it('are saved from the product dialog, refused when not below the price, and shown to everyone', async () => {
    const before = await readAdminProduct();
    const refused = await call(shop.base, `/api/admin/products/${product.id}`, {
      method: 'PUT',
      body: { ...before, priceTiers: [{ minQuantity: 10, price: before.price }] },
      cookie: staff,
    });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('A tier price must be below the price.');

    const put = await call(shop.base, `/api/admin/products/${product.id}`, {
      method: 'PUT',
      body: { ...before, priceTiers: [{ minQuantity: 50, price: toDollars(tier50) }, { minQuantity: 10, price: toDollars(tier10) }] },
      cookie: staff,
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const tiers = [{ minQuantity: 10, price: toDollars(tier10) }, { minQuantity: 50, price: toDollars(tier50) }];
    expect(adminProductSchema.parse(await put.json()).priceTiers).toEqual(tiers);

    // A save that leaves the tiers out keeps them (older dialogs, other editors).
    const { priceTiers: _omitted, ...withoutTiers } = await readAdminProduct();
    const kept = await call(shop.base, `/api/admin/products/${product.id}`, { method: 'PUT', body: withoutTiers, cookie: staff });
    expect(adminProductSchema.parse(await kept.json()).priceTiers).toEqual(tiers);

    const publicProduct = productSchema.parse(await (await fetch(`${shop.base}/api/products/${product.id}`)).json());
    expect(publicProduct.priceTiers).toEqual(tiers);
    const cards = (await (await fetch(`${shop.base}/api/catalog/cards`)).json()) as { products: { id: string; priceTiers?: unknown }[] };
    expect(cards.products.find((c) => c.id === product.id)?.priceTiers).toEqual(tiers);
  });

  it("prices a guest's order at the tier from exactly its quantity on", async () => {
    const expected: [number, number][] = [
      [9, listCents],
      [10, tier10],
      [49, tier10],
      [50, tier50],
    ];
    for (const [quantity, unitCents] of expected) {
      const order = await guestOrder(quantity);
      expect(toCents(order.items[0]!.price), `${quantity} units`).toBe(unitCents);
      expect(toCents(order.subtotal)).toBe(unitCents * quantity);
    }
  });

  it("lets a trade customer's lower price win over the tier, and the tier win over a higher one", async () => {
    const cheaper = await registerCustomer(shop.base);
    const dearer = await registerCustomer(shop.base);
    for (const [customer, unitCents] of [
      [cheaper, tier10 - 100],
      [dearer, tier10 + 100],
    ] as const) {
      const put = await call(shop.base, `/api/admin/users/${customer.id}/trade`, {
        method: 'PUT',
        body: { company: 'Mitchell Decorators Ltd', vatNumber: 'GB 123 4567 89', discountPercent: 0, prices: [{ productId: product.id, unitCents }], tiers: [] },
        cookie: staff,
      });
      expect(put.status).toBe(200);
    }
    expect(toCents((await guestOrder(10, cheaper.cookie)).items[0]!.price)).toBe(tier10 - 100);
    expect(toCents((await guestOrder(10, dearer.cookie)).items[0]!.price)).toBe(tier10);
    expect(toCents((await guestOrder(9, dearer.cookie)).items[0]!.price)).toBe(tier10 + 100);

    const prices = accountPricesResponseSchema.parse(await (await call(shop.base, `/api/account/prices?ids=${product.id}`, { cookie: dearer.cookie })).json());
    expect(prices.prices[0]).toMatchObject({ unitCents: tier10 + 100, tiers: [{ minQuantity: 10, unitCents: tier10 }, { minQuantity: 50, unitCents: tier50 }] });
  });

  it('takes the tiers a product has in the content files', async () => {
    const seeded = productSchema.parse(await (await fetch(`${shop.base}/api/products/premera-water-based-epoxy-garage-floor-kit`)).json());
    expect(seeded.priceTiers).toEqual([
      { minQuantity: 4, price: 174.99 },
      { minQuantity: 10, price: 164.99 },
    ]);
  });
});
