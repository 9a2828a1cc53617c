import type { Kysely } from 'kysely';
import {
  ADMIN_CATALOG_MESSAGES as M,
  formatProductsInUse,
  type AdminCategoryList,
  type CategoryChange,
  type CategoryInput,
} from '../../lib/schemas/admin-catalog';
import type { Category } from '../../lib/schemas/catalog';
import { slugifyBrand } from '../../lib/slug';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Db } from '../customers/customers.repository';
import type { CategoriesTable, Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { lockCatalogRevision } from '../orders/orders.repository';
import {
  categoryNameTaken,
  countLiveProductsByCategory,
  countLiveProductsInCategory,
  deleteCategory,
  insertCategory,
  selectCategoryById,
  selectCategoryIdsLike,
  updateCategory,
  updateCategoryOrders,
} from './admin-categories.repository';
import { selectAllCategories } from './catalog.repository';
import { categoryToColumns, rowToCategory } from './catalog.rows';

/** Every category by order, each with how many live products are filed under its name. */
export async function listAdminCategories(db: Db): Promise<AdminCategoryList> {
  const [rows, counts] = await Promise.all([selectAllCategories(db), countLiveProductsByCategory(db)]);
  return { categories: rows.map((row) => ({ ...rowToCategory(row), productCount: counts.get(row.name) ?? 0 })) };
}

/** The 422 of a name another category has. */
const nameTakenError = () => new ApiError(422, 'invalid_fields', M.categoryNameTaken, { name: M.categoryNameTaken });

/**
 * The new `order` (1..n) of every category whose position changes when `id` moves to `position`
 * (clamped to the list; undefined or absent id: the list is only renumbered), the rest kept in order.
 */
export function planCategoryOrder(current: readonly { id: string; order: number }[], id?: string, position?: number): { id: string; order: number }[] {
  const ids = current.map((c) => c.id).filter((c) => c !== id);
  if (id !== undefined && current.some((c) => c.id === id)) {
    const at = Math.min(Math.max((position ?? ids.length + 1) - 1, 0), ids.length);
    ids.splice(at, 0, id);
  }
  const was = new Map(current.map((c) => [c.id, c.order]));
  return ids.map((c, i) => ({ id: c, order: i + 1 })).filter((c) => was.get(c.id) !== c.order);
}

/** Moves `id` to `position` and renumbers all categories 1..n in the same transaction. */
async function reorderCategories(db: Db, id?: string, position?: number): Promise<void> {
  const rows = await selectAllCategories(db);
  await updateCategoryOrders(db, planCategoryOrder(rows.map((r) => ({ id: r.id, order: Number(r.sort_order) })), id, position));
}

/** A free id for a new category: its name's slug, else with -2, -3, ... */
async function newCategoryId(db: Db, name: string): Promise<string> {
  const stem = slugifyBrand(name) || 'category';
  const taken = await selectCategoryIdsLike(db, stem);
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** Adds a category (last unless an order is given), live on the shop's brand grid at once; audited. */
export async function createCategory(db: Kysely<Database>, input: CategoryInput & { icon: Category['icon']; featured: boolean; gradient: string }, actor: Actor, now = new Date()): Promise<Category> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockCatalogRevision(trx);
    if (await categoryNameTaken(trx, input.name)) throw nameTakenError();
    const id = await newCategoryId(trx, input.name);
    const count = (await selectAllCategories(trx)).length;
    const row: CategoriesTable = categoryToColumns({ ...input, id, order: count + 1, createdAt: at, updatedAt: at });
    await insertCategory(trx, row);
    if (input.order !== undefined) await reorderCategories(trx, id, input.order);
    const category = rowToCategory((await selectCategoryById(trx, id))!);
    await recordAudit(trx, actor, { action: 'category.create', entityType: 'category', entityId: id, after: category }, now);
    return category;
  });
}

/**
 * Changes a category: any field, stamping updatedAt. A rename is refused (409) while products are
 * filed under the old name; `order` moves it and renumbers the others; audited before and after.
 */
export async function changeCategory(db: Kysely<Database>, id: string, change: CategoryChange, actor: Actor, now = new Date()): Promise<Category> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    await lockCatalogRevision(trx);
    const beforeRow = await selectCategoryById(trx, id);
    if (!beforeRow) throw notFound(M.categoryNotFound);
    if (change.name !== undefined && change.name !== beforeRow.name) {
      if (await categoryNameTaken(trx, change.name, id)) throw nameTakenError();
      const using = await countLiveProductsInCategory(trx, beforeRow.name);
      if (using > 0) throw new ApiError(409, 'conflict', formatProductsInUse(M.categoryRenameInUse, using));
    }
    const { order, ...fields } = change;
    const before = rowToCategory(beforeRow);
    const { id: _id, created_at: _created, sort_order: _order, ...columns } = categoryToColumns({ ...before, ...stripUndefined(fields), updatedAt: at });
    await updateCategory(trx, id, columns);
    if (order !== undefined) await reorderCategories(trx, id, order);
    const after = rowToCategory((await selectCategoryById(trx, id))!);
    await recordAudit(trx, actor, { action: 'category.update', entityType: 'category', entityId: id, before, after }, now);
    return after;
  });
}

/** The fields of a change that are set. */
function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Deletes a category no live product uses (else 409 naming how many do), renumbers the rest; audited. */
export async function removeCategory(db: Kysely<Database>, id: string, actor: Actor, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCatalogRevision(trx);
    const row = await selectCategoryById(trx, id);
    if (!row) throw notFound(M.categoryNotFound);
    const using = await countLiveProductsInCategory(trx, row.name);
    if (using > 0) throw new ApiError(409, 'conflict', formatProductsInUse(M.categoryInUse, using));
    await deleteCategory(trx, id);
    await reorderCategories(trx);
    await recordAudit(trx, actor, { action: 'category.delete', entityType: 'category', entityId: id, before: rowToCategory(row) }, now);
  });
}
