import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES as M, adminCategoriesSchema, formatProductsInUse, type AdminCategoryList } from '../../src/lib/schemas/admin-catalog';
import { catalogResponseSchema, type CatalogResponse } from '../../src/lib/schemas/api';
import { categorySchema, type Category } from '../../src/lib/schemas/catalog';
import { auditOf, call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { categoryInput } from './helpers/admin-catalog';
import { errorOf } from './helpers/http';

/**
 * The back-office categories/brands API (spec §3 Category/Brand, §4 Category events): the list by
 * order with product counts, add, edit stamping updatedAt, toggle featured, reorder, delete refused
 * while products use it; the shop's catalogue follows at once and every change is audited.
 */

let shop: Shop;
let productManager: string;

beforeAll(async () => {
  shop = await startShop();
  productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
});

afterAll(async () => {
  await shop?.server.stop();
});

/** The live catalogue. */
async function readCatalog(): Promise<CatalogResponse> {
  const response = await fetch(`${shop.base}/api/catalog`);
  expect(response.status).toBe(200);
  return catalogResponseSchema.parse(await response.json());
}

/** GET /api/admin/categories (must answer 200). */
async function listCategories(): Promise<AdminCategoryList['categories']> {
  const response = await call(shop.base, '/api/admin/categories', { cookie: productManager });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return adminCategoriesSchema.parse(json).categories;
}

/** POSTs a category; returns status and JSON. */
async function postCategory(body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await call(shop.base, '/api/admin/categories', { body, cookie: productManager });
  return { status: response.status, json: await response.json() };
}

/** Adds a category (must answer 201). */
async function addCategory(overrides: Record<string, unknown> = {}): Promise<Category> {
  const { status, json } = await postCategory(categoryInput(overrides));
  expect(status, JSON.stringify(json)).toBe(201);
  return categorySchema.parse(json);
}

/** PUTs a change to a category. */
async function putCategory(id: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await call(shop.base, `/api/admin/categories/${id}`, { method: 'PUT', body, cookie: productManager });
  return { status: response.status, json: await response.json() };
}

/** DELETEs a category; returns the status and the body of a refusal. */
async function deleteCategory(id: string): Promise<{ status: number; json: unknown }> {
  const response = await call(shop.base, `/api/admin/categories/${id}`, { method: 'DELETE', cookie: productManager });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** Whether a list's orders are 1..n ascending. */
function expectNumbered(list: { order: number }[]): void {
  expect(list.map((c) => c.order)).toEqual(list.map((_, i) => i + 1));
}

describe('the categories list', () => {
  it('lists every category by order with the number of live products filed under its name', async () => {
    const [list, catalog] = await Promise.all([listCategories(), readCatalog()]);
    expect(list.map(({ productCount: _n, ...c }) => c)).toEqual(catalog.categories);
    expectNumbered(list);
    for (const c of list) expect(c.productCount, c.name).toBe(catalog.products.filter((p) => p.category === c.name).length);
  });
});

describe('adding a category', () => {
  it('answers 201 with it placed last, icon Package by default, on the shop at once, audited', async () => {
    const before = await listCategories();
    const created = await addCategory({ name: 'Titan Sprayers' });
    expect(created).toMatchObject({ id: 'titan-sprayers', name: 'Titan Sprayers', icon: 'Package', featured: false, order: before.length + 1 });
    expect(created.createdAt).toBe(created.updatedAt);
    expect((await readCatalog()).categories.at(-1)).toEqual(created);
    expect(await auditOf(shop.db, created.id)).toEqual([expect.objectContaining({ action: 'category.create', actor_name: DEMO.productManager.name, after: created })]);
    await deleteCategory(created.id);
  });

  it('places it at the order given and renumbers the others', async () => {
    const created = await addCategory({ order: 2, featured: true, icon: 'Zap' });
    const list = await listCategories();
    expect(list[1]).toMatchObject({ id: created.id, order: 2, featured: true, icon: 'Zap' });
    expectNumbered(list);
    await deleteCategory(created.id);
  });

  it('refuses a name another category has, whatever its case', async () => {
    const { status, json } = await postCategory(categoryInput({ name: 'rustoleum' }));
    expect(status).toBe(422);
    expect(errorOf(json)).toMatchObject({ message: M.categoryNameTaken, fields: { name: M.categoryNameTaken } });
  });

  it('requires a name, a description and an image, and an icon from the list', async () => {
    const { status, json } = await postCategory({});
    expect(status).toBe(422);
    expect(errorOf(json).fields).toMatchObject({ name: M.categoryNameRequired, description: M.categoryDescriptionRequired, image: M.categoryImage });
    expect(errorOf((await postCategory(categoryInput({ icon: 'Rocket' }))).json).fields).toEqual({ icon: M.categoryIcon });
    expect(errorOf((await postCategory(categoryInput({ order: 0 }))).json).fields).toEqual({ order: M.categoryOrder });
  });
});

describe('editing a category', () => {
  it('toggles featured, stamping updatedAt, and the catalogue follows; audited before and after', async () => {
    const created = await addCategory();
    const { status, json } = await putCategory(created.id, { featured: true });
    expect(status).toBe(200);
    const toggled = categorySchema.parse(json);
    expect(toggled).toMatchObject({ featured: true, createdAt: created.createdAt, name: created.name });
    expect(toggled.updatedAt > created.updatedAt).toBe(true);
    expect((await readCatalog()).categories.find((c) => c.id === created.id)?.featured).toBe(true);
    expect((await auditOf(shop.db, created.id)).at(-1)).toMatchObject({ action: 'category.update', before: created, after: toggled });
    await deleteCategory(created.id);
  });

  it('moves a category to another place in the order and renumbers the rest 1..n', async () => {
    const created = await addCategory();
    expect((await putCategory(created.id, { order: 1 })).status).toBe(200);
    const list = await listCategories();
    expect(list[0]?.id).toBe(created.id);
    expectNumbered(list);
    expect((await readCatalog()).categories[0]?.id).toBe(created.id);
    // An order past the end puts it last.
    expect((await putCategory(created.id, { order: 999 })).status).toBe(200);
    const after = await listCategories();
    expect(after.at(-1)?.id).toBe(created.id);
    expectNumbered(after);
    await deleteCategory(created.id);
  });

  it('renames a category no product uses, and refuses to rename one products use', async () => {
    const created = await addCategory();
    const renamed = await putCategory(created.id, { name: `${created.name} Pro`, description: 'Now with more.' });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ name: `${created.name} Pro`, description: 'Now with more.', id: created.id });
    const rustoleum = (await listCategories()).find((c) => c.name === 'Rustoleum')!;
    const refused = await putCategory(rustoleum.id, { name: 'Rust-Oleum' });
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json)).toEqual({ code: 'conflict', message: formatProductsInUse(M.categoryRenameInUse, rustoleum.productCount) });
    await deleteCategory(created.id);
  });

  it('refuses an empty change and answers 404 for an unknown category', async () => {
    const created = await addCategory();
    const empty = await putCategory(created.id, {});
    expect(empty.status).toBe(422);
    expect(errorOf(empty.json).message).toBe(M.categoryNothingToChange);
    const unknown = await putCategory('no-such-category', { featured: true });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.json).message).toBe(M.categoryNotFound);
    await deleteCategory(created.id);
  });
});

describe('deleting a category', () => {
  it('refuses while products use it, naming how many', async () => {
    const zinsser = (await listCategories()).find((c) => c.name === 'Zinsser')!;
    expect(zinsser.productCount).toBeGreaterThan(0);
    const refused = await deleteCategory(zinsser.id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused.json)).toEqual({ code: 'conflict', message: formatProductsInUse(M.categoryInUse, zinsser.productCount) });
    expect((await readCatalog()).categories.some((c) => c.id === zinsser.id)).toBe(true);
  });

  it('deletes one no product uses, renumbers the rest, and audits it', async () => {
    const created = await addCategory({ order: 1 });
    const deleted = await deleteCategory(created.id);
    expect(deleted.status).toBe(204);
    const list = await listCategories();
    expect(list.some((c) => c.id === created.id)).toBe(false);
    expectNumbered(list);
    expect((await readCatalog()).categories.some((c) => c.id === created.id)).toBe(false);
    expect((await auditOf(shop.db, created.id)).at(-1)).toMatchObject({ action: 'category.delete', before: expect.objectContaining({ id: created.id }) });
    expect((await deleteCategory(created.id)).status).toBe(404);
  });
});
