// The stale-row guard of an import's batched update, on the lane's real database (SQLite or
// PostgreSQL; no server: the race needs a write between the batch's read of its products and its
// UPDATE, which HTTP cannot time). A staff edit and a sale land in that window; the import never
// writes over a change it did not read.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CATALOG_MESSAGES, productUpdateSchema } from '../../src/lib/schemas/admin-catalog';
import { orderInputSchema } from '../../src/lib/schemas/order';
import type { ImportJob } from '../../src/lib/schemas/admin-imports';
import { updateProductIfVersion } from '../../src/server/catalog/admin-products.repository';
import { toAdminProduct, updateProduct } from '../../src/server/catalog/admin-products.service';
import { resolveDatabaseTarget } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Db } from '../../src/server/customers/customers.repository';
import { ProductIdClock, writeBatch, type BatchContext, type ImportItem } from '../../src/server/imports/import-batch';
import { LocalImportFileStore } from '../../src/server/imports/import-files';
import { ImportRunner } from '../../src/server/imports/import-runner';
import { createImportJob, getImportJob } from '../../src/server/imports/imports.service';
import { createLogger } from '../../src/server/log';
import { takeCountedStock } from '../../src/server/orders/orders.repository';
import { placeOrder } from '../../src/server/orders/orders.service';
import { createTestDatabase, currentLane } from './helpers/lane';

const lane = currentLane();
const actor = { id: null, name: 'Stale Rows Test' };
const folder = mkdtempSync(join(tmpdir(), 'import-stale-'));
let url: string;
let handle: DatabaseHandle;

beforeAll(async () => {
  url = await createTestDatabase();
  handle = openDatabase(resolveDatabaseTarget(url));
  await migrateToLatest(handle.db);
}, 60_000);

afterAll(async () => {
  await handle?.close();
});

/** A template CSV of products: name, description, price, SKU, stock. */
function csv(rows: { name: string; description: string; price: string; sku: string; stock: string }[]): string {
  return ['name,description,price,sku,stockQuantity', ...rows.map((r) => `${r.name},${r.description},${r.price},${r.sku},${r.stock}`)].join('\n') + '\n';
}

/** Runs an import of `text` to its end with `runner`, as the Bulk Upload view starts one. */
async function runImport(runner: ImportRunner, text: string): Promise<ImportJob> {
  const id = crypto.randomUUID();
  writeFileSync(join(folder, `${id}.csv`), text);
  await createImportJob(handle.db, runner, { id, key: `${id}.csv`, name: 'stale.csv', bytes: text.length }, false, actor);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20))) {
    const job = await getImportJob(handle.db, runner.files, id);
    if (['completed', 'error'].includes(job.status)) return job;
  }
  throw new Error(`import ${id} did not finish`);
}

/**
 * Runs `write` once, right after the first query that reads products by SKU has answered: the moment
 * between an import batch's read of its products and its UPDATE. Everything else passes unchanged.
 */
function afterSkuRead(write: () => Promise<void>): KyselyPlugin & { fired: () => boolean } {
  const reads = new Set<unknown>();
  let done = false;
  return {
    fired: () => done,
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (node.kind === 'SelectQueryNode' && JSON.stringify(node).includes('lower(sku)')) reads.add(queryId);
      return node;
    },
    async transformResult({ queryId, result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      if (!done && reads.has(queryId)) {
        done = true;
        await write();
      }
      return result;
    },
  };
}

/** Products of these SKUs by SKU. */
async function productsBySku(skus: string[]) {
  const rows = await handle.db.selectFrom('products').selectAll().where('sku', 'in', skus).execute();
  return new Map(rows.map((r) => [r.sku, r]));
}

/** The import's audit entries of a product. */
function audits(entityId: string) {
  return handle.db.selectFrom('audit_log').select(['action', 'before_json', 'after_json', 'actor_name']).where('entity_id', '=', entityId).where('entity_type', '=', 'product').orderBy('at').orderBy('id').execute();
}

/** Three products of a fresh tag, created by an import: A for a staff edit, B for a sale, C untouched. */
async function threeProducts(tag: string) {
  const skus = ['A', 'B', 'C'].map((k) => `${tag}-${k}`);
  const runner = new ImportRunner({ db: () => handle.db, log: createLogger('warn'), files: new LocalImportFileStore(folder) });
  const created = await runImport(runner, csv(skus.map((sku, i) => ({ name: `Stale Guard Paint ${tag} ${i}`, description: 'As first imported.', price: '10.00', sku, stock: '5' }))));
  await runner.stop();
  expect(created.result).toMatchObject({ created: 3, failed: 0 });
  return skus;
}

/** The second file: every product at a new description, price and stock. */
const secondFile = (tag: string, skus: string[]) => csv(skus.map((sku, i) => ({ name: `Stale Guard Paint ${tag} ${i}`, description: 'As imported again.', price: '12.00', sku, stock: '9' })));

describe(`an import batch's update of existing SKUs (${lane})`, () => {
  it("refuses a product changed by a staff edit or a sale after the batch read it, with the product dialog's stale message, and writes the rest of the batch", async () => {
    // The staff edit and the sale are written inside the batch's own transaction, between its read
    // and its UPDATE: on both databases exactly what a writer committing in that window leaves.
    const tag = `IN${Date.now().toString(36).toUpperCase()}`;
    const skus = await threeProducts(tag);
    const before = await productsBySku(skus);
    const [a, b, c] = skus.map((s) => before.get(s)!);
    const at = new Date().toISOString();
    const items: ImportItem[] = skus.map((sku, i) => ({ row: i + 2, cells: [], fields: { name: `Stale Guard Paint ${tag} ${i}`, description: 'As imported again.', price: '12.00', sku, stockQuantity: '9' } }));
    const ctx: BatchContext = { jobId: crypto.randomUUID(), actor, ids: new ProductIdClock(), brandLogos: new Map(), sourceFiles: new Map() };
    let plugin: ReturnType<typeof afterSkuRead> | undefined;
    const outcome = await handle.db.transaction().execute(async (trx) => {
      plugin = afterSkuRead(async () => {
        expect(await updateProductIfVersion(trx as Db, a!.id, Number(a!.version), { description: 'Edited by staff meanwhile.', updated_at: at })).toBe(true);
        expect(await takeCountedStock(trx as Db, b!.id, 2, at)).toMatchObject({ id: b!.id });
      });
      return writeBatch(trx.withPlugin(plugin), items, ctx, new Date());
    });
    expect(plugin!.fired()).toBe(true);
    expect(outcome).toMatchObject({ success: 1, updated: 1, failed: 2, created: 0 });
    expect(outcome.errors.map((e) => [e.row, e.message, e.product])).toEqual([
      [2, ADMIN_CATALOG_MESSAGES.stale, `Stale Guard Paint ${tag} 0`],
      [3, ADMIN_CATALOG_MESSAGES.stale, `Stale Guard Paint ${tag} 1`],
    ]);
    const after = await productsBySku(skus);
    // The staff edit and the sale stand; the import wrote nothing over them and audited no update of them.
    expect(after.get(skus[0]!)).toMatchObject({ description: 'Edited by staff meanwhile.', price_cents: 1000, version: 2 });
    expect(after.get(skus[1]!)).toMatchObject({ description: 'As first imported.', price_cents: 1000, version: 2 });
    expect(Number(after.get(skus[1]!)!.stock_quantity)).toBe(3);
    expect((await audits(a!.id)).map((e) => e.action)).toEqual(['product.create']);
    expect((await audits(b!.id)).map((e) => e.action)).toEqual(['product.create']);
    // The rest of the batch landed, audited.
    expect(after.get(skus[2]!)).toMatchObject({ description: 'As imported again.', price_cents: 1200, version: 2 });
    expect(Number(after.get(skus[2]!)!.stock_quantity)).toBe(9);
    expect((await audits(c!.id)).map((e) => e.action)).toEqual(['product.create', 'product.update']);
  });

  it("a staff edit or a sale on another connection in that window is never written over, and never writes over the import", async () => {
    // The product dialog's save and an order go through their own services, on a second connection
    // (another server, or this one's pool), while the import's batch is between its read and its UPDATE.
    const tag = `CX${Date.now().toString(36).toUpperCase()}`;
    const skus = await threeProducts(tag);
    const before = await productsBySku(skus);
    const [a, b, c] = skus.map((s) => before.get(s)!);
    const other = openDatabase(resolveDatabaseTarget(url));
    const edit = productUpdateSchema.parse({ ...toAdminProduct(a!), description: 'Edited by staff meanwhile.' });
    const sale = orderInputSchema.parse({
      idempotencyKey: `stale-guard-${tag}`,
      items: [{ productId: b!.id, quantity: 2 }],
      customer: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '07700900123' },
      shippingAddress: { address: '1 High Street', city: 'Leeds', postalCode: 'LS1 1AA', country: 'United Kingdom' },
      payment: { cardName: 'ANN LEE', brand: 'mastercard', last4: '4444', expiryDate: '12/30' },
    });
    let staffSaved: Promise<unknown> = Promise.resolve();
    let sold: Promise<unknown> = Promise.resolve();
    const plugin = afterSkuRead(async () => {
      staffSaved = updateProduct(other.db, a!.id, edit, { id: null, name: 'Staff Editor' }).then(() => 'saved', (err: unknown) => err);
      sold = placeOrder(other.db, sale, { siteUrl: 'http://shop.test' }).then(() => 'sold', (err: unknown) => err);
      // SQLite: both commit now (the batch has only read: it holds no write lock yet). PostgreSQL:
      // both wait for the batch's lock on the catalogue revision, so the batch is not held up here.
      if (lane === 'sqlite') await Promise.all([staffSaved, sold]);
    });
    const runner = new ImportRunner({ db: () => handle.db.withPlugin(plugin), log: createLogger('error'), files: new LocalImportFileStore(folder) });
    try {
      const job = await runImport(runner, secondFile(tag, skus));
      expect(plugin.fired()).toBe(true);
      const [staffOutcome, saleOutcome] = await Promise.all([staffSaved, sold]);
      const after = await productsBySku(skus);
      // Every row of the file is written, on the products as they were when it was written.
      expect(job.result).toMatchObject({ success: 3, updated: 3, failed: 0 });
      expect(after.get(skus[2]!)).toMatchObject({ description: 'As imported again.', price_cents: 1200, version: 2 });
      expect((await audits(c!.id)).map((e) => e.action)).toEqual(['product.create', 'product.update']);
      expect(saleOutcome).toBe('sold');
      if (lane === 'postgres') {
        // PostgreSQL: the staff save and the sale waited for the batch; the staff save then carried
        // a version the import had moved on, and is refused like any stale save (409); the sale took
        // its units from the imported stock.
        expect(staffOutcome).toMatchObject({ status: 409, message: ADMIN_CATALOG_MESSAGES.stale });
        expect(after.get(skus[0]!)).toMatchObject({ description: 'As imported again.', price_cents: 1200, version: 2 });
        expect(after.get(skus[1]!)).toMatchObject({ description: 'As imported again.', price_cents: 1200, version: 3 });
        expect(Number(after.get(skus[1]!)!.stock_quantity)).toBe(7);
        expect(JSON.parse((await audits(a!.id))[1]!.before_json!)).toMatchObject({ description: 'As first imported.', version: 1 });
      } else {
        // SQLite: the save and the sale committed first; a transaction that read before another
        // connection's commit cannot write (SQLITE_BUSY_SNAPSHOT), so the batch rolled back whole and
        // was written again, reading them: the import lands on top, its audit's before is what staff
        // saved and what the sale left.
        expect(staffOutcome).toBe('saved');
        expect(after.get(skus[0]!)).toMatchObject({ description: 'As imported again.', price_cents: 1200, version: 3 });
        // The audit lists the staff save, then the import's update written over it (dated when the
        // batch was written again, after the save: not when it first started).
        const aAudits = await audits(a!.id);
        expect(aAudits.map((e) => [e.action, e.actor_name])).toEqual([
          ['product.create', actor.name],
          ['product.update', 'Staff Editor'],
          ['product.update', actor.name],
        ]);
        const update = aAudits[2]!;
        expect(JSON.parse(update.before_json!)).toMatchObject({ description: 'Edited by staff meanwhile.', version: 2 });
        expect(JSON.parse(update.after_json!)).toMatchObject({ description: 'As imported again.', version: 3 });
        const bUpdate = (await audits(b!.id)).find((e) => e.action === 'product.update' && e.actor_name === actor.name);
        expect(JSON.parse(bUpdate!.before_json!)).toMatchObject({ stockQuantity: 3, version: 2 });
        expect(Number(after.get(skus[1]!)!.stock_quantity)).toBe(9);
      }
    } finally {
      await runner.stop();
      await other.close();
    }
  });
});
