import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES, productDocumentsAnswerSchema, safetySheetReportSchema, type ProductDocument } from '../../src/lib/schemas/product-documents';
import { productSchema } from '../../src/lib/schemas/catalog';
import { auditOf, call, DEMO, placeOrder, staffSignIn, startShop, type Shop } from './helpers/admin';
import { addProduct } from './helpers/admin-catalog';
import { errorOf } from './helpers/http';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Products' safety and technical data sheets over the API (issue 25 item 3), on both databases:
 * a real PDF uploaded and served, a PNG named .pdf and an oversized PDF refused, the product's
 * JSON and page listing the sheet, the back office's report of hazardous products without a sheet
 * or with one too old, and the SDS linked in the order-received e-mail of a customer's first order
 * of the product only.
 */

/** The limit the server runs with here: small, so an oversized file is quick to send. */
const MAX_BYTES = 64 * 1024;

let shop: Shop;
let productManager: string;

beforeAll(async () => {
  shop = await startShop({ DOCUMENT_MAX_BYTES: String(MAX_BYTES), SDS_MAX_AGE_YEARS: '3' });
  productManager = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
});

afterAll(async () => {
  await shop?.server.stop();
});

/** A real one-page PDF made with pdf-lib, padded past `padTo` bytes when asked (after its end, as a linearised file may be). */
async function makePdf(title: string, padTo = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(title, { x: 50, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = await doc.save();
  if (bytes.byteLength >= padTo) return bytes;
  const padded = new Uint8Array(padTo + 1);
  padded.set(bytes);
  padded.fill(0x20, bytes.byteLength);
  return padded;
}

/** The first bytes of a real PNG (signature and IHDR), named .pdf by the test. */
const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Posts a data sheet as the dialog does. */
function upload(productId: string, bytes: Uint8Array, fields: Record<string, string>, filename = 'sheet.pdf', cookie = productManager): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  return fetch(`${shop.base}/api/admin/products/${productId}/documents`, { method: 'POST', headers: { origin: shop.base, cookie }, body: form });
}

/** Uploads a sheet that must be accepted; returns the product's sheets. */
async function uploadOk(productId: string, bytes: Uint8Array, fields: Record<string, string>): Promise<ProductDocument[]> {
  const response = await upload(productId, bytes, fields);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(201);
  return productDocumentsAnswerSchema.parse(json).documents;
}

const FLAMMABLE = { hazard: { pictograms: ['GHS02'], signalWord: 'Warning', statements: ['H226'], ufi: null } };
const UN_ONLY = { dangerousGoods: { un: 'UN1263', class: '3', packingGroup: 'III' as const, limitedQuantity: true, aerosol: false, netVolumeLitres: 1, grossWeightKg: 1.3 } };

describe('uploading data sheets', () => {
  it('stores a real PDF, serves it as application/pdf, lists it in the product JSON and links it on the product page', async () => {
    const product = await addProduct(shop.base, productManager, { name: 'Sheet Test Alkyd', ...FLAMMABLE });
    const pdf = await makePdf('Safety data sheet: Sheet Test Alkyd');
    const documents = await uploadOk(product.id, pdf, { kind: 'sds', revisedAt: '2025-03-12', language: 'EN' });
    expect(documents).toEqual([{ kind: 'sds', url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.pdf$/), revisedAt: '2025-03-12', language: 'en' }]);

    const served = await fetch(`${shop.base}${documents[0]!.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true);

    const live = productSchema.parse(await (await fetch(`${shop.base}/api/products/${product.id}`)).json());
    expect(live.documents).toEqual(documents);
    const page = await (await fetch(`${shop.base}/shop/${product.slug}`)).text();
    expect(page).toContain(`href="${documents[0]!.url}"`);
    expect(page).toContain('Safety data sheet (PDF)');
    expect(page).toContain('Revised 12 March 2025 · English');

    const audit = await auditOf(shop.db, product.id);
    expect(audit.map((a) => a.action)).toContain('product.document_upload');
  });

  it('replaces the sheet of a kind, keeps the other kind, and removes one on request (the old file still served)', async () => {
    const product = await addProduct(shop.base, productManager, FLAMMABLE);
    const first = await uploadOk(product.id, await makePdf('v1'), { kind: 'sds', revisedAt: '2024-01-10', language: 'en' });
    const both = await uploadOk(product.id, await makePdf('tds'), { kind: 'tds', revisedAt: '2024-02-01', language: 'de' });
    expect(both.map((d) => d.kind).sort()).toEqual(['sds', 'tds']);
    const replaced = await uploadOk(product.id, await makePdf('v2'), { kind: 'sds', revisedAt: '2025-06-01', language: 'en' });
    expect(replaced.find((d) => d.kind === 'sds')!.revisedAt).toBe('2025-06-01');
    expect(replaced.find((d) => d.kind === 'tds')!.language).toBe('de');
    expect((await fetch(`${shop.base}${first[0]!.url}`)).status).toBe(200);

    const removed = await call(shop.base, `/api/admin/products/${product.id}/documents/tds`, { method: 'DELETE', cookie: productManager });
    expect(removed.status).toBe(200);
    expect(productDocumentsAnswerSchema.parse(await removed.json()).documents.map((d) => d.kind)).toEqual(['sds']);
    const again = await call(shop.base, `/api/admin/products/${product.id}/documents/tds`, { method: 'DELETE', cookie: productManager });
    expect(again.status).toBe(404);
    expect(errorOf(await again.json()).message).toBe(DOCUMENT_MESSAGES.noDocument);
    const [row] = await runSql<{ n: number | string }>(shop.db, `SELECT count(*) AS n FROM product_documents WHERE product_id = ${q(product.id)}`);
    expect(Number(row!.n)).toBe(3);
  });

  it('refuses a PNG renamed .pdf with 415, and a PDF over DOCUMENT_MAX_BYTES with 413, storing nothing', async () => {
    const product = await addProduct(shop.base, productManager, FLAMMABLE);
    const png = await upload(product.id, PNG_BYTES, { kind: 'sds', revisedAt: '2025-01-01', language: 'en' }, 'sheet.pdf');
    expect(png.status).toBe(415);
    expect(errorOf(await png.json()).message).toBe(DOCUMENT_MESSAGES.notPdf);

    const big = await upload(product.id, await makePdf('big', MAX_BYTES), { kind: 'sds', revisedAt: '2025-01-01', language: 'en' });
    expect(big.status).toBe(413);
    expect(errorOf(await big.json()).message).toBe('File size too large. Maximum size is 0.1MB.');

    const [row] = await runSql<{ n: number | string }>(shop.db, `SELECT count(*) AS n FROM product_documents WHERE product_id = ${q(product.id)}`);
    expect(Number(row!.n)).toBe(0);
    const live = productSchema.parse(await (await fetch(`${shop.base}/api/products/${product.id}`)).json());
    expect(live.documents).toBeUndefined();
  });

  it('refuses a bad kind, a future or impossible date, an unknown language and a missing file with 422 and the field named', async () => {
    const product = await addProduct(shop.base, productManager, FLAMMABLE);
    const pdf = await makePdf('x');
    const cases: [Record<string, string>, string, string][] = [
      [{ kind: 'msds', revisedAt: '2025-01-01', language: 'en' }, 'kind', DOCUMENT_MESSAGES.kind],
      [{ kind: 'sds', revisedAt: '2999-01-01', language: 'en' }, 'revisedAt', DOCUMENT_MESSAGES.revisedAt],
      [{ kind: 'sds', revisedAt: '2025-02-30', language: 'en' }, 'revisedAt', DOCUMENT_MESSAGES.revisedAt],
      [{ kind: 'sds', revisedAt: '2025-01-01', language: 'xx' }, 'language', DOCUMENT_MESSAGES.language],
    ];
    for (const [fields, field, message] of cases) {
      const response = await upload(product.id, pdf, fields);
      expect(response.status, JSON.stringify(fields)).toBe(422);
      expect(errorOf(await response.json()).fields?.[field]).toBe(message);
    }
    const form = new FormData();
    form.append('kind', 'sds');
    const noFile = await fetch(`${shop.base}/api/admin/products/${product.id}/documents`, { method: 'POST', headers: { origin: shop.base, cookie: productManager }, body: form });
    expect(noFile.status).toBe(422);
    expect(errorOf(await noFile.json()).message).toBe(DOCUMENT_MESSAGES.noFile);
    const unknown = await upload('no-such-product', pdf, { kind: 'sds', revisedAt: '2025-01-01', language: 'en' });
    expect(unknown.status).toBe(404);
  });
});

describe('the safety data sheet report', () => {
  it('lists a hazardous product without an SDS and one whose SDS is too old, not one with a recent SDS nor an unclassified one', async () => {
    const missing = await addProduct(shop.base, productManager, { name: 'Report Missing Sheet', ...UN_ONLY });
    const old = await addProduct(shop.base, productManager, { name: 'Report Old Sheet', ...FLAMMABLE });
    const fresh = await addProduct(shop.base, productManager, { name: 'Report Fresh Sheet', ...FLAMMABLE });
    const plain = await addProduct(shop.base, productManager, { name: 'Report Plain Emulsion' });
    await uploadOk(old.id, await makePdf('old'), { kind: 'sds', revisedAt: '2019-05-01', language: 'en' });
    // A recent technical sheet does not stand in for a safety data sheet.
    await uploadOk(missing.id, await makePdf('tds'), { kind: 'tds', revisedAt: '2025-05-01', language: 'en' });
    await uploadOk(fresh.id, await makePdf('fresh'), { kind: 'sds', revisedAt: new Date().toISOString().slice(0, 10), language: 'en' });

    const response = await call(shop.base, '/api/admin/products/safety-documents', { cookie: productManager });
    expect(response.status).toBe(200);
    const report = safetySheetReportSchema.parse(await response.json());
    expect(report.maxAgeYears).toBe(3);
    const byId = new Map(report.products.map((p) => [p.id, p]));
    expect(byId.get(missing.id)).toMatchObject({ problem: 'missing', revisedAt: null, name: 'Report Missing Sheet' });
    expect(byId.get(old.id)).toMatchObject({ problem: 'outdated', revisedAt: '2019-05-01' });
    expect(byId.has(fresh.id)).toBe(false);
    expect(byId.has(plain.id)).toBe(false);
    const problems = report.products.map((p) => p.problem);
    expect(problems.indexOf('outdated')).toBeGreaterThan(problems.lastIndexOf('missing'));
  });
});

describe('the SDS with a first order', () => {
  /** The order-received e-mail of an order. */
  async function orderMail(email: string, orderNumber: string): Promise<{ html: string; text: string }> {
    const rows = await runSql<{ html: string; text: string }>(shop.db, `SELECT html, text FROM outbox WHERE to_address = ${q(email)} AND kind = 'order-received' AND subject LIKE ${q(`%${orderNumber}%`)}`);
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it("links the current SDS in the customer's first order of a hazardous product, and not in their next one", async () => {
    const product = await addProduct(shop.base, productManager, { name: 'First Order Alkyd', ...FLAMMABLE });
    const [sds] = await uploadOk(product.id, await makePdf('sds'), { kind: 'sds', revisedAt: '2025-03-12', language: 'en' });
    const email = `sds.${Date.now()}@example.com`;
    // The link is absolute, on the shop's SITE_URL.
    const link = new RegExp(`Safety data sheet: https?://[^ ]+${sds!.url.replace(/\./g, '\\.')} \\(Revised 12 March 2025 · English\\)`);

    const first = await placeOrder(shop.base, [{ productId: product.id, quantity: 1 }], { email });
    const firstMail = await orderMail(email, first.orderNumber);
    expect(firstMail.text).toMatch(link);
    expect(firstMail.html).toMatch(new RegExp(`href="https?://[^"]+${sds!.url}"`));

    // The same address in another case is the same customer.
    const second = await placeOrder(shop.base, [{ productId: product.id, quantity: 2 }], { email: email.toUpperCase() });
    const secondMail = await orderMail(email.toUpperCase(), second.orderNumber);
    expect(secondMail.text).not.toContain('Safety data sheet');
    expect(secondMail.html).not.toContain(sds!.url);

    // Another customer's first order of it gets the link.
    const other = `sds.other.${Date.now()}@example.com`;
    const third = await placeOrder(shop.base, [{ productId: product.id, quantity: 1 }], { email: other });
    expect((await orderMail(other, third.orderNumber)).text).toMatch(link);
  });
});
