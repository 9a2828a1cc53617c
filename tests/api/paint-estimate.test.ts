import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema, type AdminProduct } from '../../src/lib/schemas/admin-catalog';
import { productSchema } from '../../src/lib/schemas/catalog';
import { estimatePaint } from '../../src/lib/paint/estimate';
import { LITRES_PER_US_GALLON } from '../../src/lib/paint/units';
import { call, DEMO, staffSignIn, startShop, type Shop } from './helpers/admin';
import { errorOf } from './helpers/http';

/**
 * GET /api/paint/estimate (issue 24): the paint an area needs and the cheapest mix of the family's
 * in-stock pack sizes, from live prices and stock; and the five paint fields through the product
 * API and the back office.
 */

let shop: Shop;
let admin: string;

beforeAll(async () => {
  shop = await startShop();
  admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

async function estimate(query: string): Promise<{ status: number; body: any }> {
  const response = await call(shop.base, `/api/paint/estimate?${query}`);
  return { status: response.status, body: await response.json() };
}

async function adminProduct(id: string): Promise<AdminProduct> {
  return adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${id}`, { cookie: admin })).json());
}

/** Saves the dialog over a product with `changes`; returns the response. */
async function save(id: string, changes: Record<string, unknown>): Promise<Response> {
  const p = await adminProduct(id);
  return call(shop.base, `/api/admin/products/${id}`, { method: 'PUT', cookie: admin, body: { ...p, originalPrice: p.originalPrice ?? null, ...changes } });
}

describe('the paint fields in the product API', () => {
  it('serves family, packSize, spreadRate, recommendedCoats and primerAdvised from the database', async () => {
    const product = productSchema.parse(await (await call(shop.base, '/api/products/dc-ultra-interior-eggshell-5g')).json());
    expect(product).toMatchObject({
      family: 'dc-ultra-interior-eggshell',
      packSize: { value: 5, unit: 'gal' },
      spreadRate: { min: 350, max: 400, unit: 'ft2/gal' },
      recommendedCoats: 2,
      primerAdvised: true,
    });
    const gun = productSchema.parse(await (await call(shop.base, '/api/products/dc-pro-3600-airless-spray-gun')).json());
    expect([gun.family, gun.packSize, gun.spreadRate, gun.recommendedCoats, gun.primerAdvised]).toEqual([null, null, null, null, false]);
  });
});

describe('GET /api/paint/family', () => {
  it('lists a family’s live sizes smallest first with price and stock, and refuses a malformed slug', async () => {
    const response = await call(shop.base, '/api/paint/family?slug=zinsser-bulls-eye-123-primer');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { family: string; sizes: { id: string; packSize: unknown; price: number; inStock: boolean }[] };
    expect(body.family).toBe('zinsser-bulls-eye-123-primer');
    expect(body.sizes.map((s) => [s.id, s.packSize, s.price, s.inStock])).toEqual([
      ['zinsser-bulls-eye-123-primer-1g', { value: 1, unit: 'gal' }, 29.98, true],
      ['zinsser-bulls-eye-123-primer-5g', { value: 5, unit: 'gal' }, 129.98, true],
    ]);
    expect(await (await call(shop.base, '/api/paint/family?slug=no-such-family')).json()).toEqual({ family: 'no-such-family', sizes: [] });
    const bad = await call(shop.base, '/api/paint/family?slug=Not%20A%20Slug');
    expect(bad.status).toBe(422);
    expect(errorOf(await bad.json()).message).toBe('A family is lower-case letters, digits and single hyphens.');
  });
});

describe('GET /api/paint/estimate', () => {
  it('plans 100 m² in two coats on a smooth wall as one 5 gal and one 1 gal can, the cheapest mix, with what is left over', async () => {
    const { status, body } = await estimate('product=dc-ultra-interior-eggshell-1g&area=100&coats=2&surface=smooth');
    expect(status).toBe(200);
    // 350-400 ft²/gal is 8.59-9.82 m²/L: 200 m² of coats takes 20.373 L at the best rate, 23.284 L at the worst.
    expect(body.litres).toEqual({ min: 20.373, max: 23.284 });
    expect(body.plannedLitres).toBe(20.373);
    expect(body.packs).toEqual([
      { productId: 'dc-ultra-interior-eggshell-5g', quantity: 1 },
      { productId: 'dc-ultra-interior-eggshell-1g', quantity: 1 },
    ]);
    expect(body.totalCents).toBe(23_999 + 5_499);
    expect(body.leftoverLitres).toBeCloseTo(6 * LITRES_PER_US_GALLON - 20.373, 6);
    expect(body.coats).toBe(2);
    // The same pure function the page runs gives the same answer.
    const local = estimatePaint({
      area: 100, coats: 2, surface: 'smooth', spreadRate: { min: 350, max: 400, unit: 'ft2/gal' },
      packs: [
        { productId: 'dc-ultra-interior-eggshell-1g', litres: LITRES_PER_US_GALLON, priceCents: 5_499, inStock: true },
        { productId: 'dc-ultra-interior-eggshell-5g', litres: 5 * LITRES_PER_US_GALLON, priceCents: 23_999, inStock: true },
      ],
    });
    expect({ litres: local.litres, packs: local.packs, totalCents: local.totalCents, leftoverLitres: local.leftoverLitres }).toEqual({
      litres: body.litres, packs: body.packs, totalCents: body.totalCents, leftoverLitres: body.leftoverLitres,
    });
  });

  it('plans porous surfaces at the range’s worst rate and takes the product’s recommended coats when none are given', async () => {
    const porous = await estimate('product=dc-ultra-interior-eggshell-5g&area=100&surface=porous');
    expect(porous.status).toBe(200);
    expect(porous.body.coats).toBe(2);
    expect(porous.body.plannedLitres).toBe(23.284);
    const primer = await estimate('product=zinsser-bulls-eye-123-primer-1g&area=10');
    expect(primer.body.coats).toBe(1);
    expect(primer.body.packs).toEqual([{ productId: 'zinsser-bulls-eye-123-primer-1g', quantity: 1 }]);
  });

  it('never plans a room in sample pots: a square metre takes a gallon, even asked from the pot’s own page', async () => {
    const small = await estimate('product=dc-ultra-interior-eggshell-sample&area=1&coats=1');
    expect(small.status).toBe(200);
    expect(small.body.plannedLitres).toBeLessThan(0.25);
    expect(small.body.packs).toEqual([{ productId: 'dc-ultra-interior-eggshell-1g', quantity: 1 }]);
  });

  it('chooses another mix when a size runs out, and says so when no size is left', async () => {
    expect((await save('dc-ultra-interior-eggshell-5g', { stockQuantity: 0 })).status).toBe(200);
    const without5 = await estimate('product=dc-ultra-interior-eggshell-1g&area=100&coats=2');
    expect(without5.body.packs).toEqual([{ productId: 'dc-ultra-interior-eggshell-1g', quantity: 6 }]);
    expect(without5.body.totalCents).toBe(6 * 5_499);

    // The sample pot is still in stock, and is still not a way to paint 100 m².
    expect((await save('dc-ultra-interior-eggshell-1g', { stockQuantity: 0 })).status).toBe(200);
    const none = await estimate('product=dc-ultra-interior-eggshell-1g&area=100&coats=2');
    expect(none.body).toMatchObject({ packs: [], totalCents: 0, message: 'No size of this paint is in stock at the moment.' });

    expect((await save('dc-ultra-interior-eggshell-5g', { stockQuantity: 4 })).status).toBe(200);
    const only5 = await estimate('product=dc-ultra-interior-eggshell-1g&area=100&coats=2');
    expect(only5.body.packs).toEqual([{ productId: 'dc-ultra-interior-eggshell-5g', quantity: 2 }]);
    expect((await save('dc-ultra-interior-eggshell-1g', { stockQuantity: 50 })).status).toBe(200);
  });

  it('refuses bad input with clear messages', async () => {
    const cases: [string, number, string][] = [
      ['area=10', 422, 'Please give a product.'],
      ['product=dc-ultra-interior-eggshell-1g', 422, 'The area must be a number of square metres.'],
      ['product=dc-ultra-interior-eggshell-1g&area=-5', 422, 'The area must be at least 0 m².'],
      ['product=dc-ultra-interior-eggshell-1g&area=10&coats=0', 422, 'At least 1 coat.'],
      ['product=dc-ultra-interior-eggshell-1g&area=10&surface=glossy', 422, 'The surface must be smooth, textured or porous.'],
      ['product=no-such-paint&area=10', 404, 'No such product.'],
      ['product=dc-pro-3600-airless-spray-gun&area=10', 422, 'This product has no spread rate per litre or gallon, so it cannot be estimated.'],
    ];
    for (const [query, status, message] of cases) {
      const answer = await estimate(query);
      expect([query, answer.status, errorOf(answer.body).message]).toEqual([query, status, message]);
    }
  });
});

describe('the paint fields in the back office', () => {
  it('edits all five, converting nothing behind the editor’s back, and keeps them when a client leaves them out', async () => {
    const saved = await save('dc-ultra-interior-satin-1g', {
      family: 'dc-ultra-interior-satin', packSize: { value: 3.78, unit: 'L' }, spreadRate: { min: 8.5, max: 9.8, unit: 'm2/L' }, recommendedCoats: 3, primerAdvised: false,
    });
    expect(saved.status).toBe(200);
    const after = await adminProduct('dc-ultra-interior-satin-1g');
    expect(after).toMatchObject({ family: 'dc-ultra-interior-satin', packSize: { value: 3.78, unit: 'L' }, spreadRate: { min: 8.5, max: 9.8, unit: 'm2/L' }, recommendedCoats: 3, primerAdvised: false });

    const { family: _f, packSize: _p, spreadRate: _s, recommendedCoats: _c, primerAdvised: _a, ...rest } = after;
    const response = await call(shop.base, '/api/admin/products/dc-ultra-interior-satin-1g', { method: 'PUT', cookie: admin, body: { ...rest, originalPrice: null, name: 'Diamond Ultra Interior Acrylic Satin 1 gal (3.78 L)' } });
    expect(response.status).toBe(200);
    expect(await adminProduct('dc-ultra-interior-satin-1g')).toMatchObject({ family: 'dc-ultra-interior-satin', recommendedCoats: 3, spreadRate: { min: 8.5, max: 9.8, unit: 'm2/L' } });
  });

  it('refuses a spread rate whose minimum is above its maximum, or past what paints cover', async () => {
    const reversed = await save('dc-ultra-interior-flat-1g', { spreadRate: { min: 400, max: 350, unit: 'ft2/gal' } });
    expect(reversed.status).toBe(422);
    expect(errorOf(await reversed.json()).fields).toEqual({ 'spreadRate.min': "The spread rate's minimum (400) must not be more than its maximum (350)." });
    const implausible = await save('dc-ultra-interior-flat-1g', { spreadRate: { min: 40, max: 45, unit: 'm2/L' } });
    expect(implausible.status).toBe(422);
    expect(errorOf(await implausible.json()).message).toBe('A spread rate of 40 m2/L is not plausible: paints cover 1 m²/L to 30 m²/L.');
  });
});
