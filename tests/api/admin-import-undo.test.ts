import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobSchema, TEMPLATE_COLUMNS, type ImportJob } from '../../src/lib/schemas/admin-imports';
import { IMPORT_UNDO_KEPT_MESSAGES, IMPORT_UNDO_MESSAGES, importUndoResultSchema } from '../../src/lib/schemas/admin-import-undo';
import { adminProductSchema } from '../../src/lib/schemas/admin-catalog';
import { overviewSchema } from '../../src/lib/schemas/analytics';
import { auditPageSchema } from '../../src/lib/schemas/admin-staff';
import { call, countRows, DEMO, placeOrder, registerCustomer, staffSignIn, startShop, type Shop } from './helpers/admin';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';

/**
 * Undoing an import (issue 26): products it created are deleted with their images when nothing
 * names them, else withdrawn and kept with why; products it updated go back to the fields they had
 * before it, and products changed since by staff or ordered since are refused with why; the dry run
 * counts the same and changes nothing.
 */

let shop: Shop;
let cookie: string;
const stamp = Date.now().toString(36).toUpperCase();

/** A template CSV of the given rows (cells by column name). */
function templateFile(rows: Partial<Record<(typeof TEMPLATE_COLUMNS)[number], string>>[]): string {
  const cell = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [TEMPLATE_COLUMNS.join(','), ...rows.map((r) => TEMPLATE_COLUMNS.map((c) => cell((r as Record<string, string>)[c] ?? '')).join(','))].join('\n') + '\n';
}

/** Uploads a CSV and waits until its job has finished. */
async function importFile(csv: string): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  const response = await fetch(`${shop.base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: shop.base, cookie } });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(202);
  const id = importJobSchema.parse(json).id;
  for (const deadline = Date.now() + 60_000; ; ) {
    const job = importJobSchema.parse(await (await call(shop.base, `/api/admin/imports/${id}`, { cookie })).json());
    if (['completed', 'error', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`import ${id} did not finish`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Stores a small real image through POST /api/admin/media; resolves to its URL and file URLs. */
async function uploadImage(): Promise<{ id: string; url: string; files: string[] }> {
  const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 180, g: 40, b: 40 } } }).png().toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'tin.png');
  const response = await fetch(`${shop.base}/api/admin/media`, { method: 'POST', headers: { origin: shop.base, cookie }, body: form });
  const json = (await response.json()) as { id: string; url: string; variants: { url: string }[] };
  expect(response.status, JSON.stringify(json)).toBe(201);
  return { id: json.id, url: json.url, files: [json.url, ...json.variants.map((v) => v.url)] };
}

/** A product row by SKU, or undefined once it is deleted. */
async function findSku(sku: string) {
  const [row] = await runSql<{ id: string }>(shop.db, `SELECT id FROM products WHERE sku = ${q(sku)}`);
  return row;
}

/** A product row by SKU. */
async function bySku(sku: string) {
  const [row] = await runSql<{ id: string; price_cents: number | string; description: string; version: number | string; withdrawn_at: string | null }>(
    shop.db,
    `SELECT id, price_cents, description, version, withdrawn_at FROM products WHERE sku = ${q(sku)}`,
  );
  return { ...row!, price_cents: Number(row!.price_cents), version: Number(row!.version) };
}

/** POST /api/admin/imports/:id/undo. */
async function undo(id: string, dryRun: boolean) {
  const response = await call(shop.base, `/api/admin/imports/${id}/undo`, { body: { dryRun }, cookie });
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(200);
  return importUndoResultSchema.parse(json);
}

beforeAll(async () => {
  shop = await startShop();
  cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

describe('POST /api/admin/imports/:id/undo', () => {
  it('deletes what an import created that nothing names (with its image), withdraws what a list names, reverts what it updated, refusing products staff edited or customers ordered since', async () => {
    const kept = ['A', 'B', 'C'].map((x) => `U${stamp}-${x}`);
    const added = ['N1', 'N2', 'N3'].map((x) => `U${stamp}-${x}`);
    const first = await importFile(templateFile(kept.map((sku) => ({ name: `Undo Base ${sku}`, description: 'The version before.', price: '10', sku, stockQuantity: '5' }))));
    expect(first.result).toMatchObject({ created: 3, failed: 0 });
    // The first new product's image is stored in the media library and named by nothing else.
    const image = await uploadImage();
    const second = await importFile(
      templateFile([
        ...kept.map((sku) => ({ name: `Undo Base ${sku}`, description: 'The version after.', price: '12.5', sku, stockQuantity: '5' })),
        ...added.map((sku, i) => ({ name: `Undo New ${sku}`, description: 'Made by the import.', price: '8', sku, stockQuantity: '5', ...(i === 0 ? { image: image.url } : {}) })),
      ]),
    );
    expect(second.result).toMatchObject({ created: 3, updated: 3, failed: 0 });

    // Staff edit one updated product after the import; a customer orders one created product and keeps another on a project list.
    const edited = await bySku(kept[2]!);
    const product = adminProductSchema.parse(await (await call(shop.base, `/api/admin/products/${edited.id}`, { cookie })).json());
    expect((await call(shop.base, `/api/admin/products/${edited.id}`, { method: 'PUT', body: { ...product, price: 99 }, cookie })).status).toBe(200);
    const unnamed = await bySku(added[0]!);
    const ordered = await bySku(added[1]!);
    await placeOrder(shop.base, [{ productId: ordered.id, quantity: 1 }]);
    const listed = await bySku(added[2]!);
    const customer = await registerCustomer(shop.base);
    expect((await call(shop.base, '/api/account/lists', { body: { name: 'Kitchen', items: [{ productId: listed.id, quantity: 2 }] }, cookie: customer.cookie })).status).toBe(201);
    for (const file of image.files) expect((await fetch(`${shop.base}${file}`)).status).toBe(200);

    const expected = {
      deleted: 1,
      withdrawn: 1,
      kept: [{ id: listed.id, name: `Undo New ${added[2]}`, message: IMPORT_UNDO_KEPT_MESSAGES.projectList }],
      reverted: 2,
      refused: [
        { id: edited.id, name: `Undo Base ${kept[2]}`, message: IMPORT_UNDO_MESSAGES.changedSince },
        { id: ordered.id, name: `Undo New ${added[1]}`, message: IMPORT_UNDO_MESSAGES.orderedSince },
      ],
    };
    const audits = await countRows(shop.db, 'audit_log');
    const preview = await undo(second.id, true);
    expect({ ...preview, refused: [...preview.refused].sort((a, b) => a.name.localeCompare(b.name)) }).toEqual({ dryRun: true, ...expected });
    expect(await countRows(shop.db, 'audit_log')).toBe(audits);
    expect((await bySku(kept[0]!)).price_cents).toBe(1250);
    expect(await findSku(added[0]!)).toBeDefined();

    const done = await undo(second.id, false);
    expect({ ...done, refused: [...done.refused].sort((a, b) => a.name.localeCompare(b.name)) }).toEqual({ dryRun: false, ...expected });
    for (const sku of kept.slice(0, 2)) expect(await bySku(sku)).toMatchObject({ price_cents: 1000, description: 'The version before.', version: 3, withdrawn_at: null });
    expect(await bySku(kept[2]!)).toMatchObject({ price_cents: 9900, description: 'The version after.', withdrawn_at: null });
    // Created and named by nothing: gone, with its image's record and files.
    expect(await findSku(added[0]!)).toBeUndefined();
    expect((await call(shop.base, `/api/admin/products/${unnamed.id}`, { cookie })).status).toBe(404);
    expect(await countRows(shop.db, 'media', `id = ${q(image.id)}`)).toBe(0);
    for (const file of image.files) expect((await fetch(`${shop.base}${file}`)).status).toBe(404);
    expect(await countRows(shop.db, 'audit_log', `action = 'product.erase' AND entity_id = ${q(unnamed.id)}`)).toBe(1);
    expect(await countRows(shop.db, 'audit_log', `action = 'media.delete' AND entity_id = ${q(image.id)}`)).toBe(1);
    // Created and ordered: kept on sale. Created and on a list: kept, withdrawn.
    expect((await bySku(added[1]!)).withdrawn_at).toBeNull();
    expect((await bySku(added[2]!)).withdrawn_at).not.toBeNull();
    expect(await countRows(shop.db, 'audit_log', `action = 'import.undo' AND entity_id = ${q(second.id)}`)).toBe(1);

    // Undone once, the same undo finds nothing left to do.
    const again = await undo(second.id, true);
    expect(again.deleted + again.withdrawn + again.reverted).toBe(0);
  });

  it('shows each import as one grouped line in the recent activity, not one per product', async () => {
    const admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const overview = overviewSchema.parse(await (await call(shop.base, '/api/admin/stats/overview', { cookie: admin })).json());
    const texts = overview.activity.map((a) => a.text);
    expect(texts).toContain('Priya Shah imported 3 products from products.csv');
    expect(texts).toContain('Priya Shah imported 6 products from products.csv');
    expect(texts).toContain('Priya Shah undid the import of products.csv');
    expect(texts.filter((t) => /added product “Undo (Base|New)/.test(t))).toEqual([]);
  });

  it('shows each import as one line of the audit log, with its file and counts; its product entries on asking for that import', async () => {
    const admin = await staffSignIn(shop.base, DEMO.superAdmin.email, DEMO.superAdmin.password);
    const page = async (query: Record<string, string>) => {
      const response = await call(shop.base, `/api/admin/audit?${new URLSearchParams({ pageSize: '100', ...query })}`, { cookie: admin });
      expect(response.status).toBe(200);
      return auditPageSchema.parse(await response.json());
    };
    const log = await page({ kind: 'product' });
    const imports = log.entries.filter((e) => e.action === 'import.start');
    expect(imports.map((e) => e.import && { fileName: e.import.fileName, written: e.import.created + e.import.updated, undone: e.import.undone })).toEqual([
      { fileName: 'products.csv', written: 6, undone: true },
      { fileName: 'products.csv', written: 3, undone: false },
    ]);
    // No product entry an import wrote is listed on its own; the other product entries still are.
    expect(log.entries.filter((e) => JSON.stringify(e.after ?? {}).includes('"importJob"'))).toEqual([]);
    const everything = await page({});
    expect(everything.entries.filter((e) => JSON.stringify(e.after ?? {}).includes('"importJob"'))).toEqual([]);
    // One import's own entries: the 3 products it created, the 3 it updated and the one its undo deleted, nothing else.
    const second = imports[0]!.import!;
    const own = await page({ importJob: second.jobId });
    expect(own.total).toBe(7);
    expect(own.entries.map((e) => e.action).sort()).toEqual(['product.create', 'product.create', 'product.create', 'product.erase', 'product.update', 'product.update', 'product.update']);
    expect(own.entries.every((e) => (e.after as { importJob?: string }).importJob === second.jobId)).toBe(true);
  });

  it('answers 404 for an unknown import', async () => {
    expect((await call(shop.base, '/api/admin/imports/no-such-job/undo', { body: { dryRun: true }, cookie })).status).toBe(404);
  });
});
