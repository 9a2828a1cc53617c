import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersPageSchema, type AdminOrderListItem } from '../../src/lib/schemas/admin';
import { adminProductsPageSchema, type AdminProduct } from '../../src/lib/schemas/admin-catalog';
import { ORDER_SORT_FIELDS, PRODUCT_SORT_FIELDS, USER_SORT_FIELDS, SORT_DIRECTIONS, type SortDirection } from '../../src/lib/schemas/admin-sort';
import { adminUsersPageSchema, type AdminUser } from '../../src/lib/schemas/admin-users';
import { call, DEMO, placeOrder, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct } from './helpers/admin-catalog';
import { fetchProducts, q, setStock } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Server-side sorting of the back-office lists (issue 26): every sortable column, both directions,
 * against a sort computed here from the rows themselves, with the id breaking ties.
 */

let shop: Shop;
let admin: string;
const tag = `sorttag${randomUUID().slice(0, 6)}`;

type Key = string | number;

/** Sorts rows by a key then the id, both in `direction` (the reference the server must match). */
function referenceSort<T extends { id: string }>(rows: T[], key: (row: T) => Key, direction: SortDirection): string[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows]
    .sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.id < b.id ? -1 : 1) * sign;
    })
    .map((r) => r.id);
}

const ORDER_KEYS: Record<(typeof ORDER_SORT_FIELDS)[number], (o: AdminOrderListItem) => Key> = {
  createdAt: (o) => o.createdAt,
  orderNumber: (o) => o.orderNumber,
  customer: (o) => `${o.shippingAddress.lastName} ${o.shippingAddress.firstName}`.toLowerCase(),
  email: (o) => o.customerEmail.toLowerCase(),
  total: (o) => o.total,
  status: (o) => o.status,
  paymentStatus: (o) => o.paymentStatus,
  updatedAt: (o) => o.updatedAt,
};

const PRODUCT_KEYS: Record<(typeof PRODUCT_SORT_FIELDS)[number], (p: AdminProduct) => Key> = {
  name: (p) => p.name.toLowerCase(),
  sku: (p) => p.sku.toLowerCase(),
  category: (p) => p.category,
  brand: (p) => p.brand.toLowerCase(),
  price: (p) => p.price,
  stock: (p) => p.stockQuantity ?? 2147483647,
  rating: (p) => p.rating,
  updatedAt: (p) => p.updatedAt,
  createdAt: (p) => p.createdAt,
};

const USER_KEYS: Record<(typeof USER_SORT_FIELDS)[number], (u: AdminUser) => Key> = {
  createdAt: (u) => u.createdAt,
  name: (u) => u.fullName.toLowerCase(),
  email: (u) => u.email.toLowerCase(),
  status: (u) => (u.isBlocked ? 1 : 0),
  lastLogin: (u) => u.lastLogin ?? '',
};

beforeAll(async () => {
  shop = await startShop();
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  const productId = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!.id;
  await setStock(shop.db, productId, 100_000);
  const names = [['Zed', 'Adams'], ['amy', 'Baker'], ['Bob', 'adams'], ['Cy', 'Young'], ['Dee', 'baker'], ['Eve', 'Young']];
  const orders = [];
  for (const [i, [first, last]] of names.entries()) {
    orders.push(await placeOrder(shop.base, [{ productId, quantity: (i % 3) + 1 }], { firstName: first, lastName: last, email: `${tag}.${String.fromCharCode(102 - i)}@example.com` }));
  }
  await call(shop.base, '/api/admin/orders/bulk', { body: { ids: [orders[0]!.id, orders[3]!.id], action: 'approve' }, cookie: admin });
  await call(shop.base, '/api/admin/orders/bulk', { body: { ids: [orders[4]!.id], action: 'decline', reason: 'Test' }, cookie: admin });

  const specs = [
    { name: `${tag} Beta`, price: 30, stockQuantity: 4, rating: 4.5, brand: 'Diamond Collection', category: 'Diamond Collection' },
    { name: `${tag} alpha`, price: 10, stockQuantity: 0, rating: 3, brand: 'Kretus', category: 'Kretus' },
    { name: `${tag} Gamma`, price: 30, stockQuantity: 12, rating: 4.5, brand: 'Diamond Collection', category: 'Diamond Collection' },
    { name: `${tag} delta`, price: 5.5, stockQuantity: 4, rating: 1, brand: 'Acme', category: 'Kretus' },
  ];
  const products = [];
  for (const spec of specs) products.push(await addProduct(shop.base, admin, spec));
  // One product with uncounted stock, which sorts as the most.
  await runSql(shop.db, `UPDATE products SET stock_quantity = NULL WHERE id = ${q(products[3]!.id)}`);

  const customers = [];
  for (let i = 0; i < 4; i++) customers.push(await registerCustomer(shop.base, `${tag}.${String.fromCharCode(100 - i)}@example.com`));
  await call(shop.base, '/api/admin/users/bulk', { body: { ids: [customers[1]!.id], action: 'block' }, cookie: admin });
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('sorting the back-office lists', () => {
  it.each(ORDER_SORT_FIELDS.flatMap((f) => SORT_DIRECTIONS.map((d) => [f, d] as const)))('orders by %s %s', async (field, direction) => {
    const response = await call(shop.base, `/api/admin/orders?q=${tag}&pageSize=100&sort=${field}:${direction}`, { cookie: admin });
    const page = adminOrdersPageSchema.parse(await response.json());
    expect(page.orders).toHaveLength(6);
    expect(page.orders.map((o) => o.id)).toEqual(referenceSort(page.orders, ORDER_KEYS[field], direction));
  });

  it.each(PRODUCT_SORT_FIELDS.flatMap((f) => SORT_DIRECTIONS.map((d) => [f, d] as const)))('products by %s %s', async (field, direction) => {
    const response = await call(shop.base, `/api/admin/products?q=${tag}&pageSize=100&sort=${field}:${direction}`, { cookie: admin });
    const page = adminProductsPageSchema.parse(await response.json());
    expect(page.products).toHaveLength(4);
    expect(page.products.map((p) => p.id)).toEqual(referenceSort(page.products, PRODUCT_KEYS[field], direction));
  });

  it.each(USER_SORT_FIELDS.flatMap((f) => SORT_DIRECTIONS.map((d) => [f, d] as const)))('users by %s %s', async (field, direction) => {
    const response = await call(shop.base, `/api/admin/users?q=${tag}&pageSize=100&sort=${field}:${direction}`, { cookie: admin });
    const page = adminUsersPageSchema.parse(await response.json());
    expect(page.users).toHaveLength(4);
    expect(page.users.map((u) => u.id)).toEqual(referenceSort(page.users, USER_KEYS[field], direction));
  });

  it('pages a sorted list without losing or repeating a row', async () => {
    const all = adminProductsPageSchema.parse(await (await call(shop.base, `/api/admin/products?q=${tag}&pageSize=100&sort=price:asc`, { cookie: admin })).json());
    const pages = [];
    for (let page = 1; page <= 4; page++) {
      const one = adminProductsPageSchema.parse(await (await call(shop.base, `/api/admin/products?q=${tag}&pageSize=1&page=${page}&sort=price:asc`, { cookie: admin })).json());
      pages.push(...one.products.map((p) => p.id));
    }
    expect(pages).toEqual(all.products.map((p) => p.id));
  });

  it('keeps the list order for an unknown column or direction', async () => {
    const plain = adminOrdersPageSchema.parse(await (await call(shop.base, `/api/admin/orders?q=${tag}&pageSize=100`, { cookie: admin })).json());
    const odd = adminOrdersPageSchema.parse(await (await call(shop.base, `/api/admin/orders?q=${tag}&pageSize=100&sort=password:asc`, { cookie: admin })).json());
    expect(odd.orders.map((o) => o.id)).toEqual(plain.orders.map((o) => o.id));
  });
});
