import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSearchResultSchema } from '../../src/lib/schemas/admin-search';
import { call, createStaffMember, DEMO, placeOrder, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct } from './helpers/admin-catalog';
import { fetchProducts, setStock } from './helpers/orders';

/**
 * The top bar's search over orders, products and customers (permission-aware), and the orders and
 * customers CSV exports with the lists' filters (formula-safe), issue 26.
 */

let shop: Shop;
let admin: string;
let orderManager: string;
let analyst: string;
let quinnOrder: { id: string; orderNumber: string };
let otherOrder: { id: string; orderNumber: string };
const tag = `findme${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  shop = await startShop();
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
  orderManager = await staffSignIn(shop.base, DEMO.orderManager.email, DEMO.orderManager.password);
  const member = await createStaffMember(shop.base, admin, 'analyst', 'Ana Lyst');
  analyst = await staffSignIn(shop.base, member.email, member.password);
  const productId = (await fetchProducts(shop.base)).find((p) => !p.requestQuoteOnly && p.inStock)!.id;
  await setStock(shop.db, productId, 1000);
  quinnOrder = await placeOrder(shop.base, [{ productId, quantity: 1 }], { firstName: '=HYPERLINK("x")', lastName: 'Quinn', email: `${tag}.order@example.com` });
  otherOrder = await placeOrder(shop.base, [{ productId, quantity: 2 }], { lastName: 'Other', email: `other.${tag}@example.com` });
  await placeOrder(shop.base, [{ productId, quantity: 1 }], { lastName: 'Elsewhere' });
  await addProduct(shop.base, admin, { name: `${tag} Floor Enamel` });
  await registerCustomer(shop.base, `${tag}.customer@example.com`);
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('GET /api/admin/search', () => {
  it('finds orders, products and customers at once for a super admin', async () => {
    const result = adminSearchResultSchema.parse(await (await call(shop.base, `/api/admin/search?q=${tag}`, { cookie: admin })).json());
    expect(result.orders?.map((o) => o.customerName).sort()).toEqual(['=HYPERLINK("x") Quinn', 'Sarah Other']);
    expect(result.products?.map((p) => p.name)).toEqual([`${tag} Floor Enamel`]);
    expect(result.customers?.map((c) => c.email)).toEqual([`${tag}.customer@example.com`]);
  });

  it('leaves out the groups a member may not see', async () => {
    const forOrders = await (await call(shop.base, `/api/admin/search?q=${tag}`, { cookie: orderManager })).json();
    expect(Object.keys(forOrders)).toEqual(['orders']);
    const forAnalyst = await call(shop.base, `/api/admin/search?q=${tag}`, { cookie: analyst });
    expect(forAnalyst.status).toBe(200);
    expect(await forAnalyst.json()).toEqual({});
  });

  it('finds nothing for an empty text', async () => {
    expect(await (await call(shop.base, '/api/admin/search?q=', { cookie: admin })).json()).toEqual({ orders: [], products: [], customers: [] });
  });
});

describe('CSV exports of orders and customers', () => {
  it('exports the orders the filters match, neutralising formulas', async () => {
    const response = await call(shop.base, `/api/admin/orders/export.csv?q=${tag}&sort=total:desc`, { cookie: orderManager });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Order number,Placed,Customer,E-mail,Status,Payment,Items,Total,Carrier,Tracking number');
    expect(lines).toHaveLength(3);
    // Sorted by total, highest first: the two-item order leads.
    expect(lines[1]).toContain(`other.${tag}@example.com`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") Quinn"`);
  });

  it('exports the customers the filters match', async () => {
    const response = await call(shop.base, `/api/admin/users/export.csv?q=${tag}`, { cookie: admin });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,E-mail,Phone,Status,Orders,Last sign-in,Joined');
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual([`${tag}.customer@example.com`]);
    expect((await call(shop.base, '/api/admin/users/export.csv?status=nobody', { cookie: admin })).status).toBe(422);
  });
});

describe('CSV exports of the selection (ids=) and of the products filter', () => {
  /** The lines of a CSV answer after its header (and the products export's byte-order mark). */
  const bodyLines = async (response: Response) => (await response.text()).replace(/^\ufeff/, '').trimEnd().split('\r\n').slice(1);

  it('exports only the orders named by ids, formula-safe, whatever the filter says', async () => {
    const response = await call(shop.base, `/api/admin/orders/export.csv?status=all&q=nothing-matches&ids=${quinnOrder.id}`, { cookie: orderManager });
    expect(response.status).toBe(200);
    const lines = await bodyLines(response);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(quinnOrder.orderNumber);
    expect(lines[0]).toContain(`"'=HYPERLINK(""x"") Quinn"`);
    const both = await bodyLines(await call(shop.base, `/api/admin/orders/export.csv?ids=${otherOrder.id},${quinnOrder.id},no-such-order`, { cookie: orderManager }));
    expect(both.map((l) => l.split(',')[0]).sort()).toEqual([quinnOrder.orderNumber, otherOrder.orderNumber].sort());
  });

  it('exports only the customers named by ids, and refuses more ids than a link may carry', async () => {
    const second = await registerCustomer(shop.base, `second.${tag}@example.com`);
    const lines = await bodyLines(await call(shop.base, `/api/admin/users/export.csv?ids=${second.id}`, { cookie: admin }));
    expect(lines.map((l) => l.split(',')[1])).toEqual([`second.${tag}@example.com`]);
    const tooMany = Array.from({ length: 201 }, (_, i) => `id${i}`).join(',');
    expect((await call(shop.base, `/api/admin/users/export.csv?ids=${tooMany}`, { cookie: admin })).status).toBe(422);
    expect((await call(shop.base, `/api/admin/orders/export.csv?ids=${tooMany}`, { cookie: orderManager })).status).toBe(422);
    expect((await call(shop.base, `/api/admin/products/export.csv?ids=${tooMany}`, { cookie: admin })).status).toBe(422);
  });

  it('exports the products named by ids (live ones) or those the list filter matches', async () => {
    const first = await addProduct(shop.base, admin, { name: `${tag} Deck Stain` });
    const gone = await addProduct(shop.base, admin, { name: `${tag} Withdrawn Primer` });
    expect((await call(shop.base, `/api/admin/products/${gone.id}`, { method: 'DELETE', cookie: admin })).status).toBeLessThan(300);
    const picked = await call(shop.base, `/api/admin/products/export.csv?ids=${first.id},${gone.id}`, { cookie: admin });
    expect(picked.status).toBe(200);
    expect(picked.headers.get('content-type')).toContain('text/csv');
    const pickedLines = await bodyLines(picked);
    expect(pickedLines).toHaveLength(1);
    expect(pickedLines[0]).toContain(first.sku);
    const filtered = await bodyLines(await call(shop.base, `/api/admin/products/export.csv?q=${tag}`, { cookie: admin }));
    expect(filtered).toHaveLength(2);
    expect(filtered.some((l) => l.includes(`${tag} Floor Enamel`))).toBe(true);
    expect(filtered.some((l) => l.includes(`${tag} Deck Stain`))).toBe(true);
    expect((await call(shop.base, '/api/admin/products/export.csv?stock=plenty', { cookie: admin })).status).toBe(422);
  });
});
