import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProductSchema, type ProductInput } from '../../src/lib/schemas/admin-catalog';
import { importJobSchema, TEMPLATE_COLUMNS, type ImportJob } from '../../src/lib/schemas/admin-imports';
import { productSchema } from '../../src/lib/schemas/catalog';
import { DEMO, call, placeOrder, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct, productInput } from './helpers/admin-catalog';
import { errorOf } from './helpers/http';
import { q } from './helpers/orders';
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
} satisfies Record<string, unknown> as Partial<ProductInput>;

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

describe('the order e-mail', () => {
  it("names each hazardous line's signal word, pictograms and hazard statements, and the label reminder", async () => {
    const order = await placeOrder(shop.base, [
      { productId: 'rustoleum-painters-touch-2x-flat-black-12oz', quantity: 2 },
      { productId: 'dc-ultra-interior-eggshell-1g', quantity: 1 },
    ]);
    const [mail] = await runSql<{ text: string; html: string }>(shop.db, `SELECT text, html FROM outbox WHERE to_address = ${q(order.email)}`);
    expect(mail!.text).toContain('Danger · Flame, Exclamation mark · H222 Extremely flammable aerosol. H229 Pressurised container: May burst if heated.');
    expect(mail!.text).toContain('Always read the label and product information before use.');
    expect(mail!.html).toContain('Danger · Flame, Exclamation mark · H222 Extremely flammable aerosol.');
    // The unclassified paint has no hazard line: its line is followed by the next one or the reminder.
    expect(mail!.text).toMatch(/Diamond Ultra Interior Acrylic Eggshell 1 gal x 1 {2}\$[\d.,]+\n(?! {2}Danger|  Warning)/);
  });
});

/** A template CSV of the given rows (cells by column name). */
function templateFile(rows: Partial<Record<(typeof TEMPLATE_COLUMNS)[number], string>>[]): string {
  const cell = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [TEMPLATE_COLUMNS.join(','), ...rows.map((r) => TEMPLATE_COLUMNS.map((c) => cell((r as Record<string, string>)[c] ?? '')).join(','))].join('\n') + '\n';
}

/** Uploads a CSV and waits until its job has finished. */
async function importFile(csv: string): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const response = await fetch(`${shop.base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: shop.base, cookie: productManager } });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(202);
  const id = importJobSchema.parse(json).id;
  for (const deadline = Date.now() + 60_000; ; ) {
    const job = importJobSchema.parse(await (await call(shop.base, `/api/admin/imports/${id}`, { cookie: productManager })).json());
    if (['completed', 'error', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`import ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('safety data in the CSV import and export', () => {
  const stamp = Date.now().toString(36).toUpperCase();
  const row = (sku: string, cells: Record<string, string>) => ({ name: `Safety Import ${sku}`, description: 'An alkyd enamel for the import test.', price: '20', sku, stockQuantity: '4', ...cells });
  const SAFE_CELLS = {
    hazardPictograms: 'GHS02;ghs07',
    hazardSignalWord: 'warning',
    hazardStatements: 'H226;H336;P210',
    ufi: 'N1QV-R02N-J00M-WQD5',
    vocSubcategory: 'd',
    vocBase: 'solvent',
    vocMaxGramsPerLitre: '290',
    unNumber: 'UN1263',
    transportClass: '3',
    packingGroup: 'III',
    limitedQuantity: 'true',
    aerosol: 'false',
    netVolumeLitres: '3.79',
    grossWeightKg: '4.9',
  };

  it('imports every safety column, refuses an over-limit VOC row with both figures and an unknown statement code, and exports them back', async () => {
    const ok = `SAF${stamp}-1`;
    const job = await importFile(
      templateFile([
        row(ok, SAFE_CELLS),
        row(`SAF${stamp}-2`, { ...SAFE_CELLS, vocMaxGramsPerLitre: '340' }),
        row(`SAF${stamp}-3`, { ...SAFE_CELLS, hazardStatements: 'H226;H999' }),
      ]),
    );
    expect(job.result).toMatchObject({ created: 1, failed: 2 });
    expect(job.result!.errors).toEqual([
      expect.objectContaining({ row: 3, message: OVER_LIMIT_MESSAGE, product: `Safety Import SAF${stamp}-2` }),
      expect.objectContaining({ row: 4, message: 'Unknown hazard or precautionary statement code: H999.' }),
    ]);
    const [created] = await runSql<{ hazard: string; voc: string; dangerous_goods: string }>(shop.db, `SELECT hazard, voc, dangerous_goods FROM products WHERE sku = ${q(ok)}`);
    expect(JSON.parse(created!.hazard)).toEqual({ pictograms: ['GHS02', 'GHS07'], signalWord: 'Warning', statements: ['H226', 'H336', 'P210'], ufi: 'N1QV-R02N-J00M-WQD5' });
    expect(JSON.parse(created!.voc)).toEqual({ subcategory: 'd', base: 'solvent', maxGramsPerLitre: 290 });
    expect(JSON.parse(created!.dangerous_goods)).toEqual(SAFETY.dangerousGoods);
    expect(await runSql(shop.db, `SELECT id FROM products WHERE sku = ${q(`SAF${stamp}-2`)}`)).toEqual([]);

    const exported = (await (await call(shop.base, '/api/admin/products/export.csv', { cookie: productManager })).text()).replace(/^\ufeff/, '').split('\r\n');
    const header = parseCsvLine(exported[0]!);
    const line = parseCsvLine(exported.find((l) => l.includes(`,${ok},`))!);
    const cells = Object.fromEntries(header.map((h, i) => [h, line[i]]));
    expect(cells).toMatchObject({ hazardPictograms: 'GHS02;GHS07', hazardStatements: 'H226;H336;P210', hazardSignalWord: 'Warning', ufi: 'N1QV-R02N-J00M-WQD5', vocSubcategory: 'd', vocBase: 'solvent', vocMaxGramsPerLitre: '290', unNumber: 'UN1263', transportClass: '3', packingGroup: 'III', limitedQuantity: 'true', aerosol: 'false', netVolumeLitres: '3.79', grossWeightKg: '4.9' });
  });

  it("keeps a product's safety data when the columns are blank and clears a group with 'none'", async () => {
    const sku = `SAF${stamp}-K`;
    await importFile(templateFile([row(sku, SAFE_CELLS)]));
    const blank = await importFile(templateFile([row(sku, { description: 'An alkyd enamel, described again.' })]));
    expect(blank.result).toMatchObject({ updated: 1, failed: 0 });
    const [kept] = await runSql<{ hazard: string | null; voc: string | null; dangerous_goods: string | null }>(shop.db, `SELECT hazard, voc, dangerous_goods FROM products WHERE sku = ${q(sku)}`);
    expect([kept!.hazard, kept!.voc, kept!.dangerous_goods].every((v) => v !== null)).toBe(true);
    const cleared = await importFile(templateFile([row(sku, { vocSubcategory: 'none' })]));
    expect(cleared.result).toMatchObject({ updated: 1, failed: 0 });
    const [after] = await runSql<{ hazard: string | null; voc: string | null }>(shop.db, `SELECT hazard, voc FROM products WHERE sku = ${q(sku)}`);
    expect([after!.hazard !== null, after!.voc]).toEqual([true, null]);
  });
});

/** The cells of one RFC 4180 line without line breaks in its cells. */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  for (const m of line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)) cells.push(m[1] !== undefined ? m[1].replace(/""/g, '"') : (m[2] ?? ''));
  return cells;
}
