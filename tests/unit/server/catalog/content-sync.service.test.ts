import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../../../src/lib/schemas/catalog';
import { recordAudit } from '../../../../src/server/audit/audit.service';
import { exportCatalogToContent, formatContentJson, getProduct, seedCatalogFromContent } from '../../../../src/server/catalog/catalog.service';
import { selectCatalogRevision } from '../../../../src/server/catalog/catalog.repository';
import { listContentConflicts, resolveContentConflict } from '../../../../src/server/catalog/content-conflicts.service';
import { getLastContentSync, syncCatalogFromContent } from '../../../../src/server/catalog/content-sync.service';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import type { ProductsTable } from '../../../../src/server/db/schema';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const STAFF = { id: 'staff-1', name: 'Priya Shah' };
const A = 'dc-ultra-interior-eggshell-1g';
const B = 'dc-ultra-interior-eggshell-5g';
const FILE = 'diamond-collection.json';

let handle: DatabaseHandle;
let contentDir: string;

/** The products of one content file. */
function readList(file = FILE): Product[] {
  return JSON.parse(readFileSync(join(contentDir, 'products', file), 'utf8')) as Product[];
}

/** Edits content as an editor would: changes one product of a file (undefined removes it) or appends one. */
function editContent(id: string, change: ((p: Product) => Product | undefined) | Product, file = FILE): void {
  const list = readList(file);
  const next = typeof change === 'function' ? list.flatMap((p) => (p.id === id ? (change(p) ?? []) : [p])) : [...list, change];
  writeFileSync(join(contentDir, 'products', file), formatContentJson(next));
}

/** A staff edit: the row's columns changed and audited as a staff member's. */
async function staffEdit(id: string, columns: Partial<ProductsTable>): Promise<void> {
  await handle.db.updateTable('products').set(columns).where('id', '=', id).execute();
  await recordAudit(handle.db, STAFF, { action: 'product.update', entityType: 'product', entityId: id, after: columns }, new Date());
}

async function product(id: string): Promise<Product> {
  const p = await getProduct(handle.db, id);
  if (!p) throw new Error(`no product ${id}`);
  return p;
}

async function version(id: string): Promise<number> {
  return Number((await handle.db.selectFrom('products').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
}

beforeEach(async () => {
  contentDir = join(mkdtempSync(join(tmpdir(), 'shop-sync-')), 'content');
  cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-sync-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
  await seedCatalogFromContent(handle.db, contentDir);
});

afterEach(async () => {
  await handle.close();
});

describe('syncCatalogFromContent', () => {
  it('changes nothing on a freshly seeded catalogue and records every item as base, once', async () => {
    const revision = await selectCatalogRevision(handle.db);
    const result = await syncCatalogFromContent(handle.db, contentDir);
    expect(result.changes).toEqual([]);
    expect(await selectCatalogRevision(handle.db)).toBe(revision);
    const bases = await handle.db.selectFrom('content_base').select(['entity_type', 'synced_at']).execute();
    expect(bases.filter((b) => b.entity_type === 'category')).toHaveLength(9);
    expect(bases.length).toBeGreaterThan(100);
    await syncCatalogFromContent(handle.db, contentDir, { now: new Date(Date.now() + 60_000) });
    const again = await handle.db.selectFrom('content_base').select('synced_at').execute();
    expect(again.map((b) => b.synced_at)).toEqual(bases.map((b) => b.synced_at));
  });

  it('applies the editor\u2019s description and other price while keeping the staff\u2019s price, as new versions audited as content', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    await staffEdit(A, { price_cents: 4599 });
    editContent(A, (p) => ({ ...p, description: 'An eggshell finish that now resists scuffs as well as stains.' }));
    editContent(B, (p) => ({ ...p, price: 249.99 }));
    const before = { a: await version(A), b: await version(B) };
    const result = await syncCatalogFromContent(handle.db, contentDir);
    expect(result.products.updated).toBe(2);
    expect(result.conflicts).toEqual({ new: 0, open: 0 });
    expect(await product(A)).toMatchObject({ price: 45.99, description: 'An eggshell finish that now resists scuffs as well as stains.' });
    expect((await product(B)).price).toBe(249.99);
    expect(await version(A)).toBeGreaterThan(before.a);
    expect(await version(B)).toBeGreaterThan(before.b);
    const audit = await handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'content.product.update').execute();
    expect(audit.map((a) => [a.entity_id, a.actor_name, a.actor_id]).sort()).toEqual([
      [A, 'content', null],
      [B, 'content', null],
    ]);
    expect(JSON.parse(audit.find((a) => a.entity_id === B)!.after_json!)).toEqual({ price: 249.99 });
  });

  it('records a conflict when both change one price, applies nothing for it, and lets staff take either side', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    const original = (await product(A)).price;
    await staffEdit(A, { price_cents: 4599 });
    editContent(A, (p) => ({ ...p, price: 59.99 }));
    const result = await syncCatalogFromContent(handle.db, contentDir);
    expect(result.conflicts).toEqual({ new: 1, open: 1 });
    expect((await product(A)).price).toBe(45.99);
    const { conflicts, lastSync } = await listContentConflicts(handle.db);
    expect(conflicts).toEqual([expect.objectContaining({ productId: A, field: 'price', base: original, content: 59.99, live: 45.99 })]);
    expect(lastSync).toMatchObject({ conflicts: { new: 1, open: 1 } });
    // A restart finds the same conflict, not a second one.
    expect((await syncCatalogFromContent(handle.db, contentDir)).conflicts).toEqual({ new: 0, open: 1 });

    await resolveContentConflict(handle.db, conflicts[0]!.id, { take: 'content' }, STAFF);
    expect((await product(A)).price).toBe(59.99);
    expect((await listContentConflicts(handle.db)).conflicts).toEqual([]);
    const audit = await handle.db.selectFrom('audit_log').selectAll().where('action', '=', 'product.content_conflict').executeTakeFirstOrThrow();
    expect(audit.actor_name).toBe('Priya Shah');
    await expect(resolveContentConflict(handle.db, conflicts[0]!.id, { take: 'live' }, STAFF)).rejects.toMatchObject({ status: 404 });
    expect((await syncCatalogFromContent(handle.db, contentDir)).changes).toEqual([]);
  });

  it('keeps the live price when staff keep it, and the next sync leaves it alone', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    await staffEdit(A, { price_cents: 4599 });
    editContent(A, (p) => ({ ...p, price: 59.99 }));
    await syncCatalogFromContent(handle.db, contentDir);
    const [conflict] = (await listContentConflicts(handle.db)).conflicts;
    await resolveContentConflict(handle.db, conflict!.id, { take: 'live' }, STAFF);
    expect((await product(A)).price).toBe(45.99);
    expect((await syncCatalogFromContent(handle.db, contentDir)).changes).toEqual([]);
    expect((await product(A)).price).toBe(45.99);
  });

  it('drops a conflict that became moot: staff set the editor\u2019s value themselves', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    await staffEdit(A, { price_cents: 4599 });
    editContent(A, (p) => ({ ...p, price: 59.99 }));
    await syncCatalogFromContent(handle.db, contentDir);
    await staffEdit(A, { price_cents: 5999 });
    expect((await syncCatalogFromContent(handle.db, contentDir)).conflicts.open).toBe(0);
  });

  it('never takes stock from content', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    const stock = (await product(A)).stockQuantity;
    editContent(A, (p) => ({ ...p, stockQuantity: 3 }));
    expect((await syncCatalogFromContent(handle.db, contentDir)).changes).toEqual([]);
    expect((await product(A)).stockQuantity).toBe(stock);
  });

  it('creates a product new in content, withdraws one removed that staff left alone, and asks about one staff changed', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    const template = await product(A);
    editContent('', { ...template, id: 'dc-new-primer', slug: 'dc-new-primer', sku: 'DC-NEW-PRIMER', name: 'Diamond New Primer' });
    editContent(A, () => undefined);
    const list = readList();
    const C = list[2]!.id;
    await staffEdit(C, { name: 'Renamed by staff' });
    editContent(C, () => undefined);
    const result = await syncCatalogFromContent(handle.db, contentDir);
    expect(result.products).toMatchObject({ created: 1, withdrawn: 1 });
    expect(await getProduct(handle.db, 'dc-new-primer')).toMatchObject({ name: 'Diamond New Primer' });
    expect(await getProduct(handle.db, A)).toBeUndefined();
    const [conflict] = (await listContentConflicts(handle.db)).conflicts;
    expect(conflict).toMatchObject({ productId: C, field: 'withdrawn', base: false, content: true, live: false });
    // Staff keep it: it is theirs from now on, and no later sync withdraws it.
    await resolveContentConflict(handle.db, conflict!.id, { take: 'live' }, STAFF);
    expect((await syncCatalogFromContent(handle.db, contentDir)).changes).toEqual([]);
    expect(await getProduct(handle.db, C)).toMatchObject({ name: 'Renamed by staff' });
    // Content holds A again: it comes back.
    editContent('', template);
    expect((await syncCatalogFromContent(handle.db, contentDir)).products.restored).toBe(1);
    expect(await getProduct(handle.db, A)).toBeDefined();
  });

  it('never touches a product staff created', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    const row = await handle.db.selectFrom('products').selectAll().where('id', '=', A).executeTakeFirstOrThrow();
    await handle.db.insertInto('products').values({ ...row, id: 'product-1', slug: 'staff-made', sku: 'STAFF-MADE', name: 'Staff made' }).execute();
    await recordAudit(handle.db, STAFF, { action: 'product.create', entityType: 'product', entityId: 'product-1' }, new Date());
    expect((await syncCatalogFromContent(handle.db, contentDir)).changes).toEqual([]);
    expect(await getProduct(handle.db, 'product-1')).toMatchObject({ name: 'Staff made' });
  });

  it('on a database seeded before syncs: takes the content where staff changed nothing, asks about every differing field where they did', async () => {
    await staffEdit(A, { price_cents: 4599 });
    editContent(A, (p) => ({ ...p, name: 'Ultra Interior Eggshell (1 gal)' }));
    editContent(B, (p) => ({ ...p, name: 'Ultra Interior Eggshell (5 gal)' }));
    const result = await syncCatalogFromContent(handle.db, contentDir);
    expect(result.products.updated).toBe(1);
    expect((await product(B)).name).toBe('Ultra Interior Eggshell (5 gal)');
    expect((await product(A)).price).toBe(45.99);
    const conflicts = (await listContentConflicts(handle.db)).conflicts;
    expect(conflicts.map((c) => [c.productId, c.field, c.base]).sort()).toEqual([
      [A, 'name', null],
      [A, 'price', null],
    ]);
  });

  it('merges a category\u2019s fields like a product\u2019s', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    const categories = JSON.parse(readFileSync(join(contentDir, 'categories.json'), 'utf8')) as { id: string; description: string }[];
    categories[0]!.description = 'Edited by the editor.';
    writeFileSync(join(contentDir, 'categories.json'), formatContentJson(categories));
    expect((await syncCatalogFromContent(handle.db, contentDir)).categories.updated).toBe(1);
    const row = await handle.db.selectFrom('categories').select('description').where('id', '=', categories[0]!.id).executeTakeFirstOrThrow();
    expect(row.description).toBe('Edited by the editor.');
  });

  it('asks about a brand both changed, applies the editor\u2019s on Take content\u2019s, and withdraws a product on its removal\u2019s', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    const categories = JSON.parse(readFileSync(join(contentDir, 'categories.json'), 'utf8')) as { id: string; description: string }[];
    const id = categories[0]!.id;
    await handle.db.updateTable('categories').set({ description: 'Staff wording.' }).where('id', '=', id).execute();
    await recordAudit(handle.db, STAFF, { action: 'category.update', entityType: 'category', entityId: id }, new Date());
    categories[0]!.description = 'Editor wording.';
    writeFileSync(join(contentDir, 'categories.json'), formatContentJson(categories));
    await staffEdit(A, { name: 'Renamed by staff' });
    editContent(A, () => undefined);
    await syncCatalogFromContent(handle.db, contentDir);
    const conflicts = (await listContentConflicts(handle.db)).conflicts;
    const onBrand = conflicts.find((c) => c.categoryId === id)!;
    expect(onBrand).toMatchObject({ field: 'description', content: 'Editor wording.', live: 'Staff wording.' });
    await resolveContentConflict(handle.db, onBrand.id, { take: 'content' }, STAFF);
    const row = await handle.db.selectFrom('categories').select('description').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.description).toBe('Editor wording.');
    await resolveContentConflict(handle.db, conflicts.find((c) => c.productId === A)!.id, { take: 'content' }, STAFF);
    expect(await getProduct(handle.db, A)).toBeUndefined();
    expect((await syncCatalogFromContent(handle.db, contentDir)).changes).toEqual([]);
  });

  it('writes nothing in a dry run but says what it would do', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    editContent(B, (p) => ({ ...p, price: 249.99 }));
    const revision = await selectCatalogRevision(handle.db);
    const result = await syncCatalogFromContent(handle.db, contentDir, { dryRun: true });
    expect(result.changes).toEqual([{ entity: 'product', id: B, kind: 'update', fields: ['price'] }]);
    expect(await selectCatalogRevision(handle.db)).toBe(revision);
    expect((await product(B)).price).toBe(239.99);
  });

  it('after an export, a sync of the exported files changes nothing', async () => {
    await syncCatalogFromContent(handle.db, contentDir);
    await staffEdit(A, { price_cents: 4599 });
    editContent(A, (p) => ({ ...p, price: 59.99 }));
    await syncCatalogFromContent(handle.db, contentDir);
    await exportCatalogToContent(handle.db, contentDir);
    expect(readList().find((p) => p.id === A)?.price).toBe(45.99);
    expect((await listContentConflicts(handle.db)).conflicts).toEqual([]);
    const revision = await selectCatalogRevision(handle.db);
    const result = await syncCatalogFromContent(handle.db, contentDir);
    expect(result.changes).toEqual([]);
    expect(await selectCatalogRevision(handle.db)).toBe(revision);
    expect(await getLastContentSync(handle.db)).toMatchObject({ conflicts: { open: 0 } });
  });
});
