import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema } from '../../src/lib/schemas/admin-catalog';
import { productSchema } from '../../src/lib/schemas/catalog';
import { DEMO, call, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct, productInput } from './helpers/admin-catalog';
import { errorOf } from './helpers/http';
import { runSql } from './helpers/sql';

/**
 * A product's safety data over the API (issue 25): hazard pictograms, signal word and statements
 * stored by code and read with their official texts, the VOC limit derived from Directive
 * 2004/42/EC and an over-limit save refused with both figures, dangerous-goods data, on both databases.
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

const OVER_LIMIT_MESSAGE = 'This product contains max 340 g/l VOC, above the EU limit value of 300 g/l for cat. A/d (solvent-borne, 2010): it cannot be sold in the EU.';

const SAFETY = {
  hazard: { pictograms: ['GHS02', 'GHS07'], signalWord: 'Warning', statements: ['H226', 'H336', 'P210'], ufi: 'n1qv r02n j00m wqd5' },
  voc: { subcategory: 'd', base: 'solvent', maxGramsPerLitre: 290 },
  dangerousGoods: { un: 'UN1263', class: '3', packingGroup: 'III', limitedQuantity: true, aerosol: false, netVolumeLitres: 3.79, grossWeightKg: 4.9 },
};

describe('safety data of a product', () => {
  it('saves hazard, VOC and dangerous goods and answers them with official texts and the derived limit, in the live catalogue too', async () => {
    const created = await addProduct(shop.base, productManager, SAFETY);
    expect(created.hazard).toEqual({
      pictograms: ['GHS02', 'GHS07'],
      signalWord: 'Warning',
      statements: [
        { code: 'H226', text: 'Flammable liquid and vapour.' },
        { code: 'H336', text: 'May cause drowsiness or dizziness.' },
        { code: 'P210', text: 'Keep away from heat, hot surfaces, sparks, open flames and other ignition sources. No smoking.' },
      ],
      ufi: 'N1QV-R02N-J00M-WQD5',
    });
    expect(created.voc).toEqual({ subcategory: 'd', base: 'solvent', maxGramsPerLitre: 290, limitGramsPerLitre: 300 });
    expect(created.dangerousGoods).toEqual(SAFETY.dangerousGoods);
    const [row] = await runSql<{ hazard: string; voc: string }>(shop.db, `SELECT hazard, voc FROM products WHERE id = '${created.id}'`);
    expect(JSON.parse(row!.hazard).statements).toEqual(['H226', 'H336', 'P210']);
    expect(JSON.parse(row!.voc)).toEqual({ subcategory: 'd', base: 'solvent', maxGramsPerLitre: 290 });
    const single = await fetch(`${shop.base}/api/products/${created.id}`);
    const product = productSchema.parse(await single.json());
    expect(product.hazard).toEqual(created.hazard);
  });

  it('refuses a save whose VOC content is over its subcategory limit with 422 naming both figures, changing nothing', async () => {
    const refused = await call(shop.base, '/api/admin/products', { body: productInput({ ...SAFETY, voc: { subcategory: 'd', base: 'solvent', maxGramsPerLitre: 340 } }), cookie: productManager });
    expect(refused.status).toBe(422);
    const error = errorOf(await refused.json());
    expect(error.message).toBe(OVER_LIMIT_MESSAGE);
    expect(error.fields).toEqual({ 'voc.maxGramsPerLitre': OVER_LIMIT_MESSAGE });

    const saved = await addProduct(shop.base, productManager, SAFETY);
    const put = await call(shop.base, `/api/admin/products/${saved.id}`, { method: 'PUT', body: { ...saved, voc: { ...saved.voc, maxGramsPerLitre: 340 } }, cookie: productManager });
    expect(put.status).toBe(422);
    expect(errorOf(await put.json()).message).toBe(OVER_LIMIT_MESSAGE);
    const [row] = await runSql<{ voc: string; version: number }>(shop.db, `SELECT voc, version FROM products WHERE id = '${saved.id}'`);
    expect([JSON.parse(row!.voc).maxGramsPerLitre, Number(row!.version)]).toEqual([290, 1]);
  });

  it('refuses an unknown statement code and a mistyped UFI with their messages', async () => {
    const unknown = await call(shop.base, '/api/admin/products', { body: productInput({ hazard: { pictograms: ['GHS02'], statements: ['H999'] } }), cookie: productManager });
    expect(unknown.status).toBe(422);
    expect(errorOf(await unknown.json()).fields).toEqual({ 'hazard.statements.0': 'Unknown hazard or precautionary statement code: H999.' });
    const ufi = await call(shop.base, '/api/admin/products', { body: productInput({ hazard: { pictograms: ['GHS02'], ufi: 'N1QV-R02N-J00M-WQD6' } }), cookie: productManager });
    expect(ufi.status).toBe(422);
    expect(errorOf(await ufi.json()).fields?.['hazard.ufi']).toMatch(/check character/);
  });

  it('keeps the safety data through an edit that leaves it out, and clears it with null', async () => {
    const saved = await addProduct(shop.base, productManager, SAFETY);
    const { hazard: _h, voc: _v, dangerousGoods: _d, ...withoutSafety } = saved;
    const kept = adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${saved.id}`, { method: 'PUT', body: { ...withoutSafety, reviews: 9 }, cookie: productManager })).json());
    expect([kept.reviews, kept.hazard, kept.voc, kept.dangerousGoods]).toEqual([9, saved.hazard, saved.voc, saved.dangerousGoods]);
    const cleared = adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${saved.id}`, { method: 'PUT', body: { ...kept, hazard: null, dangerousGoods: null }, cookie: productManager })).json());
    expect([cleared.hazard, cleared.voc, cleared.dangerousGoods]).toEqual([null, saved.voc, null]);
  });

  it('seeds the sample data from content and saves a seeded aerosol back unchanged', async () => {
    const response = await fetch(`${shop.base}/api/products/rustoleum-painters-touch-2x-flat-black-12oz`);
    expect(response.status).toBe(200);
    const product = productSchema.parse(await response.json());
    expect(product.dangerousGoods).toMatchObject({ un: 'UN1950', class: '2.1', aerosol: true });
    expect(product.hazard?.signalWord).toBe('Danger');
    const admin = adminProductSchema.parse(await (await call(shop.base, `/api/admin/products?q=${encodeURIComponent(product.sku)}`, { cookie: productManager })).json().then((j: any) => j.products[0]));
    const put = await call(shop.base, `/api/admin/products/${admin.id}`, { method: 'PUT', body: admin, cookie: productManager });
    expect(put.status).toBe(200);
    const saved = adminProductSchema.parse(await put.json());
    expect([saved.hazard, saved.voc, saved.dangerousGoods]).toEqual([product.hazard, product.voc, product.dangerousGoods]);
  });
});
