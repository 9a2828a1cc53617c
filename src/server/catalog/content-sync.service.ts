import { basename, dirname } from 'node:path';
import type { Kysely } from 'kysely';
import { productSchema, type Category, type Product } from '../../lib/schemas/catalog';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Db } from '../customers/customers.repository';
import { selectMeta } from '../db/meta.repository';
import type { ContentBaseTable, ContentConflictsTable, Database, ProductsTable } from '../db/schema';
import { lockCatalogRevision } from '../orders/orders.repository';
import { countLiveProductsInCategory, deleteCategory, insertCategory, updateCategory } from './admin-categories.repository';
import { insertProduct } from './admin-products.repository';
import { categoryToColumns, productToColumns, rowToCategory, rowToProduct } from './catalog.rows';
import { readCategoriesFile, readProductFiles } from './content-files';
import {
  CATEGORY_MERGE_FIELDS,
  PRODUCT_MERGE_FIELDS,
  WITHDRAWN_FIELD,
  getField,
  isSameValue,
  mergeItem,
  setField,
  type FieldConflict,
  type Item,
  type ItemOutcome,
} from './content-merge';
import {
  claimContentSync,
  deleteContentBase,
  deleteContentConflict,
  selectContentBases,
  selectContentConflicts,
  selectEveryCategory,
  selectEveryProduct,
  selectStaffChangedIds,
  updateProductColumns,
  upsertContentBases,
  upsertContentConflict,
  type ContentEntity,
} from './content-sync.repository';
import { recordFormerSlug } from './product-slugs.repository';

/** Who the audit log names for changes content/ brought in. */
export const CONTENT_ACTOR: Actor = { id: null, name: 'content' };

/** Meta key holding the last applied sync's result (JSON ContentSyncResult), shown on the overview. */
export const CONTENT_SYNC_LAST_KEY = 'content_sync_last';

/** One thing a sync did (or, in a dry run, would do) to one item. */
export interface ContentSyncChange {
  entity: ContentEntity;
  id: string;
  kind: 'create' | 'update' | 'withdraw' | 'restore' | 'conflict' | 'skip';
  /** The fields applied or in conflict; for 'skip' the reason. */
  fields?: string[];
  reason?: string;
}

/** What one sync did: counts for the log line and the overview, and each change. */
export interface ContentSyncResult {
  at: string;
  dryRun: boolean;
  products: { created: number; updated: number; withdrawn: number; restored: number };
  categories: { created: number; updated: number; removed: number };
  /** Conflicts this sync found that were not open before, and every conflict open after it. */
  conflicts: { new: number; open: number };
  /** Items content changed that could not be applied (a SKU or slug another product holds, a product the merge would make invalid). */
  skipped: number;
  changes: ContentSyncChange[];
}

/** The content folder read: products with their file and position, and categories. */
export interface ContentSnapshot {
  products: { product: Product; file: string; position: number }[];
  categories: Category[];
}

/** Reads and validates content/ (`contentDir` ends in /content); a bad file throws ContentError naming it. */
export function readContentSnapshot(contentDir: string): ContentSnapshot {
  const root = dirname(contentDir);
  const positions = new Map<string, number>();
  const products = readProductFiles(root).map(({ product, file }) => {
    const name = basename(file);
    const position = positions.get(name) ?? 0;
    positions.set(name, position + 1);
    return { product, file: name, position };
  });
  return { products, categories: readCategoriesFile(root) };
}

/** JSON text of a value for a conflict column; null for an absent value. */
function toJsonColumn(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** Options of a sync. */
export interface SyncOptions {
  dryRun?: boolean;
  now?: Date;
}

/** An empty result. */
function emptyResult(at: string, dryRun: boolean): ContentSyncResult {
  return {
    at,
    dryRun,
    products: { created: 0, updated: 0, withdrawn: 0, restored: 0 },
    categories: { created: 0, updated: 0, removed: 0 },
    conflicts: { new: 0, open: 0 },
    skipped: 0,
    changes: [],
  };
}

/**
 * Merges content/ into the catalogue (see content-merge.ts for the rules) in one transaction that
 * only one process runs at a time: content-only changes applied as new product versions audited as
 * 'content', conflicts recorded, the content recorded as the new base, the result kept in meta.
 * A dry run reads and decides the same, and writes nothing.
 */
export async function syncCatalogFromContent(db: Kysely<Database>, contentDir: string, options: SyncOptions = {}): Promise<ContentSyncResult> {
  // Read and validate before the transaction: a bad content file names file and field.
  const content = readContentSnapshot(contentDir);
  const now = options.now ?? new Date();
  if (options.dryRun) return mergeContentInto(db, content, now, true);
  return db.transaction().execute(async (trx) => {
    await claimContentSync(trx, now.toISOString());
    return mergeContentInto(trx, content, now, false);
  });
}

/**
 * The merge of a content snapshot into the catalogue inside a transaction that holds the sync's
 * claim (claimContentSync); `dryRun` decides without writing.
 */
export async function mergeContentInto(db: Db, content: ContentSnapshot, now: Date, dryRun: boolean): Promise<ContentSyncResult> {
  const at = now.toISOString();
  const result = emptyResult(at, dryRun);
  if (!dryRun) await lockCatalogRevision(db);
  const openBefore = await selectContentConflicts(db);
  const openKeys = new Set(openBefore.map((c) => `${c.entity_type}\u0000${c.entity_id}\u0000${c.field}`));
  const found: ContentConflictsTable[] = [];
  const bases: ContentBaseTable[] = [];
  const forget: { entity: ContentEntity; id: string }[] = [];
  /** Items as they are after the sync, for the moot-conflict check. */
  const after = { product: new Map<string, { item: Item; withdrawn: boolean }>(), category: new Map<string, { item: Item; withdrawn: boolean }>() };
  const contentItems = { product: new Map<string, Item>(), category: new Map<string, Item>() };

  const noteConflicts = (entity: ContentEntity, id: string, conflicts: FieldConflict[]) => {
    if (conflicts.length === 0) return;
    result.changes.push({ entity, id, kind: 'conflict', fields: conflicts.map((c) => c.field) });
    for (const c of conflicts) {
      if (!openKeys.has(`${entity}\u0000${id}\u0000${c.field}`)) result.conflicts.new++;
      found.push({
        id: crypto.randomUUID(),
        entity_type: entity,
        entity_id: id,
        field: c.field,
        base_json: toJsonColumn(c.base),
        content_json: toJsonColumn(c.content),
        live_json: toJsonColumn(c.live),
        created_at: at,
        updated_at: at,
      });
    }
  };
  const noteBase = (entity: ContentEntity, id: string, outcome: ItemOutcome, recorded: ContentBaseTable | undefined, place?: { file: string; position: number }) => {
    if (outcome.base === undefined) {
      if (recorded) forget.push({ entity, id });
      return;
    }
    const row: ContentBaseTable = {
      entity_type: entity,
      entity_id: id,
      base_json: outcome.base === null ? null : JSON.stringify(outcome.base),
      source_file: outcome.base === null ? (recorded?.source_file ?? null) : (place?.file ?? null),
      position: outcome.base === null ? (recorded?.position ?? null) : (place?.position ?? null),
      synced_at: at,
    };
    const unchanged =
      recorded &&
      recorded.base_json === row.base_json &&
      (recorded.source_file ?? null) === row.source_file &&
      (recorded.position === null ? null : Number(recorded.position)) === row.position;
    if (unchanged) return;
    bases.push(row);
  };

  // Categories first: products name them.
  {
    const [rows, recorded, staffChanged] = await Promise.all([selectEveryCategory(db), selectContentBases(db, 'category'), selectStaffChangedIds(db, 'category')]);
    const live = new Map(rows.map((r) => [r.id, r]));
    const fromContent = new Map(content.categories.map((c) => [c.id, c as unknown as Item]));
    for (const [id, item] of fromContent) contentItems.category.set(id, item);
    const ids = new Set([...fromContent.keys(), ...live.keys(), ...[...recorded.keys()]]);
    for (const id of ids) {
      const row = live.get(id);
      const liveItem = row ? (rowToCategory(row) as unknown as Item) : undefined;
      const base = recorded.get(id);
      const contentItem = fromContent.get(id);
      const outcome = mergeItem(CATEGORY_MERGE_FIELDS, {
        base: base === undefined ? undefined : base.base_json === null ? null : (JSON.parse(base.base_json) as Item),
        content: contentItem,
        live: liveItem,
        liveWithdrawn: false,
        staffChanged: staffChanged.has(id),
      });
      let state = liveItem ? { item: liveItem, withdrawn: false } : undefined;
      if (outcome.kind === 'create' || outcome.kind === 'restore') {
        const category = outcome.value as unknown as Category;
        if (rows.some((r) => r.id !== id && r.name.toLowerCase() === category.name.toLowerCase())) {
          result.skipped++;
          result.changes.push({ entity: 'category', id, kind: 'skip', reason: `another category is named '${category.name}'` });
          continue;
        }
        if (!dryRun) {
          await insertCategory(db, categoryToColumns(category));
          await recordAudit(db, CONTENT_ACTOR, { action: 'content.category.create', entityType: 'category', entityId: id, after: category }, now);
        }
        result.categories.created++;
        result.changes.push({ entity: 'category', id, kind: 'create' });
        state = { item: outcome.value, withdrawn: false };
      } else if (outcome.kind === 'update') {
        let merged = liveItem!;
        for (const [field, value] of Object.entries(outcome.changes)) merged = setField(merged, field, value);
        const category = merged as unknown as Category;
        const contentStamp = String(contentItem!.updatedAt);
        category.updatedAt = contentStamp > category.updatedAt ? contentStamp : category.updatedAt;
        if (!dryRun) {
          const { id: _id, created_at: _created, ...columns } = categoryToColumns(category);
          await updateCategory(db, id, columns);
          await recordAudit(db, CONTENT_ACTOR, { action: 'content.category.update', entityType: 'category', entityId: id, before: pick(liveItem!, outcome.changes), after: outcome.changes }, now);
        }
        result.categories.updated++;
        result.changes.push({ entity: 'category', id, kind: 'update', fields: Object.keys(outcome.changes) });
        state = { item: merged, withdrawn: false };
      } else if (outcome.kind === 'withdraw') {
        // A category still holding live products stays: deleting it would leave them without one.
        if ((await countLiveProductsInCategory(db, row!.name)) > 0) {
          noteConflicts('category', id, [{ field: WITHDRAWN_FIELD, base: false, content: true, live: false }]);
        } else {
          if (!dryRun) {
            await deleteCategory(db, id);
            await recordAudit(db, CONTENT_ACTOR, { action: 'content.category.delete', entityType: 'category', entityId: id, before: liveItem }, now);
          }
          result.categories.removed++;
          result.changes.push({ entity: 'category', id, kind: 'withdraw' });
          state = undefined;
        }
      }
      if (outcome.kind === 'update' || outcome.kind === 'keep') noteConflicts('category', id, outcome.conflicts);
      if (state) after.category.set(id, state);
      noteBase('category', id, outcome, base);
    }
  }

  {
    const [rows, recorded, staffChanged] = await Promise.all([selectEveryProduct(db), selectContentBases(db, 'product'), selectStaffChangedIds(db, 'product')]);
    const live = new Map(rows.map((r) => [r.id, r]));
    // Who holds each SKU (any case) and slug, withdrawn products included: they keep theirs.
    const skuHolder = new Map(rows.map((r) => [r.sku.toLowerCase(), r.id]));
    const slugHolder = new Map(rows.map((r) => [r.slug, r.id]));
    const fromContent = new Map(content.products.map((p) => [p.product.id, p]));
    for (const [id, p] of fromContent) contentItems.product.set(id, p.product as unknown as Item);
    const ids = new Set([...fromContent.keys(), ...live.keys()]);
    const withOpenConflicts = new Set(openBefore.filter((c) => c.entity_type === 'product').map((c) => c.entity_id));
    for (const id of ids) {
      const row = live.get(id);
      const base = recorded.get(id);
      const entry = fromContent.get(id);
      const place = entry ? { file: entry.file, position: entry.position } : undefined;
      // Editors alone order the lists: a product moved in content moves (staff cannot move one).
      const moved =
        place && row && !row.withdrawn_at && (base?.source_file ? base.source_file !== place.file || Number(base.position) !== place.position : row.source_file !== place.file || Number(row.position) !== place.position);
      // Content as it was at the last sync decides nothing: the live product stays (a restart of a
      // 10,000-product shop skips the field merge for all but what editors changed).
      if (entry && row && !row.withdrawn_at && base?.base_json && JSON.stringify(entry.product) === base.base_json) {
        if (moved && !dryRun) await updateProductColumns(db, id, { source_file: place!.file, position: place!.position });
        if (withOpenConflicts.has(id)) after.product.set(id, { item: rowToProduct(row) as unknown as Item, withdrawn: false });
        noteBase('product', id, { kind: 'keep', conflicts: [], base: entry.product as unknown as Item }, base, place);
        continue;
      }
      const liveItem = row ? (rowToProduct(row) as unknown as Item) : undefined;
      const outcome = mergeItem(PRODUCT_MERGE_FIELDS, {
        base: base === undefined ? undefined : base.base_json === null ? null : (JSON.parse(base.base_json) as Item),
        content: entry?.product as unknown as Item | undefined,
        live: liveItem,
        liveWithdrawn: Boolean(row?.withdrawn_at),
        staffChanged: staffChanged.has(id),
      });
      let state = liveItem ? { item: liveItem, withdrawn: Boolean(row?.withdrawn_at) } : undefined;

      /** Why a product cannot take these columns (a SKU or slug another holds, an invalid result), or undefined. */
      const refusal = (product: Product): string | undefined => {
        if (!productSchema.safeParse(product).success) return 'the merged product would not be valid';
        const sku = skuHolder.get(product.sku.toLowerCase());
        if (sku && sku !== id) return `SKU '${product.sku}' belongs to ${sku}`;
        const slug = slugHolder.get(product.slug);
        if (slug && slug !== id) return `slug '${product.slug}' belongs to ${slug}`;
        return undefined;
      };
      const claimKeys = (product: Product) => {
        skuHolder.set(product.sku.toLowerCase(), id);
        slugHolder.set(product.slug, id);
      };

      if (outcome.kind === 'create') {
        const product = outcome.value as unknown as Product;
        const reason = refusal(product);
        if (reason) {
          result.skipped++;
          result.changes.push({ entity: 'product', id, kind: 'skip', reason });
          continue;
        }
        claimKeys(product);
        if (!dryRun) {
          const created: ProductsTable = { ...productToColumns(product), source_file: place!.file, position: place!.position, version: 1, created_at: at, updated_at: at, withdrawn_at: null };
          await insertProduct(db, created);
          await recordAudit(db, CONTENT_ACTOR, { action: 'content.product.create', entityType: 'product', entityId: id, after: product }, now);
        }
        result.products.created++;
        result.changes.push({ entity: 'product', id, kind: 'create' });
        state = { item: outcome.value, withdrawn: false };
      } else if (outcome.kind === 'restore' || outcome.kind === 'update') {
        let merged: Item;
        if (outcome.kind === 'restore') {
          // Stock stays the database's.
          merged = { ...outcome.value, inStock: liveItem!.inStock, stockQuantity: liveItem!.stockQuantity };
          if (merged.stockQuantity === undefined) delete merged.stockQuantity;
        } else {
          merged = liveItem!;
          for (const [field, value] of Object.entries(outcome.changes)) merged = setField(merged, field, value);
        }
        const product = merged as unknown as Product;
        const reason = refusal(product);
        if (reason) {
          if (outcome.kind === 'update') {
            // Staff decide what the merge could not: each field content changed becomes a conflict.
            noteConflicts('product', id, Object.keys(outcome.changes).map((f) => ({ field: f, base: baseField(base, f), content: getField(entry!.product as unknown as Item, f), live: liveItem![f] })));
          } else {
            result.skipped++;
            result.changes.push({ entity: 'product', id, kind: 'skip', reason });
          }
          noteConflicts('product', id, outcome.kind === 'update' ? outcome.conflicts : []);
          if (state) after.product.set(id, state);
          noteBase('product', id, outcome, base, place);
          continue;
        }
        claimKeys(product);
        if (!dryRun) {
          const { id: _id, ...columns } = productToColumns(product);
          await updateProductColumns(db, id, {
            ...columns,
            ...(moved ? { source_file: place!.file, position: place!.position } : {}),
            updated_at: at,
            ...(outcome.kind === 'restore' ? { withdrawn_at: null } : {}),
          });
          if (product.slug !== row!.slug) await recordFormerSlug(db, id, row!.slug, at);
          const changed = outcome.kind === 'restore' ? { withdrawnAt: null } : outcome.changes;
          await recordAudit(
            db,
            CONTENT_ACTOR,
            { action: outcome.kind === 'restore' ? 'content.product.restore' : 'content.product.update', entityType: 'product', entityId: id, before: outcome.kind === 'restore' ? { withdrawnAt: row!.withdrawn_at } : pick(liveItem!, changed), after: outcome.kind === 'restore' ? product : changed },
            now,
          );
        }
        if (outcome.kind === 'restore') result.products.restored++;
        else result.products.updated++;
        result.changes.push({ entity: 'product', id, kind: outcome.kind, fields: outcome.kind === 'update' ? Object.keys(outcome.changes) : undefined });
        state = { item: merged, withdrawn: false };
      } else if (outcome.kind === 'withdraw') {
        if (!dryRun) {
          await updateProductColumns(db, id, { withdrawn_at: at, updated_at: at });
          await recordAudit(db, CONTENT_ACTOR, { action: 'content.product.withdraw', entityType: 'product', entityId: id, before: liveItem, after: { withdrawnAt: at } }, now);
        }
        result.products.withdrawn++;
        result.changes.push({ entity: 'product', id, kind: 'withdraw' });
        state = { item: liveItem!, withdrawn: true };
      } else if (moved && !dryRun) {
        await updateProductColumns(db, id, { source_file: place!.file, position: place!.position });
      }
      if (outcome.kind === 'update' || outcome.kind === 'keep') noteConflicts('product', id, outcome.conflicts);
      if (state) after.product.set(id, state);
      noteBase('product', id, outcome, base, place);
    }
  }

  // Conflicts: the new ones recorded (an open one on the same field refreshed), the moot ones gone.
  const moot = openBefore.filter((c) => !found.some((f) => f.entity_type === c.entity_type && f.entity_id === c.entity_id && f.field === c.field) && isConflictMoot(c, after, contentItems));
  if (!dryRun) {
    for (const row of found) await upsertContentConflict(db, row);
    for (const c of moot) await deleteContentConflict(db, c.id);
    await upsertContentBases(db, bases);
    for (const f of forget) await deleteContentBase(db, f.entity, f.id);
  }
  const keys = new Set([...openBefore.filter((c) => !moot.includes(c)).map((c) => `${c.entity_type}\u0000${c.entity_id}\u0000${c.field}`), ...found.map((c) => `${c.entity_type}\u0000${c.entity_id}\u0000${c.field}`)]);
  result.conflicts.open = keys.size;
  if (!dryRun) {
    const { changes: _changes, ...summary } = result;
    await db
      .insertInto('meta')
      .values({ key: CONTENT_SYNC_LAST_KEY, value: JSON.stringify(summary), updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(summary), updated_at: at }))
      .execute();
  }
  return result;
}

/** The base's value of a field, or undefined without a base. */
function baseField(base: ContentBaseTable | undefined, field: string): unknown {
  return base?.base_json ? getField(JSON.parse(base.base_json) as Item, field) : undefined;
}

/** The live values of the fields a change names (for the audit's before). */
function pick(item: Item, changes: Item): Item {
  return Object.fromEntries(Object.keys(changes).map((k) => [k, item[k]]));
}

/**
 * Whether an open conflict no longer needs a decision: live and content now agree on its field
 * (staff or the editor made them equal), or the item is gone from both sides.
 */
function isConflictMoot(
  conflict: ContentConflictsTable,
  after: Record<ContentEntity, Map<string, { item: Item; withdrawn: boolean }>>,
  content: Record<ContentEntity, Map<string, Item>>,
): boolean {
  const entity = conflict.entity_type as ContentEntity;
  const live = after[entity]?.get(conflict.entity_id);
  const inContent = content[entity]?.get(conflict.entity_id);
  if (conflict.field === WITHDRAWN_FIELD) return (inContent !== undefined) === (live !== undefined && !live.withdrawn);
  if (!live || live.withdrawn || !inContent) return true;
  return isSameValue(getField(live.item, conflict.field), getField(inContent, conflict.field));
}

/** The last applied sync's result (without its list of changes), or undefined before the first. */
export async function getLastContentSync(db: Kysely<Database>): Promise<Omit<ContentSyncResult, 'changes'> | undefined> {
  const text = await selectMeta(db, CONTENT_SYNC_LAST_KEY);
  return text ? (JSON.parse(text) as Omit<ContentSyncResult, 'changes'>) : undefined;
}
