import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_CATALOG_MESSAGES as M,
  adminProductSchema,
  adminProductsPageSchema,
  LOW_STOCK_MAX,
  type AdminProduct,
  type AdminProductsPage,
} from '../../src/lib/schemas/admin-catalog';
import { catalogResponseSchema, type CatalogResponse } from '../../src/lib/schemas/api';
import { auditOf, call, DEMO, parseAdminOrder, placeOrder, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct, productInput } from './helpers/admin-catalog';
import { errorOf } from './helpers/http';
import { orderBody, postOrder, q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * The back-office products API (API.md "Back office"; spec §2.13 Products view, §5 Admin product
 * form, §9 admin lists): paging, search and filter and stat cards computed by the server, every rule
 * of the dialog with its message, slugs, the two-staff 409, and a deleted product withdrawn from the
 * live catalogue but kept in the order that bought it; every change audited.
 */

let shop: Shop;
/** The product manager (Priya) and the super admin (Dana) of the demo staff. */
let productManager: string;
let superAdmin: string;

beforeAll(async () => {
  shop = await startShop();
  productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
  superAdmin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
});

afterAll(async () => {
  await shop?.server.stop();
});

/** The live catalogue with its ETag. */
async function readCatalog(): Promise<CatalogResponse & { etag: string }> {
  const response = await fetch(`${shop.base}/api/catalog`);
  expect(response.status).toBe(200);
  return { ...catalogResponseSchema.parse(await response.json()), etag: response.headers.get('etag') ?? '' };
}

/** GET /api/admin/products with a query string (must answer 200). */
async function listProducts(query = ''): Promise<AdminProductsPage> {
  const response = await call(shop.base, `/api/admin/products${query}`, { cookie: productManager });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return adminProductsPageSchema.parse(json);
}

/** POSTs a product and returns the status and the error of a refusal. */
async function postProduct(body: unknown): Promise<{ status: number; error?: ReturnType<typeof errorOf>; json: unknown }> {
  const response = await call(shop.base, '/api/admin/products', { body, cookie: productManager });
  const json = await response.json();
  return { status: response.status, json, error: response.status >= 400 ? errorOf(json) : undefined };
}

/** PUTs a product (AdminProduct or dialog fields with version). */
function putProduct(id: string, body: unknown, cookie = productManager): Promise<Response> {
  return call(shop.base, `/api/admin/products/${id}`, { method: 'PUT', body, cookie });
}

describe('the products list', () => {
  it('pages the live catalogue by name with the stat cards computed from the data', async () => {
    const { products: all } = await readCatalog();
    const first = await listProducts('?page=1&pageSize=7');
    expect(first.total).toBeGreaterThanOrEqual(all.length);
    expect(first.pageSize).toBe(7);
    expect(first.products).toHaveLength(7);
    const second = await listProducts('?page=2&pageSize=7');
    expect(second.page).toBe(2);
    const names = [...first.products, ...second.products].map((p) => p.name);
    expect(new Set([...first.products, ...second.products].map((p) => p.id)).size).toBe(14);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const last = await listProducts(`?page=${Math.ceil(first.total / 7)}&pageSize=7`);
    expect(last.products.length).toBe(first.total - 7 * (Math.ceil(first.total / 7) - 1));

    const live = (await readCatalog()).products;
    const inStock = live.filter((p) => p.inStock).length;
    expect(first.stats).toEqual({
      total: live.length,
      inStock,
      outOfStock: live.length - inStock,
      lowStock: live.filter((p) => p.inStock && p.stockQuantity !== undefined && p.stockQuantity >= 1 && p.stockQuantity <= LOW_STOCK_MAX).length,
    });
  });

  it('counts a product with a few units left as low stock and one with none as out of stock', async () => {
    const before = (await listProducts()).stats;
    await addProduct(shop.base, productManager, { stockQuantity: LOW_STOCK_MAX });
    await addProduct(shop.base, productManager, { stockQuantity: 0 });
    const after = (await listProducts()).stats;
    expect(after).toEqual({ total: before.total + 2, inStock: before.inStock + 1, outOfStock: before.outOfStock + 1, lowStock: before.lowStock + 1 });
  });

  it('searches name, description, SKU and brand without regard to case', async () => {
    const p = await addProduct(shop.base, productManager, {
      name: 'Quokka Deck Stain',
      sku: 'ZQ-UNIQUE-77',
      brand: 'Wagner',
      description: 'Penetrating oil with marmalade-hued pigments for decks.',
    });
    for (const text of ['quokka deck', 'zq-unique', 'MARMALADE-HUED', 'wagner']) {
      const page = await listProducts(`?q=${encodeURIComponent(text)}`);
      expect(page.products.map((x) => x.id), text).toContain(p.id);
      expect(page.total, text).toBe(page.products.length);
    }
    // LIKE wildcards are taken literally: '%' finds the products that write one ('100% solids'), '_' matches no other character.
    const percent = await listProducts(`?q=${encodeURIComponent('%')}&pageSize=100`);
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.products.every((x) => [x.name, x.description, x.sku, x.brand].some((f) => f.includes('%')))).toBe(true);
    expect((await listProducts(`?q=${encodeURIComponent('q_okka')}`)).total).toBe(0);
  });

  it("filters by category, 'All' meaning every category", async () => {
    const all = await listProducts('?category=All');
    const rustoleum = await listProducts('?category=Rustoleum&pageSize=100');
    const expected = (await readCatalog()).products.filter((p) => p.category === 'Rustoleum').length;
    expect(rustoleum.total).toBe(expected);
    expect(rustoleum.products.every((p) => p.category === 'Rustoleum')).toBe(true);
    expect(all.total).toBe((await listProducts()).total);
    const searched = await listProducts('?category=Rustoleum&q=zq-unique');
    expect(searched.total).toBe(0);
  });
});

describe('adding a product', () => {
  it('answers 201 with the product, live in the catalogue at once, with a slug from its name, and audited', async () => {
    const before = await readCatalog();
    const created = await addProduct(shop.base, productManager, { name: 'Kestrel Satin Trim Paint', stockQuantity: 3, finish: 'Satin', originalPrice: 49.99 });
    expect(created.id).toMatch(/^product-\d+$/);
    expect(created).toMatchObject({ slug: 'kestrel-satin-trim-paint', inStock: true, stockQuantity: 3, version: 1, price: 42.5, originalPrice: 49.99, finish: 'Satin' });
    const after = await readCatalog();
    expect(after.etag).not.toBe(before.etag);
    const { version: _v, createdAt: _c, updatedAt: _u, ...product } = created;
    expect(after.products.find((p) => p.id === created.id)).toEqual(product);
    const single = await fetch(`${shop.base}/api/products/${created.id}`);
    expect(single.status).toBe(200);
    const audit = await auditOf(shop.db, created.id);
    expect(audit).toEqual([expect.objectContaining({ action: 'product.create', actor_name: DEMO.productManager.name, before: null, after: created })]);
  });

  it('gives a second product of the same name the next free slug, and refuses a slug another product has', async () => {
    const a = await addProduct(shop.base, productManager, { name: 'Osprey Primer' });
    const b = await addProduct(shop.base, productManager, { name: 'Osprey Primer' });
    expect([a.slug, b.slug]).toEqual(['osprey-primer', 'osprey-primer-2']);
    const typed = await addProduct(shop.base, productManager, { name: 'Osprey Primer', slug: 'osprey-primer-grey' });
    expect(typed.slug).toBe('osprey-primer-grey');
    const taken = await postProduct(productInput({ slug: 'osprey-primer' }));
    expect(taken.status).toBe(422);
    expect(taken.error).toMatchObject({ message: M.slugTaken, fields: { slug: M.slugTaken } });
  });

  it('refuses a SKU another product has, whatever its case', async () => {
    const a = await addProduct(shop.base, productManager);
    const again = await postProduct(productInput({ sku: a.sku.toLowerCase() }));
    expect(again.status).toBe(422);
    expect(again.error).toMatchObject({ code: 'invalid_fields', message: M.skuTaken, fields: { sku: M.skuTaken } });
  });

  it.each(['name', 'sku', 'description', 'brand', 'image'])('answers the required-fields alert of spec §5 when %s is blank or missing', async (field) => {
    for (const body of [productInput({ [field]: '   ' }), (({ [field]: _, ...rest }) => rest)(productInput() as Record<string, unknown>)]) {
      const refused = await postProduct(body);
      expect(refused.status).toBe(422);
      expect(refused.error).toMatchObject({ code: 'invalid_fields', message: M.requiredFields });
      expect(refused.error?.fields?.[field]).toBe(M.requiredFields);
    }
  });

  it('requires a price and a category from the list', async () => {
    const { price: _p, category: _c, ...rest } = productInput() as Record<string, unknown>;
    const refused = await postProduct(rest);
    expect(refused.error?.fields).toMatchObject({ price: M.priceRequired, category: M.categoryRequired });
    expect((await postProduct(productInput({ category: 'Paint' }))).error?.fields).toEqual({ category: M.category });
  });

  it.each([
    ['rating above 5', { rating: 5.1 }, 'rating', M.rating],
    ['rating below 0', { rating: -0.1 }, 'rating', M.rating],
    ['rating off the 0.1 step', { rating: 4.55 }, 'rating', M.rating],
    ['negative reviews', { reviews: -1 }, 'reviews', M.reviews],
    ['fractional reviews', { reviews: 1.5 }, 'reviews', M.reviews],
    ['price off the 0.01 step', { price: 10.005 }, 'price', M.price],
    ['negative price', { price: -1 }, 'price', M.price],
    ['price 0 for a product sold online', { price: 0 }, 'price', M.priceZero],
    ['original price not above the price', { originalPrice: 42.5 }, 'originalPrice', M.originalPriceNotAbove],
    ['negative stock', { stockQuantity: -1 }, 'stockQuantity', M.stockQuantity],
    ['a technical spec without a value', { technicalSpecs: [{ name: 'Gloss level', value: '  ' }] }, 'technicalSpecs.0.value', M.technicalSpec],
    ['a technical spec without a name', { technicalSpecs: [{ name: '', value: '85' }] }, 'technicalSpecs.0.name', M.technicalSpec],
    ['a finish outside the list', { finish: 'Shiny' }, 'finish', M.finish],
    ['a malformed slug', { slug: 'Not A Slug' }, 'slug', M.slug],
    ['a short description', { description: 'Too short' }, 'description', M.descriptionMin],
    ['an image that is not a path or http(s) URL', { image: 'javascript:alert(1)' }, 'image', M.image],
    ['a missing coverage', { coverage: '' }, 'coverage', M.coverage],
  ] as [string, Record<string, unknown>, string, string][])('refuses %s with its message', async (_name, overrides, field, message) => {
    const refused = await postProduct(productInput(overrides));
    expect(refused.status, JSON.stringify(refused.json)).toBe(422);
    expect(refused.error?.fields?.[field]).toBe(message);
  });

  it('trims features and certifications, drops blank ones, and keeps a spec without a unit', async () => {
    const p = await addProduct(shop.base, productManager, {
      features: ['  Low odour ', '', '   ', 'Self-priming'],
      certifications: [' GREENGUARD Gold ', ' '],
      technicalSpecs: [{ name: ' Sheen ', value: ' 85 ', unit: ' ' }],
      price: 0,
      requestQuoteOnly: true,
    });
    expect(p.features).toEqual(['Low odour', 'Self-priming']);
    expect(p.certifications).toEqual(['GREENGUARD Gold']);
    expect(p.technicalSpecs).toEqual([{ name: 'Sheen', value: '85' }]);
    expect(p.requestQuoteOnly).toBe(true);
  });
});

describe('editing a product', () => {
  it('saves with the version it opened, bumps the version, shows in the catalogue at once and audits before and after', async () => {
    const p = await addProduct(shop.base, productManager);
    const response = await putProduct(p.id, { ...p, price: 39.99, stockQuantity: 0 });
    const saved = adminProductSchema.parse(await response.json());
    expect(response.status).toBe(200);
    expect(saved).toMatchObject({ price: 39.99, stockQuantity: 0, inStock: false, version: 2 });
    expect((await readCatalog()).products.find((x) => x.id === p.id)).toMatchObject({ price: 39.99, inStock: false });
    const audit = await auditOf(shop.db, p.id);
    expect(audit.at(-1)).toMatchObject({ action: 'product.update', before: p, after: saved });
  });

  it('answers 409 with the current product to the second of two staff saving the same version', async () => {
    const p = await addProduct(shop.base, productManager);
    const [first, second] = [await putProduct(p.id, { ...p, price: 50 }, productManager), await putProduct(p.id, { ...p, name: 'Changed by Dana' }, superAdmin)];
    expect(first.status).toBe(200);
    const conflict = (await second.json()) as { error: { code: string; message: string }; product: AdminProduct };
    expect(second.status).toBe(409);
    expect(conflict.error).toEqual({ code: 'conflict', message: M.stale });
    expect(conflict.product).toMatchObject({ id: p.id, price: 50, name: p.name, version: 2 });
    expect((await auditOf(shop.db, p.id)).map((a) => a.action)).toEqual(['product.create', 'product.update']);
  });

  it('lets exactly one of two simultaneous saves of one version win', async () => {
    const p = await addProduct(shop.base, productManager);
    const answers = await Promise.all([putProduct(p.id, { ...p, price: 11 }, productManager), putProduct(p.id, { ...p, price: 12 }, superAdmin)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('requires the version', async () => {
    const p = await addProduct(shop.base, productManager);
    const { version: _v, ...withoutVersion } = p;
    const response = await putProduct(p.id, withoutVersion);
    expect(response.status).toBe(422);
    expect(errorOf(await response.json()).fields?.version).toBe(M.version);
  });

  it('records the old slug when the slug changes, and keeps the slug when only the name changes', async () => {
    const p = await addProduct(shop.base, productManager, { name: 'Heron Masonry Paint' });
    const renamed = adminProductSchema.parse(await (await putProduct(p.id, { ...p, name: 'Heron Masonry Paint Pro' })).json());
    expect(renamed.slug).toBe('heron-masonry-paint');
    const moved = adminProductSchema.parse(await (await putProduct(p.id, { ...renamed, slug: 'heron-masonry-paint-pro' })).json());
    expect(moved.slug).toBe('heron-masonry-paint-pro');
    const former = await runSql<{ slug: string; product_id: string }>(shop.db, `SELECT slug, product_id FROM product_former_slugs WHERE product_id = ${q(p.id)}`);
    expect(former).toEqual([{ slug: 'heron-masonry-paint', product_id: p.id }]);
    // A cleared slug is generated from the name again.
    const regenerated = adminProductSchema.parse(await (await putProduct(p.id, { ...moved, name: 'Heron Masonry Paint Ultra', slug: '' })).json());
    expect(regenerated.slug).toBe('heron-masonry-paint-ultra');
  });

  it('edits a seeded product and keeps its generated illustration while the image stays', async () => {
    const seeded = (await listProducts('?category=Zinsser')).products[0]!;
    expect(seeded.visual).toBeDefined();
    const response = await putProduct(seeded.id, { ...seeded, reviews: seeded.reviews + 1 });
    const saved = adminProductSchema.parse(await response.json());
    expect(response.status).toBe(200);
    expect(saved.visual).toEqual(seeded.visual);
    expect(saved.brandLogo).toBe(seeded.brandLogo);
    const reimaged = adminProductSchema.parse(await (await putProduct(seeded.id, { ...saved, image: '/media/new-photo.webp' })).json());
    expect(reimaged.visual).toBeUndefined();
  });

  it('answers 404 for a product that does not exist', async () => {
    expect((await call(shop.base, '/api/admin/products/no-such-product', { cookie: productManager })).status).toBe(404);
    const response = await putProduct('no-such-product', { ...productInput(), version: 1 });
    expect(response.status).toBe(404);
    expect(errorOf(await response.json()).message).toBe(M.productNotFound);
  });
});

describe('deleting a product', () => {
  it('withdraws it from the live catalogue and new orders, keeps it in the order that bought it, and audits it', async () => {
    const p = await addProduct(shop.base, productManager, { name: 'Plover Wood Oil', stockQuantity: 50, price: 18.25 });
    const order = await placeOrder(shop.base, [{ productId: p.id, quantity: 2 }]);

    const deleted = await call(shop.base, `/api/admin/products/${p.id}`, { method: 'DELETE', cookie: productManager });
    expect(deleted.status).toBe(204);

    expect((await readCatalog()).products.some((x) => x.id === p.id)).toBe(false);
    expect((await fetch(`${shop.base}/api/products/${p.id}`)).status).toBe(404);
    expect((await call(shop.base, `/api/admin/products/${p.id}`, { cookie: productManager })).status).toBe(404);
    expect((await listProducts('?q=plover')).total).toBe(0);

    const kept = parseAdminOrder(await (await call(shop.base, `/api/admin/orders/${order.id}`, { cookie: superAdmin })).json());
    expect(kept.items).toEqual([expect.objectContaining({ quantity: 2, price: 18.25, product: expect.objectContaining({ id: p.id, name: 'Plover Wood Oil' }) })]);
    const [row] = await runSql<{ withdrawn_at: string | null }>(shop.db, `SELECT withdrawn_at FROM products WHERE id = ${q(p.id)}`);
    expect(row?.withdrawn_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const reorder = await postOrder(shop.base, orderBody([{ productId: p.id, quantity: 1 }]));
    expect(reorder.status).toBe(409);

    expect((await call(shop.base, `/api/admin/products/${p.id}`, { method: 'DELETE', cookie: productManager })).status).toBe(404);
    expect((await putProduct(p.id, { ...p })).status).toBe(404);
    const audit = await auditOf(shop.db, p.id);
    expect(audit.at(-1)).toMatchObject({ action: 'product.delete', before: expect.objectContaining({ id: p.id, name: 'Plover Wood Oil' }) });
  });

  it('refuses a delete or an edit from another origin, changing nothing', async () => {
    const p = await addProduct(shop.base, productManager);
    const foreign = { origin: 'https://evil.example' };
    const deleted = await call(shop.base, `/api/admin/products/${p.id}`, { method: 'DELETE', cookie: productManager, headers: foreign });
    const edited = await call(shop.base, `/api/admin/products/${p.id}`, { method: 'PUT', body: { ...p, price: 1 }, cookie: productManager, headers: foreign });
    expect([deleted.status, edited.status]).toEqual([403, 403]);
    expect(adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${p.id}`, { cookie: productManager })).json())).toEqual(p);
  });
});
