import type { Kysely } from 'kysely';
import {
  ADMIN_CATALOG_MESSAGES as M,
  formatProductsInUse,
  type ContentConflict,
  type ContentConflictDecision,
  type ContentConflictList,
} from '../../lib/schemas/admin-catalog';
import { productSchema, type Category, type Product } from '../../lib/schemas/catalog';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { lockCatalogRevision } from '../orders/orders.repository';
import { countLiveProductsInCategory, deleteCategory, selectCategoryById, updateCategory } from './admin-categories.repository';
import { selectAnyProductById, selectSlugsLike, skuTaken } from './admin-products.repository';
import { categoryToColumns, productToColumns, rowToCategory, rowToProduct } from './catalog.rows';
import { WITHDRAWN_FIELD, getField, setField, type Item } from './content-merge';
import { deleteContentBase, deleteContentConflict, selectContentConflict, selectContentConflicts, updateProductColumns } from './content-sync.repository';
import { getLastContentSync } from './content-sync.service';
import { recordFormerSlug } from './product-slugs.repository';

/** A JSON column's value (null stays null). */
function parseColumn(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** Every conflict waiting for staff, each with its live value as it is now, and the last sync's result. */
export async function listContentConflicts(db: Kysely<Database>): Promise<ContentConflictList> {
  const [rows, lastSync] = await Promise.all([selectContentConflicts(db), getLastContentSync(db)]);
  const conflicts: ContentConflict[] = [];
  for (const row of rows) {
    const common = { id: row.id, field: row.field, base: parseColumn(row.base_json), content: parseColumn(row.content_json), createdAt: row.created_at };
    if (row.entity_type === 'product') {
      const product = await selectAnyProductById(db, row.entity_id);
      const live = product ? (row.field === WITHDRAWN_FIELD ? Boolean(product.withdrawn_at) : getField(rowToProduct(product) as unknown as Item, row.field)) : null;
      conflicts.push({ ...common, productId: row.entity_id, name: product?.name ?? row.entity_id, live: live ?? null });
    } else {
      const category = await selectCategoryById(db, row.entity_id);
      const live = category ? (row.field === WITHDRAWN_FIELD ? false : getField(rowToCategory(category) as unknown as Item, row.field)) : null;
      conflicts.push({ ...common, categoryId: row.entity_id, name: category?.name ?? row.entity_id, live: live ?? null });
    }
  }
  const { dryRun: _dryRun, ...summary } = lastSync ?? { dryRun: false };
  return { conflicts, lastSync: lastSync ? (summary as ContentConflictList['lastSync']) : null };
}

/** The 422 of a decision whose editor's value cannot be applied. */
const invalidTake = (message: string = M.contentConflictInvalid) => new ApiError(422, 'invalid_fields', message, { take: message });

/**
 * Decides one conflict: 'live' keeps the shop's value (for a removal: the item stays, and becomes
 * staff's alone), 'content' applies the editor's (a new product version; a removal withdraws it).
 * Audited with the field and both values; 404 when it was already decided.
 */
export async function resolveContentConflict(db: Kysely<Database>, id: string, decision: ContentConflictDecision, actor: Actor, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await lockCatalogRevision(trx);
    const conflict = await selectContentConflict(trx, id);
    if (!conflict) throw notFound(M.contentConflictNotFound);
    const entity = conflict.entity_type as 'product' | 'category';
    const content = parseColumn(conflict.content_json) ?? undefined;
    const audit = { field: conflict.field, take: decision.take, content: content ?? null };
    if (decision.take === 'live') {
      // Content removed it and staff keep it: the item is staff's from now on, like one they created.
      if (conflict.field === WITHDRAWN_FIELD && content === true) await deleteContentBase(trx, entity, conflict.entity_id);
    } else if (entity === 'product') {
      const row = await selectAnyProductById(trx, conflict.entity_id);
      if (!row) throw notFound(M.productNotFound);
      if (conflict.field === WITHDRAWN_FIELD) {
        await updateProductColumns(trx, row.id, { withdrawn_at: content === true ? at : null, updated_at: at });
      } else {
        if (row.withdrawn_at) throw notFound(M.productNotFound);
        const product = setField(rowToProduct(row) as unknown as Item, conflict.field, content) as unknown as Product;
        if (!productSchema.safeParse(product).success) throw invalidTake();
        if (await skuTaken(trx, product.sku, row.id)) throw invalidTake(M.skuTaken);
        if (product.slug !== row.slug && (await selectSlugsLike(trx, product.slug, row.id)).has(product.slug)) throw invalidTake(M.slugTaken);
        const { id: _id, ...columns } = productToColumns(product);
        await updateProductColumns(trx, row.id, { ...columns, updated_at: at });
        if (product.slug !== row.slug) await recordFormerSlug(trx, row.id, row.slug, at);
      }
    } else {
      const row = await selectCategoryById(trx, conflict.entity_id);
      if (!row) throw notFound(M.categoryNotFound);
      if (conflict.field === WITHDRAWN_FIELD) {
        const using = await countLiveProductsInCategory(trx, row.name);
        if (using > 0) throw new ApiError(409, 'conflict', formatProductsInUse(M.categoryInUse, using));
        await deleteCategory(trx, row.id);
      } else {
        const category = setField(rowToCategory(row) as unknown as Item, conflict.field, content) as unknown as Category;
        const { id: _id, created_at: _created, ...columns } = categoryToColumns({ ...category, updatedAt: at });
        await updateCategory(trx, row.id, columns);
      }
    }
    await deleteContentConflict(trx, conflict.id);
    await recordAudit(
      trx,
      actor,
      { action: `${entity}.content_conflict`, entityType: entity, entityId: conflict.entity_id, before: { [conflict.field]: parseColumn(conflict.live_json) }, after: audit },
      now,
    );
  });
}
