import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductsPageSchema } from '../../src/lib/schemas/admin-catalog';
import { overviewSchema } from '../../src/lib/schemas/analytics';
import { call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct } from './helpers/admin-catalog';

/**
 * One definition of low stock (issue 26): the products cards, the products list's stock filter and
 * the overview's alert count the same products, and the alert links to that filtered list.
 */

let shop: Shop;
let admin: string;

beforeAll(async () => {
  shop = await startShop();
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  await addProduct(shop.base, admin, { stockQuantity: 3 });
  await addProduct(shop.base, admin, { stockQuantity: 0 });
  await addProduct(shop.base, admin, { stockQuantity: 0 });
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

/** Every product of the list for a stock filter (all pages). */
async function listed(stock: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const json = adminProductsPageSchema.parse(await (await call(shop.base, `/api/admin/products?stock=${stock}&pageSize=100&page=${page}`, { cookie: admin })).json());
    ids.push(...json.products.map((p) => p.id));
    if (ids.length >= json.total || json.products.length === 0) return ids;
  }
}

describe('low stock, one definition', () => {
  it('counts the same products in the cards, the list filters and the overview alert, which links to them', async () => {
    const page = adminProductsPageSchema.parse(await (await call(shop.base, '/api/admin/products', { cookie: admin })).json());
    const [low, out, short] = [await listed('low'), await listed('out'), await listed('short')];
    expect(low).toHaveLength(page.stats.lowStock);
    expect(out).toHaveLength(page.stats.outOfStock);
    expect(short.sort()).toEqual([...low, ...out].sort());
    expect(page.stats.lowStock).toBeGreaterThanOrEqual(1);
    expect(page.stats.outOfStock).toBeGreaterThanOrEqual(2);

    const overview = overviewSchema.parse(await (await call(shop.base, '/api/admin/stats/overview', { cookie: admin })).json());
    const alert = overview.alerts.find((a) => a.kind === 'low_stock')!;
    expect(alert.count).toBe(page.stats.lowStock + page.stats.outOfStock);
    expect(alert.text).toBe(`${page.stats.lowStock} product${page.stats.lowStock === 1 ? '' : 's'} low (5 units or fewer left), ${page.stats.outOfStock} out of stock.`);
    expect(alert.link).toEqual({ view: 'products', search: { stock: 'short' } });
  });
});
