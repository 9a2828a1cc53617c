import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_MESSAGES, PROJECT_LISTS_MAX, projectListSchema, projectListsSchema } from '../../src/lib/schemas/lists';
import { call, registerCustomer, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';
import { fetchProducts, q, type CatalogProduct } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Project lists (issue #27 item 5): a signed-in customer's named lists of products with
 * quantities; create, read, rename with new items, delete; nobody else reads or changes them.
 */

let shop: Shop;
let owner: { cookie: string; id: string; email: string };
let stranger: { cookie: string; id: string; email: string };
let products: CatalogProduct[];

/** GET the caller's lists (must answer 200). */
async function listsOf(cookie: string) {
  const response = await call(shop.base, '/api/account/lists', { cookie });
  expect(response.status).toBe(200);
  return projectListsSchema.parse(await response.json()).lists;
}

beforeAll(async () => {
  shop = await startShop();
  owner = await registerCustomer(shop.base);
  stranger = await registerCustomer(shop.base);
  products = (await fetchProducts(shop.base)).slice(0, 3);
});

afterAll(async () => {
  await shop?.server.stop();
});

describe('project lists', () => {
  it('keeps a named list of products with quantities, each product once, with the product as it is today', async () => {
    const [a, b] = products as [CatalogProduct, CatalogProduct];
    const created = await call(shop.base, '/api/account/lists', {
      cookie: owner.cookie,
      body: { name: ' Kitchen repaint ', items: [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 1 }, { productId: a.id, quantity: 3 }] },
    });
    expect(created.status).toBe(201);
    const list = projectListSchema.parse(await created.json());
    expect(list.name).toBe('Kitchen repaint');
    expect(list.items.map((i) => [i.productId, i.quantity])).toEqual([
      [a.id, 5],
      [b.id, 1],
    ]);
    expect(list.items[0]!.product).toMatchObject({ id: a.id, name: a.name, price: a.price });
    expect((await listsOf(owner.cookie)).map((l) => l.id)).toEqual([list.id]);

    const renamed = await call(shop.base, `/api/account/lists/${list.id}`, { method: 'PUT', cookie: owner.cookie, body: { name: 'Kitchen and hall', items: [{ productId: b.id, quantity: 4 }] } });
    expect(renamed.status).toBe(200);
    expect(projectListSchema.parse(await renamed.json())).toMatchObject({ name: 'Kitchen and hall', items: [{ productId: b.id, quantity: 4 }] });

    // A product that later leaves the catalogue stays on the list, without its details.
    await runSql(shop.db, `UPDATE products SET withdrawn_at = ${q(new Date().toISOString())} WHERE id = ${q(b.id)}`);
    expect((await listsOf(owner.cookie))[0]!.items).toEqual([{ productId: b.id, quantity: 4, product: null }]);
    await runSql(shop.db, `UPDATE products SET withdrawn_at = NULL WHERE id = ${q(b.id)}`);

    expect((await call(shop.base, `/api/account/lists/${list.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect(await listsOf(owner.cookie)).toEqual([]);
    expect((await call(shop.base, `/api/account/lists/${list.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
  });

  it("never shows or changes another customer's list, and asks the signed-out to sign in", async () => {
    const [a] = products as [CatalogProduct];
    const list = projectListSchema.parse(await (await call(shop.base, '/api/account/lists', { cookie: owner.cookie, body: { name: 'Warehouse floor', items: [{ productId: a.id, quantity: 10 }] } })).json());
    expect(await listsOf(stranger.cookie)).toEqual([]);
    const put = await call(shop.base, `/api/account/lists/${list.id}`, { method: 'PUT', cookie: stranger.cookie, body: { name: 'Mine now', items: [] } });
    expect(put.status).toBe(404);
    expect(errorOf(await put.json()).message).toBe(LIST_MESSAGES.notFound);
    expect((await call(shop.base, `/api/account/lists/${list.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await listsOf(owner.cookie))[0]).toMatchObject({ name: 'Warehouse floor', items: [{ productId: a.id, quantity: 10 }] });
    expect((await call(shop.base, '/api/account/lists')).status).toBe(401);
    expect((await call(shop.base, '/api/account/lists', { body: { name: 'x' } })).status).toBe(401);
  });

  it("keeps the calculator's mix with each pack's quantity and colour: one line per product and colour", async () => {
    const estimate = await fetch(`${shop.base}/api/paint/estimate?product=dc-ultra-interior-eggshell-1g&area=90&coats=2&surface=porous`);
    expect(estimate.status).toBe(200);
    const { packs } = (await estimate.json()) as { packs: { productId: string; quantity: number }[] };
    // 90 m², two coats at 350 ft²/gal (8.59 m²/L): 21 L, about 5.5 gal: a 5 gal pail and a 1 gal can.
    expect(packs.map((p) => p.productId)).toEqual(['dc-ultra-interior-eggshell-5g', 'dc-ultra-interior-eggshell-1g']);
    const anthracite = { system: 'ral-classic', code: 'RAL 7016' };
    const created = await call(shop.base, '/api/account/lists', {
      cookie: owner.cookie,
      body: { name: 'Hall in anthracite', items: [...packs.map((p) => ({ ...p, colour: anthracite })), { productId: 'dc-ultra-interior-eggshell-1g', quantity: 1, colour: { system: 'ral-classic', code: 'RAL 9010' } }, { productId: 'dc-ultra-interior-eggshell-1g', quantity: 2 }] },
    });
    expect(created.status).toBe(201);
    const list = projectListSchema.parse(await created.json());
    expect(list.items.map((i) => [i.productId, i.quantity, i.colour?.code ?? null])).toEqual([
      ['dc-ultra-interior-eggshell-5g', packs[0]!.quantity, 'RAL 7016'],
      ['dc-ultra-interior-eggshell-1g', packs[1]!.quantity, 'RAL 7016'],
      ['dc-ultra-interior-eggshell-1g', 1, 'RAL 9010'],
      ['dc-ultra-interior-eggshell-1g', 2, null],
    ]);
    expect(list.items[0]!.colour).toEqual({ system: 'ral-classic', code: 'RAL 7016', name: 'Anthracite Grey', hex: expect.stringMatching(/^#[0-9a-f]{6}$/i) });

    // Adding the same mix again in the same colour raises the quantities; it reads back the same.
    const again = await call(shop.base, `/api/account/lists/${list.id}`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { name: list.name, items: [...list.items.map((i) => ({ productId: i.productId, quantity: i.quantity, ...(i.colour ? { colour: { system: i.colour.system, code: i.colour.code } } : {}) })), ...packs.map((p) => ({ ...p, colour: anthracite }))] },
    });
    expect(again.status).toBe(200);
    const read = (await listsOf(owner.cookie)).find((l) => l.id === list.id)!;
    expect(read.items.map((i) => [i.productId, i.quantity, i.colour?.code ?? null])).toEqual([
      ['dc-ultra-interior-eggshell-5g', packs[0]!.quantity * 2, 'RAL 7016'],
      ['dc-ultra-interior-eggshell-1g', packs[1]!.quantity * 2, 'RAL 7016'],
      ['dc-ultra-interior-eggshell-1g', 1, 'RAL 9010'],
      ['dc-ultra-interior-eggshell-1g', 2, null],
    ]);
    await call(shop.base, `/api/account/lists/${list.id}`, { method: 'DELETE', cookie: owner.cookie });
  });

  it('refuses a colour the shop cannot mix and a colour on a paint it does not tint', async () => {
    const unknown = await call(shop.base, '/api/account/lists', { cookie: owner.cookie, body: { name: 'Deck', items: [{ productId: 'dc-ultra-interior-eggshell-1g', quantity: 1, colour: { system: 'ral-classic', code: 'RAL 9999' } }] } });
    expect(unknown.status).toBe(422);
    expect(errorOf(await unknown.json()).fields).toEqual({ 'items.0.colour': 'RAL 9999 is not a RAL Classic colour.' });
    const catalogue = (await fetchProducts(shop.base)) as (CatalogProduct & { tintable?: boolean })[];
    const plain = catalogue.find((p) => !p.tintable)!;
    const untintable = await call(shop.base, '/api/account/lists', { cookie: owner.cookie, body: { name: 'Deck', items: [{ productId: plain.id, quantity: 1, colour: { system: 'ral-classic', code: 'RAL 7016' } }] } });
    expect(untintable.status).toBe(422);
    expect(errorOf(await untintable.json()).fields).toEqual({ 'items.0.colour': `${plain.name} is not tinted to order: please order it without a colour.` });
    const shape = await call(shop.base, '/api/account/lists', { cookie: owner.cookie, body: { name: 'Deck', items: [{ productId: 'dc-ultra-interior-eggshell-1g', quantity: 1, colour: 'RAL 7016' }] } });
    expect(shape.status).toBe(422);
  });

  it('refuses a missing name, an unknown product, a bad quantity and more than the maximum of lists', async () => {
    const noName = await call(shop.base, '/api/account/lists', { cookie: stranger.cookie, body: { name: '  ' } });
    expect(noName.status).toBe(422);
    expect(errorOf(await noName.json()).fields?.name).toBe(LIST_MESSAGES.name);
    const unknown = await call(shop.base, '/api/account/lists', { cookie: stranger.cookie, body: { name: 'Deck', items: [{ productId: 'no-such-product', quantity: 1 }] } });
    expect(unknown.status).toBe(422);
    expect(errorOf(await unknown.json()).fields).toEqual({ 'items.0.productId': LIST_MESSAGES.product });
    const zero = await call(shop.base, '/api/account/lists', { cookie: stranger.cookie, body: { name: 'Deck', items: [{ productId: products[0]!.id, quantity: 0 }] } });
    expect(zero.status).toBe(422);
    for (let i = 0; i < PROJECT_LISTS_MAX; i++) {
      expect((await call(shop.base, '/api/account/lists', { cookie: stranger.cookie, body: { name: `List ${i}` } })).status).toBe(201);
    }
    const over = await call(shop.base, '/api/account/lists', { cookie: stranger.cookie, body: { name: 'One too many' } });
    expect(over.status).toBe(409);
    expect(errorOf(await over.json()).message).toBe(LIST_MESSAGES.tooManyLists);
  });
});
