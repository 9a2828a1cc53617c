import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import sharp from 'sharp';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../src/lib/media-messages';
import { importJobSchema, IMPORT_MESSAGES, TEMPLATE_COLUMNS, type ImportJob } from '../../src/lib/schemas/admin-imports';
import { call, countRows, DEMO, startShop, staffSignIn, type Shop } from './helpers/admin';
import { createTestMediaStore } from './helpers/media-store';
import { q } from './helpers/orders';
import { runSql } from './helpers/sql';
import { startServer } from './helpers/server';
import { PRODUCT_CSV_FIXTURES } from '../helpers/shared-fixtures';

/** Real product CSVs of other platforms (tests/api read them from the shared fixtures folder). */
const FIXTURES = PRODUCT_CSV_FIXTURES;

let shop: Shop;
let cookie: string;
/** IMPORT_IMAGE_DIR of the shared server: the folder of images a CSV may name by path. */
const imageDir = mkdtempSync(join(tmpdir(), 'import-images-'));

beforeAll(async () => {
  // Imported images go to the lane's media store: the local folder on SQLite, an S3 bucket on PostgreSQL.
  shop = await startShop({ ...(await createTestMediaStore()).env, IMPORT_ALLOWED_HOSTS: '127.0.0.1', IMPORT_IMAGE_DIR: imageDir });
  cookie = await staffSignIn(shop.base, DEMO.productManager.email, DEMO.productManager.password);
}, 180_000);

afterAll(async () => {
  await shop?.server.stop();
});

/** POST /api/admin/imports with a file (and dryRun), as a browser form would. */
async function upload(base: string, body: string | Uint8Array, options: { name?: string; type?: string; dryRun?: boolean; cookie?: string } = {}): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([body as BlobPart], { type: options.type ?? 'text/csv' }), options.name ?? 'products.csv');
  if (options.dryRun) form.append('dryRun', 'true');
  return fetch(`${base}/api/admin/imports`, { method: 'POST', body: form, headers: { origin: base, cookie: options.cookie ?? cookie } });
}

/** Uploads a file that must be accepted (202) and returns its job. */
async function start(base: string, body: string | Uint8Array, options: Parameters<typeof upload>[2] = {}): Promise<ImportJob> {
  const response = await upload(base, body, options);
  const json = await response.json();
  expect(response.status, JSON.stringify(json)).toBe(202);
  return importJobSchema.parse(json);
}

/** GET /api/admin/imports/:id. */
async function jobOf(base: string, id: string, as = cookie): Promise<ImportJob> {
  const response = await call(base, `/api/admin/imports/${id}`, { cookie: as });
  expect(response.status).toBe(200);
  return importJobSchema.parse(await response.json());
}

/** Polls a job until `done` holds (or fails after `ms`). */
async function waitFor(base: string, id: string, done: (job: ImportJob) => boolean, ms = 60_000, as = cookie): Promise<ImportJob> {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await jobOf(base, id, as);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} never got there: ${JSON.stringify({ status: job.status, current: job.current, total: job.total })}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const finished = (job: ImportJob) => ['completed', 'error', 'cancelled'].includes(job.status);

/** A template CSV of the given rows (cells by column name). */
function templateFile(rows: Partial<Record<(typeof TEMPLATE_COLUMNS)[number], string>>[], columns: readonly string[] = TEMPLATE_COLUMNS): string {
  const cell = (v: string) => (/[",\n;]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell((r as Record<string, string>)[c] ?? '')).join(','))].join('\n') + '\n';
}

/** A unique SKU prefix per test. */
let serial = 0;
const sku = (tag: string) => `T${Date.now().toString(36).toUpperCase()}-${tag}-${++serial}`;

/** A live product row by SKU. */
async function productBySku(db: string, code: string) {
  const [row] = await runSql<Record<string, unknown>>(db, `SELECT * FROM products WHERE lower(sku) = lower(${q(code)})`);
  return row;
}

describe('POST /api/admin/imports: the file', () => {
  it("refuses a file that is not a CSV with 415 'Please select a valid CSV file', whatever its name and type say", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    for (const [body, name, type] of [
      [png, 'products.csv', 'text/csv'],
      ['{"name":"x","description":"y","price":3}', 'products.csv', 'text/csv'],
      [Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'products.xlsx', 'text/csv'],
    ] as const) {
      const response = await upload(shop.base, body, { name, type });
      expect(response.status).toBe(415);
      expect((await response.json()).error.message).toBe(IMPORT_MESSAGES.invalidFile);
    }
  });

  it('accepts a CSV the browser labels otherwise (sniffed from its bytes)', async () => {
    const job = await start(shop.base, templateFile([{ name: 'Sniffed Primer', description: 'A primer sent as octet-stream.', price: '9.99', sku: sku('SNIFF') }]), {
      name: 'export.txt',
      type: 'application/octet-stream',
    });
    expect((await waitFor(shop.base, job.id, finished)).result.created).toBe(1);
  });

  it("answers 422 'No valid products found in CSV file' for an empty file and for a header without rows", async () => {
    for (const body of ['', 'name,description,price\n', '\n\n']) {
      const response = await upload(shop.base, body);
      expect(response.status).toBe(422);
      expect((await response.json()).error.message).toBe(IMPORT_MESSAGES.noProducts);
    }
  });

  it('refuses a file over MAX_IMPORT_BYTES with 413 while images keep their own limit', async () => {
    const small = await startShop({ MAX_IMPORT_BYTES: '2048' });
    try {
      const staff = await staffSignIn(small.base, DEMO.productManager.email, DEMO.productManager.password);
      const big = templateFile(Array.from({ length: 60 }, (_, i) => ({ name: `Big ${i}`, description: 'A row to make the file large.', price: '1.00' })));
      const response = await upload(small.base, big, { cookie: staff });
      expect(response.status).toBe(413);
      const fits = await upload(small.base, templateFile([{ name: 'Small One', description: 'Fits under the limit.', price: '2.00' }]), { cookie: staff });
      expect(fits.status).toBe(202);
    } finally {
      await small.server.stop();
    }
  }, 180_000);
});

describe('spec §5 rules', () => {
  it("refuses rows without name, description or a non-zero price with 'Row N: Missing required fields: name, description, or price (product name)'", async () => {
    const good = sku('OK');
    const job = await start(
      shop.base,
      templateFile([
        { name: 'Complete Row Paint', description: 'Every required field given.', price: '12.50', sku: good },
        { name: 'No Description Paint', description: '', price: '12.50' },
        { name: '', description: 'A row without a name.', price: '3' },
        { name: 'Zero Price Paint', description: 'Priced at zero.', price: '0' },
        { name: 'Text Price Paint', description: 'Priced with words.', price: 'abc' },
      ]),
    );
    const done = await waitFor(shop.base, job.id, finished);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ success: 1, failed: 4, total: 5, created: 1 });
    expect(done.result.messages).toEqual([
      `Row 3: ${IMPORT_MESSAGES.missingRequired} (No Description Paint)`,
      `Row 4: ${IMPORT_MESSAGES.missingRequired}`,
      `Row 5: ${IMPORT_MESSAGES.missingRequired} (Zero Price Paint)`,
      `Row 6: ${IMPORT_MESSAGES.missingRequired} (Text Price Paint)`,
    ]);
    expect(await productBySku(shop.db, good)).toBeTruthy();
  });

  it('applies the defaults: category Diamond Collection, brand the name, SKU from the id, in stock, flags false, rating and reviews 0', async () => {
    const job = await start(shop.base, templateFile([{ name: 'Defaults Only Sealer', description: 'Only the required columns.', price: '7.25' }], ['name', 'description', 'price']));
    expect((await waitFor(shop.base, job.id, finished)).result.created).toBe(1);
    const [row] = await runSql<Record<string, unknown>>(shop.db, "SELECT * FROM products WHERE name = 'Defaults Only Sealer'");
    expect(row).toMatchObject({ category: 'Diamond Collection', brand: 'Defaults Only Sealer', price_cents: 725 });
    expect(String(row!.sku)).toBe(String(row!.id).toUpperCase());
    expect(String(row!.id)).toMatch(/^product-\d+$/);
    expect(Number(row!.in_stock)).toBe(1);
    expect([row!.is_eco_friendly, row!.is_new, row!.is_popular, row!.request_quote_only].map(Number)).toEqual([0, 0, 0, 0]);
    expect([Number(row!.rating), Number(row!.reviews)]).toEqual([0, 0]);
  });

  it("splits features on semicolons and reads booleans as true only for 'true' in any case", async () => {
    const code = sku('FLAGS');
    const job = await start(
      shop.base,
      templateFile([{ name: 'Flagged Coating', description: 'Flags and features.', price: '30', sku: code, features: 'Fast drying; Low odour;;Washable ', isEcoFriendly: 'TRUE', isNew: 'True', isPopular: 'yes', requestQuoteOnly: '1', inStock: 'FALSE' }]),
    );
    expect((await waitFor(shop.base, job.id, finished)).result.created).toBe(1);
    const row = await productBySku(shop.db, code);
    expect(JSON.parse(String(row!.features))).toEqual(['Fast drying', 'Low odour', 'Washable']);
    expect([row!.is_eco_friendly, row!.is_new, row!.is_popular, row!.request_quote_only, row!.in_stock].map(Number)).toEqual([1, 1, 0, 0, 0]);
  });

  it("checks each row with the product dialog's rules and messages (category, rating)", async () => {
    const job = await start(
      shop.base,
      templateFile([
        { name: 'Bad Category Paint', description: 'Filed under a shelf we do not have.', price: '5', category: 'Garden Gnomes' },
        { name: 'Bad Rating Paint', description: 'Rated beyond the scale.', price: '5', rating: '7' },
      ]),
    );
    const done = await waitFor(shop.base, job.id, finished);
    expect(done.result.messages).toEqual(['Row 2: Please choose a category from the list. (Bad Category Paint)', 'Row 3: Rating must be between 0 and 5 (step 0.1). (Bad Rating Paint)']);
  });

  it('updates the product of an existing SKU (blank cells keep its values) and audits every write', async () => {
    const code = sku('UPD');
    const first = await start(shop.base, templateFile([{ name: 'Update Me Varnish', description: 'The first version.', price: '10', sku: code, features: 'One;Two', stockQuantity: '5' }]));
    expect((await waitFor(shop.base, first.id, finished)).result.created).toBe(1);
    const second = await start(shop.base, templateFile([{ name: 'Update Me Varnish', description: 'The second version.', price: '11.5', sku: code.toLowerCase() }]));
    const done = await waitFor(shop.base, second.id, finished);
    expect(done.result).toMatchObject({ created: 0, updated: 1, success: 1 });
    const row = await productBySku(shop.db, code);
    expect(row).toMatchObject({ description: 'The second version.', price_cents: 1150, sku: code });
    expect(JSON.parse(String(row!.features))).toEqual(['One', 'Two']);
    expect(Number(row!.stock_quantity)).toBe(5);
    const audit = await runSql<{ action: string; actor_name: string }>(shop.db, `SELECT action, actor_name FROM audit_log WHERE entity_id = ${q(String(row!.id))} ORDER BY at`);
    expect(audit.map((a) => a.action)).toEqual(['product.create', 'product.update']);
    expect(audit[0]!.actor_name).toBe(DEMO.productManager.name);
  });
});

describe('dry run', () => {
  it('reports what would be created, updated and refused, and writes nothing', async () => {
    const code = sku('DRY');
    await waitFor(shop.base, (await start(shop.base, templateFile([{ name: 'Dry Existing Paint', description: 'Exists before the dry run.', price: '4', sku: code }]))).id, finished);
    const products = await countRows(shop.db, 'products');
    const audits = await countRows(shop.db, 'audit_log');
    const before = await productBySku(shop.db, code);
    const job = await start(
      shop.base,
      templateFile([
        { name: 'Dry Existing Paint', description: 'Changed in the dry run.', price: '5', sku: code },
        { name: 'Dry New Paint', description: 'Would be created.', price: '6', sku: sku('DRYNEW') },
        { name: 'Dry Refused Paint', description: '', price: '6' },
      ]),
      { dryRun: true },
    );
    expect(job.dryRun).toBe(true);
    const done = await waitFor(shop.base, job.id, finished);
    expect(done.result).toMatchObject({ created: 1, updated: 1, failed: 1, total: 3 });
    expect(done.result.messages).toEqual([`Row 4: ${IMPORT_MESSAGES.missingRequired} (Dry Refused Paint)`]);
    expect(await countRows(shop.db, 'products')).toBe(products);
    // The job's own audit line ('import.dry_run') and nothing else.
    expect(await countRows(shop.db, 'audit_log')).toBe(audits + 1);
    expect(await productBySku(shop.db, code)).toEqual(before);
  });
});

describe('updates of existing SKUs in batches', () => {
  it('updates every existing SKU of a batch in one go, each audited with its before and after; the catalogue revision moves', async () => {
    const codes = Array.from({ length: 30 }, (_, i) => sku(`BUPD${i}`));
    const first = await start(shop.base, templateFile(codes.map((code, i) => ({ name: `Batch Update Paint ${i}`, description: 'The version before.', price: '10', sku: code, stockQuantity: '3' }))));
    expect((await waitFor(shop.base, first.id, finished)).result.messages).toEqual([]);
    const [{ revision: before }] = await runSql<{ revision: number }>(shop.db, 'SELECT revision FROM catalog_revision WHERE id = 1');
    const second = await start(
      shop.base,
      templateFile([
        ...codes.map((code, i) => ({ name: `Batch Update Paint ${i}`, description: i === 7 ? 'The version before.' : 'The version after.', price: i === 7 ? '10' : '12.5', sku: code.toLowerCase(), stockQuantity: i === 7 ? '3' : '' })),
        { name: 'Batch Update New Paint', description: 'Created beside the updates.', price: '8', sku: sku('BUPDNEW') },
      ]),
    );
    const done = await waitFor(shop.base, second.id, finished);
    expect(done.result).toMatchObject({ created: 1, updated: 29, unchanged: 1, failed: 0, success: 31 });
    for (const [i, code] of codes.entries()) {
      const row = await productBySku(shop.db, code);
      expect(row).toMatchObject(i === 7 ? { description: 'The version before.', price_cents: 1000 } : { description: 'The version after.', price_cents: 1250, sku: code });
      expect(Number(row!.stock_quantity)).toBe(3);
      expect(Number(row!.version)).toBe(i === 7 ? 1 : 2);
      const audit = await runSql<{ action: string; before_json: string | null; after_json: string }>(shop.db, `SELECT action, before_json, after_json FROM audit_log WHERE entity_id = ${q(String(row!.id))} ORDER BY at`);
      expect(audit.map((a) => a.action)).toEqual(i === 7 ? ['product.create'] : ['product.create', 'product.update']);
      if (i !== 7) {
        expect(JSON.parse(audit[1]!.before_json!)).toMatchObject({ description: 'The version before.', price: 10, version: 1 });
        expect(JSON.parse(audit[1]!.after_json)).toMatchObject({ description: 'The version after.', price: 12.5, version: 2, importJob: second.id });
        // What changed and what names the product, not the whole product twice.
        for (const side of [audit[1]!.before_json!, audit[1]!.after_json]) {
          expect(JSON.parse(side)).toMatchObject({ name: `Batch Update Paint ${i}`, sku: code });
          expect(JSON.parse(side)).not.toHaveProperty('category');
          expect(JSON.parse(side)).not.toHaveProperty('technicalSpecs');
        }
      }
    }
    const [{ revision: after }] = await runSql<{ revision: number }>(shop.db, 'SELECT revision FROM catalog_revision WHERE id = 1');
    expect(Number(after)).toBeGreaterThan(Number(before));
  });

  it('refuses a second row of the batch that takes a slug another row just took', async () => {
    const [a, b] = [sku('SLUGA'), sku('SLUGB')];
    await waitFor(shop.base, (await start(shop.base, templateFile([{ name: 'Slug One Paint', description: 'The first slug paint.', price: '3', sku: a }, { name: 'Slug Two Paint', description: 'The second slug paint.', price: '3', sku: b }]))).id, finished);
    const slug = `shared-slug-${a.toLowerCase()}`;
    const job = await start(shop.base, templateFile([{ name: 'Slug One Paint', description: 'The first slug paint.', price: '3', sku: a, slug }, { name: 'Slug Two Paint', description: 'The second slug paint.', price: '3', sku: b, slug }]));
    const done = await waitFor(shop.base, job.id, finished);
    expect(done.result).toMatchObject({ updated: 1, failed: 1 });
    expect(done.result.errors[0]).toMatchObject({ row: 3, product: 'Slug Two Paint' });
    expect((await productBySku(shop.db, a))!.slug).toBe(slug);
  });
});

describe('a checked dry run started without sending the file again', () => {
  it('starts the stored file of a finished dry run as the import, once; the preview shows its first rows in template fields', async () => {
    const codes = [sku('CHK1'), sku('CHK2')];
    const file = templateFile([
      { name: 'Checked Paint One', description: 'The first checked row.', price: '7.5', sku: codes[0], category: 'Diamond Collection', brand: 'Harbour', stockQuantity: '4' },
      { name: 'Checked Paint Two', description: 'The second checked row.', price: '9', sku: codes[1] },
      { name: 'Checked Refused Paint', description: '', price: '9' },
    ]);
    const dry = await waitFor(shop.base, (await start(shop.base, file, { dryRun: true, name: 'checked.csv' })).id, finished);
    expect(dry.result).toMatchObject({ created: 2, failed: 1 });
    expect(dry.startable).toBe(true);
    expect(dry.preview).toEqual([
      { row: 2, fields: { name: 'Checked Paint One', description: 'The first checked row.', price: '7.5', sku: codes[0], category: 'Diamond Collection', brand: 'Harbour', stockQuantity: '4' } },
      { row: 3, fields: { name: 'Checked Paint Two', description: 'The second checked row.', price: '9', sku: codes[1] } },
      { row: 4, fields: { name: 'Checked Refused Paint', price: '9' } },
    ]);
    expect(await productBySku(shop.db, codes[0]!)).toBeUndefined();

    const response = await call(shop.base, `/api/admin/imports/${dry.id}/start`, { method: 'POST', cookie });
    expect(response.status).toBe(202);
    const job = importJobSchema.parse(await response.json());
    expect(job).toMatchObject({ dryRun: false, fileName: 'checked.csv' });
    expect(job.id).not.toBe(dry.id);
    const done = await waitFor(shop.base, job.id, finished);
    expect(done.result).toMatchObject({ created: 2, failed: 1, total: 3 });
    expect(done.result.messages).toEqual([`Row 4: ${IMPORT_MESSAGES.missingRequired} (Checked Refused Paint)`]);
    expect(await productBySku(shop.db, codes[1]!)).toMatchObject({ name: 'Checked Paint Two', price_cents: 900 });
    const audit = await runSql<{ after_json: string }>(shop.db, `SELECT after_json FROM audit_log WHERE action = 'import.start' AND entity_id = ${q(job.id)}`);
    expect(JSON.parse(audit[0]!.after_json)).toMatchObject({ fileName: 'checked.csv', dryRun: dry.id });

    // Once started, the dry run's file is the import's: a second start finds it gone, and its preview is no more.
    const again = await call(shop.base, `/api/admin/imports/${dry.id}/start`, { method: 'POST', cookie });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: { code: 'conflict', message: IMPORT_MESSAGES.checkedFileGone } });
    const after = await jobOf(shop.base, dry.id);
    expect(after.preview).toBeUndefined();
    expect(after.startable).toBeUndefined();
  });

  it('refuses to start an import that is not a finished dry run (409) and an unknown one (404)', async () => {
    const real = await waitFor(shop.base, (await start(shop.base, templateFile([{ name: 'Not Dry Paint', description: 'A real import, not a dry run.', price: '2', sku: sku('NOTDRY') }]))).id, finished);
    expect(real.preview).toBeUndefined();
    const response = await call(shop.base, `/api/admin/imports/${real.id}/start`, { method: 'POST', cookie });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { code: 'conflict', message: IMPORT_MESSAGES.notStartable } });
    expect((await call(shop.base, '/api/admin/imports/no-such-job/start', { method: 'POST', cookie })).status).toBe(404);
  });

  it('previews a Shopify export in the shop\'s own fields', async () => {
    const shopify = readFileSync(join(FIXTURES, 'shopify', 'shopify_product_template_2023.csv'));
    const dry = await waitFor(shop.base, (await start(shop.base, shopify, { dryRun: true, name: 'shopify.csv' })).id, finished);
    expect(dry.format).toBe('shopify');
    expect(dry.preview!.length).toBeGreaterThan(0);
    for (const { fields } of dry.preview!) {
      expect(fields.name).toBeTruthy();
      expect(Object.keys(fields).every((k) => (TEMPLATE_COLUMNS as readonly string[]).includes(k))).toBe(true);
    }
  });
});

describe('error file, template and export', () => {
  it('lists the refused rows as they were with a reason column; fixed, the file imports', async () => {
    const job = await start(
      shop.base,
      templateFile([
        { name: 'Fine Row Stain', description: 'Imports first time.', price: '3', sku: sku('FINE') },
        { name: 'Broken Row Stain', description: 'Has no price yet.', price: '', sku: sku('BROKEN') },
      ]),
    );
    await waitFor(shop.base, job.id, finished);
    const response = await call(shop.base, `/api/admin/imports/${job.id}/errors.csv`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const text = (await response.text()).replace(/^\ufeff/, '');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(`${TEMPLATE_COLUMNS.join(',')},Import error`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Broken Row Stain');
    expect(lines[1]!.endsWith(`,"${IMPORT_MESSAGES.missingRequired}"`)).toBe(true);
    // Fixed (a price given), the error file itself imports: the reason column is ignored.
    const fixed = text.replace(/Has no price yet\.,,/, 'Has no price yet.,8.75,');
    const again = await waitFor(shop.base, (await start(shop.base, fixed)).id, finished);
    expect(again.result).toMatchObject({ created: 1, failed: 0 });
  });

  it('serves a template generated by the server that imports as it is', async () => {
    const response = await call(shop.base, '/api/admin/imports/template.csv', { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(TEMPLATE_COLUMNS.join(','));
    const job = await waitFor(shop.base, (await start(shop.base, text)).id, finished);
    expect(job.result.failed).toBe(0);
    expect(job.result.success).toBe(2);
  });

  it('exports every live product with formulas neutralised; importing the export changes nothing', async () => {
    const code = sku('FORMULA');
    await waitFor(shop.base, (await start(shop.base, templateFile([{ name: '=HYPERLINK("http://evil")', description: '+cmd|calc launches nothing here.', price: '2', sku: code }]))).id, finished);
    const response = await call(shop.base, '/api/admin/products/export.csv', { cookie });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain(`'+cmd|calc`);
    const products = await runSql(shop.db, 'SELECT * FROM products ORDER BY id');
    const live = products.filter((p) => !(p as { withdrawn_at: unknown }).withdrawn_at).length;
    expect(text.trim().split('\r\n').length).toBeGreaterThan(live);
    const job = await waitFor(shop.base, (await start(shop.base, text)).id, finished, 120_000);
    expect(job.result).toMatchObject({ created: 0, updated: 0, failed: 0, unchanged: live });
    expect(await runSql(shop.db, 'SELECT * FROM products ORDER BY id')).toEqual(products);
  });
});

/** A file of `n` generated products. */
function generated(n: number, tag: string): string {
  return templateFile(Array.from({ length: n }, (_, i) => ({ name: `${tag} Product ${i + 1}`, description: `Generated product number ${i + 1}.`, price: String(1 + (i % 50)), sku: `${tag}-${i + 1}`, stockQuantity: '3' })));
}

describe('pause, resume, cancel', () => {
  it('pauses within a batch, resumes to the exact end, and cancels keeping what was written', async () => {
    const tag = sku('PAUSE');
    const job = await start(shop.base, generated(20_000, tag));
    await waitFor(shop.base, job.id, (j) => j.current > 0, 60_000, cookie);
    const pause = await call(shop.base, `/api/admin/imports/${job.id}/pause`, { method: 'POST', cookie });
    expect(pause.status).toBe(200);
    const pausedAnswer = importJobSchema.parse(await pause.json());
    expect(pausedAnswer.status).toBe('paused');
    // The batch being written when the pause came in still lands (on a loaded machine, later than a
    // fixed wait): wait until the count holds for a second, then it must not move again.
    let paused = await jobOf(shop.base, job.id);
    await expect
      .poll(async () => {
        await new Promise((r) => setTimeout(r, 1_000));
        const before = paused.current;
        paused = await jobOf(shop.base, job.id);
        return paused.current - before;
      }, { timeout: 30_000, interval: 0 })
      .toBe(0);
    await new Promise((r) => setTimeout(r, 1_000));
    const stillPaused = await jobOf(shop.base, job.id);
    expect(stillPaused.current).toBe(paused.current);
    expect(paused.current, JSON.stringify({ answeredAt: pausedAnswer.current, status: paused.status })).toBeLessThan(20_000);
    expect((await call(shop.base, `/api/admin/imports/${job.id}/pause`, { method: 'POST', cookie })).status).toBe(409);

    expect((await call(shop.base, `/api/admin/imports/${job.id}/resume`, { method: 'POST', cookie })).status).toBe(200);
    const done = await waitFor(shop.base, job.id, finished, 120_000);
    expect(done).toMatchObject({ status: 'completed', current: 20_000, percentage: 100 });
    expect(done.result).toMatchObject({ created: 20_000, failed: 0 });
    expect(await countRows(shop.db, 'products', `sku LIKE '${tag}-%'`)).toBe(20_000);
    expect((await call(shop.base, `/api/admin/imports/${job.id}/cancel`, { method: 'POST', cookie })).status).toBe(409);

    const other = sku('CANCEL');
    const second = await start(shop.base, generated(20_000, other));
    await waitFor(shop.base, second.id, (j) => j.current > 0, 60_000);
    const cancel = await call(shop.base, `/api/admin/imports/${second.id}/cancel`, { method: 'POST', cookie });
    expect(cancel.status).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    const cancelled = await jobOf(shop.base, second.id);
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.current).toBeLessThan(20_000);
    // The batch being written when the cancel came in still lands, with its counts in the same
    // transaction (on a loaded machine it can take longer than the wait above): once it is in, the
    // products written are the job's created count.
    await expect
      .poll(async () => {
        const job = await jobOf(shop.base, second.id);
        return (await countRows(shop.db, 'products', `sku LIKE '${other}-%'`)) - job.result.created;
      }, { timeout: 30_000, interval: 200 })
      .toBe(0);
    expect((await jobOf(shop.base, second.id)).result.created).toBeLessThan(20_000);
    expect((await call(shop.base, `/api/admin/imports/${second.id}/resume`, { method: 'POST', cookie })).status).toBe(409);
  }, 300_000);

  it('lets a reopened view find the newest job', async () => {
    const job = await start(shop.base, generated(5, sku('LATEST')));
    const response = await call(shop.base, '/api/admin/imports', { cookie });
    expect(response.status).toBe(200);
    expect((await response.json()).job.id).toBe(job.id);
  });

  it('answers 404 for an unknown job', async () => {
    const response = await call(shop.base, '/api/admin/imports/00000000-0000-0000-0000-000000000000', { cookie });
    expect(response.status).toBe(404);
    expect((await response.json()).error.message).toBe(IMPORT_MESSAGES.notFound);
  });
});

describe('kill -9 in the middle of an import', () => {
  it('restarts and goes on with the job by itself from its last committed batch, ending with exact counts and no duplicate', async () => {
    // Batches of 100 rows: the kill lands mid-import after a few batches, and the restarted server
    // has 6,000 rows to finish rather than 20,000 of the default batch size (the same check, less work).
    const own = await startShop({ IMPORT_BATCH_ROWS: '100' });
    const tag = sku('KILL');
    const rows = 6_000;
    let staff = await staffSignIn(own.base, DEMO.productManager.email, DEMO.productManager.password);
    const job = await start(own.base, generated(rows, tag), { cookie: staff });
    await waitFor(own.base, job.id, (j) => j.current >= 300, 60_000, staff);
    own.server.child.kill('SIGKILL');
    await own.server.exited;
    const [atKill] = await runSql<{ current: number; last_row: number; created: number; status: string }>(own.db, `SELECT current, last_row, created, status FROM import_jobs WHERE id = ${q(job.id)}`);
    expect(atKill!.status).toBe('uploading');
    expect(Number(atKill!.current)).toBeLessThan(rows);
    // Committed batches only: the products written are exactly the rows counted.
    expect(await countRows(own.db, 'products', `sku LIKE '${tag}-%'`)).toBe(Number(atKill!.created));

    const restarted = await startServer({ env: { DATABASE_URL: own.db, SHOP_DEMO: '1', IMPORT_BATCH_ROWS: '100' }, readyTimeoutMs: 120_000 });
    try {
      staff = await staffSignIn(restarted.url, DEMO.productManager.email, DEMO.productManager.password);
      // Nobody presses Resume: the restarted server sees its earlier process gone and takes the job up.
      await waitFor(restarted.url, job.id, (j) => j.current > Number(atKill!.current) || finished(j), 15_000, staff);
      expect(restarted.logLines().find((l) => l.msg === 'import taken over' && l.job === job.id)).toMatchObject({ row: Number(atKill!.last_row) });
      const done = await waitFor(restarted.url, job.id, finished, 180_000, staff);
      expect(done).toMatchObject({ status: 'completed', current: rows });
      expect(done.result).toMatchObject({ created: rows, success: rows, failed: 0 });
      expect(await countRows(own.db, 'products', `sku LIKE '${tag}-%'`)).toBe(rows);
      const [dupes] = await runSql<{ n: number }>(own.db, `SELECT COUNT(*) AS n FROM (SELECT sku FROM products WHERE sku LIKE '${tag}-%' GROUP BY sku HAVING COUNT(*) > 1) d`);
      expect(Number(dupes!.n)).toBe(0);
    } finally {
      await restarted.stop();
    }
  }, 400_000);
});

describe('one process per job (lease)', () => {
  it('a second server on the same database neither runs nor interrupts a job another live server holds', async () => {
    const own = await startShop();
    const other = await startServer({ env: { DATABASE_URL: own.db, SHOP_DEMO: '1' }, readyTimeoutMs: 120_000 });
    try {
      const staff = await staffSignIn(own.base, DEMO.productManager.email, DEMO.productManager.password);
      const tag = sku('LEASE');
      const job = await start(own.base, generated(30_000, tag), { cookie: staff });
      await waitFor(own.base, job.id, (j) => j.current > 0, 60_000, staff);
      const [held] = await runSql<{ lease_owner: string }>(own.db, `SELECT lease_owner FROM import_jobs WHERE id = ${q(job.id)}`);
      expect(held!.lease_owner).toContain(`#${own.server.child.pid}#`);
      // The other server resumes nothing that runs (409), and its sweep leaves the job alone.
      const otherStaff = await staffSignIn(other.url, DEMO.productManager.email, DEMO.productManager.password);
      expect((await call(other.url, `/api/admin/imports/${job.id}/resume`, { method: 'POST', cookie: otherStaff })).status).toBe(409);
      const done = await waitFor(own.base, job.id, finished, 180_000, staff);
      expect(done.result, JSON.stringify({ status: done.status, error: done.errorMessage, current: done.current, messages: done.result.messages })).toMatchObject({ created: 30_000, failed: 0 });
      expect(await countRows(own.db, 'products', `sku LIKE '${tag}-%'`)).toBe(30_000);
    } finally {
      await other.stop();
      await own.server.stop();
    }
  }, 300_000);
});

/** Imports a fixture file and returns its finished job. */
async function importFixture(file: string, dryRun = false): Promise<ImportJob> {
  const job = await start(shop.base, readFileSync(join(FIXTURES, file)), { name: file.split('/').pop(), dryRun });
  return waitFor(shop.base, job.id, finished);
}

describe('other platforms: each fixture file and what it gives', () => {
  // [file, format recognised, products it gives, rows refused, a product it must give]
  const cases: [string, string, number, number, string][] = [
    // Variant rows become products 'Title - Option values'; an image-only row adds none; compare-at equal to the price is no former price.
    ['shopify/shopify_product_template_2023.csv', 'shopify', 16, 0, 'Example T-Shirt - Green / S'],
    // Excel re-saved (barcodes mangled to 3.65275E+11): the same products.
    ['shopify/shopify_product_template_excel_resaved.csv', 'shopify', 16, 0, 'Example T-Shirt - Green / S'],
    ['shopify/shopify_product_template_2025_new_headers.csv', 'shopify', 15, 0, 'Physical Product “The Band” T-Shirt - Small / green'],
    // The legacy sample has no description (Body (HTML) empty): every row is refused with the spec's message.
    ['shopify/shopify_product_template_legacy.csv', 'shopify', 0, 3, ''],
    // 'variable' parents add no product; their variations take the parent's description; a grouped product without a price is refused.
    ['woocommerce/woocommerce_sample_products.csv', 'woocommerce', 22, 1, 'Hoodie with Logo'],
    ['woocommerce/classic-commerce_sample_products.csv', 'woocommerce', 21, 1, 'Hoodie with Pocket and  Logo'],
    // Rows without a name continue the product above (padded cells and quotes trimmed, `|` lists).
    // Two SKUs appear twice in the file: the later rows are refused ('This SKU appears on an earlier row of the same file.').
    ['vendure/vendure_products.csv', 'vendure', 86, 2, 'Laptop - 13 inch / 8GB'],
    ['vendure/vendure_e2e-products-full.csv', 'vendure', 34, 0, 'Laptop - 15 inch / 8GB'],
    ['vendure/vendure_invalid-columns.csv', 'vendure', 4, 0, 'Artists Smock - small / beige'],
    ['vendure/vendure_invalid-option-values.csv', 'vendure', 4, 0, 'Artists Smock - large / beige'],
    // A ragged row (cells shifted, no price) is refused; the blank line is skipped.
    ['vendure/vendure_invalid-row-length.csv', 'vendure', 2, 1, 'Mabef M/02 Studio Easel'],
    // name:en is read, the other language ignored.
    ['vendure/vendure_multiple-languages.csv', 'vendure', 3, 0, 'Perfect Paper Stretcher - Half Imperial'],
    ['medusa/medusa_exported-products-comma.csv', 'medusa', 3, 0, 'Base product - large / green'],
    // The same export with semicolons, sniffed from the bytes.
    ['medusa/medusa_exported-products-semicolon.csv', 'medusa', 3, 0, 'Base product - small / green'],
    ['medusa/medusa_invalid-prices.csv', 'medusa', 1, 0, 'Proposed product - large / green'],
    ['medusa/medusa_v1-template.csv', 'medusa', 4, 1, 'Test product - option 1 value red / option 2 value 1'],
  ];
  for (const [file, format, created, failed, name] of cases) {
    it(`${file}: ${format}, ${created} products, ${failed} refused`, async () => {
      const job = await importFixture(file, true);
      expect(job.format).toBe(format);
      expect({ products: job.result.created + job.result.updated + job.result.unchanged, failed: job.result.failed }).toEqual({ products: created, failed });
      for (const message of job.result.errors.map((e) => e.message)) expect([IMPORT_MESSAGES.missingRequired, IMPORT_MESSAGES.duplicateSku]).toContain(message);
      // Files naming http(s) images are checked by the dry run only: these tests run without the internet.
      if (name && !readFileSync(join(FIXTURES, file), 'utf8').includes('http')) {
        const real = await importFixture(file);
        expect(real.result.created + real.result.updated + real.result.unchanged).toBe(created);
        const [row] = await runSql<{ n: number }>(shop.db, `SELECT COUNT(*) AS n FROM products WHERE name = ${q(name)}`);
        expect(Number(row!.n)).toBeGreaterThanOrEqual(1);
      }
    });
  }
});

describe('images in the CSV', () => {
  let images: Server;
  let origin = '';
  const hits = new Map<string, number>();
  const hitTimes = new Map<string, number[]>();
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();

  beforeAll(async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f4f7a' } }).png().toBuffer();
    images = createServer((req, res) => {
      const path = req.url ?? '/';
      const n = (hits.get(path) ?? 0) + 1;
      hits.set(path, n);
      hitTimes.set(path, [...(hitTimes.get(path) ?? []), Date.now()]);
      // Slow answers, counted while in flight per test tag: how many the import asks for at once.
      const slow = /^\/slow-(.+)-\d+\.png$/.exec(path);
      if (slow) {
        const group = slow[1]!;
        inFlight.set(group, (inFlight.get(group) ?? 0) + 1);
        peak.set(group, Math.max(peak.get(group) ?? 0, inFlight.get(group)!));
        setTimeout(() => {
          inFlight.set(group, inFlight.get(group)! - 1);
          res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        }, 300);
        return;
      }
      if (path.startsWith('/down')) return res.writeHead(503).end();
      if (path.startsWith('/ok')) return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      // Fails twice (a flaky host), then answers.
      if (path.startsWith('/flaky')) return n <= 2 ? res.writeHead(503).end() : res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      if (path.startsWith('/text')) return res.writeHead(200, { 'content-type': 'image/png' }).end('not an image at all');
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(images.address() as { port: number }).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => images.close(() => resolve())));

  it('fetches 3 images at a time, retries 3 times with delays from 1 s doubling, and never a private address without the allow-list', async () => {
    const tag = sku('REMOTE');
    const slow = Array.from({ length: 6 }, (_, i) => `${origin}/slow-${tag}-${i}.png`);
    const job = await start(
      shop.base,
      templateFile([
        ...slow.map((url, i) => ({ name: `Slow Image ${i}`, description: 'Its host answers slowly.', price: '5', sku: `${tag}-${i}`, image: url })),
        { name: 'Always Failing Image', description: 'Its host always fails.', price: '5', sku: `${tag}-down`, image: `${origin}/down-${tag}.png` },
      ]),
    );
    const done = await waitFor(shop.base, job.id, finished, 90_000);
    expect(done.result).toMatchObject({ created: 6, failed: 1 });
    expect(peak.get(tag)).toBe(3);
    // One try and 3 retries, 1 s, 2 s and 4 s apart.
    const times = hitTimes.get(`/down-${tag}.png`)!;
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(950);
    expect(gaps[1]).toBeGreaterThanOrEqual(1950);
    expect(gaps[2]).toBeGreaterThanOrEqual(3950);
    expect(done.result.errors[0]!.message.startsWith(IMPORT_MESSAGES.imageFailed)).toBe(true);

    // The shared server names 127.0.0.1 in IMPORT_ALLOWED_HOSTS; without it the same address is refused, never fetched.
    const strict = await startShop({}, shop.db);
    try {
      const staff = await staffSignIn(strict.base, DEMO.productManager.email, DEMO.productManager.password);
      const path = `/ok-private-${tag}.png`;
      const refused = await waitFor(strict.base, (await start(strict.base, templateFile([{ name: 'Loopback Image', description: 'Points at this machine.', price: '5', sku: `${tag}-lo`, image: `${origin}${path}` }]), { cookie: staff })).id, finished, 60_000, staff);
      expect(refused.result).toMatchObject({ created: 0, failed: 1 });
      expect(refused.result.errors[0]!.message.startsWith(IMPORT_MESSAGES.imageFailed)).toBe(true);
      expect(hits.get(path)).toBeUndefined();
    } finally {
      await strict.server.stop();
    }
  }, 180_000);

  it('processes files of IMPORT_IMAGE_DIR named by path like uploads, once per file per job; paths resolving outside it fail their row', async () => {
    const tag = sku('LOCAL').toLowerCase();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#7a1f4f' } }).png().toBuffer();
    const outside = mkdtempSync(join(tmpdir(), 'outside-images-'));
    mkdirSync(join(imageDir, `sub-${tag}`));
    writeFileSync(join(imageDir, `good-${tag}.png`), png);
    writeFileSync(join(imageDir, `sub-${tag}`, `also-${tag}.png`), png);
    writeFileSync(join(imageDir, `bad-${tag}.png`), 'not an image at all');
    writeFileSync(join(outside, `secret-${tag}.png`), png);
    symlinkSync(join(outside, `secret-${tag}.png`), join(imageDir, `link-${tag}.png`));
    const rows = [
      { name: 'Local Image One', description: 'A relative path.', price: '5', sku: `${tag}-1`, image: `good-${tag}.png`, gallery: `sub-${tag}/also-${tag}.png` },
      { name: 'Local Image Two', description: 'The same file, absolute.', price: '5', sku: `${tag}-2`, image: join(imageDir, `good-${tag}.png`), gallery: pathToFileURL(join(imageDir, `sub-${tag}`, `also-${tag}.png`)).href },
      { name: 'Escaping Image', description: 'Climbs out of the folder.', price: '5', sku: `${tag}-3`, image: `../${outside.split('/').pop()}/secret-${tag}.png` },
      { name: 'Symlinked Image', description: 'A link pointing outside.', price: '5', sku: `${tag}-4`, image: `link-${tag}.png` },
      { name: 'File URL Outside', description: 'A file URL elsewhere.', price: '5', sku: `${tag}-5`, image: pathToFileURL(join(outside, `secret-${tag}.png`)).href },
      { name: 'Missing Image File', description: 'No such file.', price: '5', sku: `${tag}-6`, image: `missing-${tag}.png` },
      { name: 'Text Image File', description: 'Not an image.', price: '5', sku: `${tag}-7`, image: `bad-${tag}.png` },
      { name: 'Site Path Image', description: 'A path of the shop itself.', price: '5', sku: `${tag}-8`, image: '/images/generated/logos/graphene-coatings.svg' },
    ];
    const outsideMessage = `${IMPORT_MESSAGES.imageFailed} ${IMPORT_MESSAGES.imageOutsideFolder}`;
    const missingMessage = `${IMPORT_MESSAGES.imageFailed} ${IMPORT_MESSAGES.imageFileMissing}`;

    // A dry run refuses the same paths, stores nothing.
    const mediaBefore = await countRows(shop.db, 'media');
    const dry = await waitFor(shop.base, (await start(shop.base, templateFile(rows), { dryRun: true })).id, finished, 60_000);
    expect(dry.result.errors.map((e) => [e.row, e.message])).toEqual([[4, outsideMessage], [5, outsideMessage], [6, outsideMessage], [7, missingMessage]]);
    expect(await countRows(shop.db, 'media')).toBe(mediaBefore);

    const done = await waitFor(shop.base, (await start(shop.base, templateFile(rows))).id, finished, 60_000);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ created: 3, failed: 5 });
    expect(done.metrics).toMatchObject({ totalImages: 3, uploadedImages: 2 });
    expect(done.result.errors.map((e) => [e.row, e.message])).toEqual([
      [4, outsideMessage],
      [5, outsideMessage],
      [6, outsideMessage],
      [7, missingMessage],
      [8, `${IMPORT_MESSAGES.imageFailed} ${MEDIA_MESSAGES.invalidType}`],
    ]);
    const one = await productBySku(shop.db, `${tag}-1`);
    const two = await productBySku(shop.db, `${tag}-2`);
    expect(String(one!.image)).toMatch(/^\/media\/[0-9a-f]{32}-/);
    // The same file named two ways is processed once.
    expect(two!.image).toBe(one!.image);
    expect(JSON.parse(String(two!.gallery))).toEqual(JSON.parse(String(one!.gallery)));
    expect(await countRows(shop.db, 'media', `original_name = ${q(`good-${tag}.png`)}`)).toBe(1);
    expect((await fetch(`${shop.base}${String(one!.image)}`)).status).toBe(200);
    expect((await productBySku(shop.db, `${tag}-8`))!.image).toBe('/images/generated/logos/graphene-coatings.svg');
    expect(await countRows(shop.db, 'media', `original_name = ${q(`secret-${tag}.png`)}`)).toBe(0);
  }, 120_000);

  it('stores http(s) images through the media pipeline, once per URL per job, retrying a flaky host; a bad image fails only its row', async () => {
    const good = sku('IMG');
    const job = await start(
      shop.base,
      templateFile([
        { name: 'Image Row One', description: 'Has a good image.', price: '5', sku: `${good}-1`, image: `${origin}/ok.png`, gallery: `${origin}/ok-2.png` },
        { name: 'Image Row Two', description: 'Shares the same image.', price: '5', sku: `${good}-2`, image: `${origin}/ok.png` },
        { name: 'Flaky Image Row', description: 'Its host fails twice.', price: '5', sku: `${good}-3`, image: `${origin}/flaky.png` },
        { name: 'Missing Image Row', description: 'Its image is gone.', price: '5', sku: `${good}-4`, image: `${origin}/gone.png` },
        { name: 'Text Image Row', description: 'Its image is text.', price: '5', sku: `${good}-5`, image: `${origin}/text.png` },
        { name: 'Private Image Row', description: 'Points inside the network.', price: '5', sku: `${good}-6`, image: 'http://169.254.169.254/latest/meta-data.png' },
      ]),
    );
    const done = await waitFor(shop.base, job.id, finished, 60_000);
    expect(done.status).toBe('completed');
    expect(done.result).toMatchObject({ created: 3, failed: 3 });
    expect(done.metrics).toMatchObject({ totalImages: 6, uploadedImages: 3 });
    expect(hits.get('/ok.png')).toBe(1);
    expect(hits.get('/flaky.png')).toBe(3);
    expect(hits.get('/gone.png')).toBe(1);
    expect(done.result.errors.map((e) => e.row)).toEqual([5, 6, 7]);
    for (const e of done.result.errors) expect(e.message.startsWith(IMPORT_MESSAGES.imageFailed)).toBe(true);
    const one = await productBySku(shop.db, `${good}-1`);
    const two = await productBySku(shop.db, `${good}-2`);
    expect(String(one!.image)).toMatch(/^\/media\/[0-9a-f]{32}-/);
    expect(two!.image).toBe(one!.image);
    expect(JSON.parse(String(one!.gallery))[0]).toMatch(/^\/media\//);
    expect((await fetch(`${shop.base}${String(one!.image)}`)).status).toBe(200);
  }, 120_000);
});
