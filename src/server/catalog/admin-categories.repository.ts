import { sql } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { CategoriesTable } from '../db/schema';

/** The category row with this id. */
export function selectCategoryById(db: Db, id: string): Promise<CategoriesTable | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a category other than `exceptId` has this name, ignoring case. */
export async function categoryNameTaken(db: Db, name: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('categories').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The category ids starting with `stem` (to pick a free one). */
export async function selectCategoryIdsLike(db: Db, stem: string): Promise<Set<string>> {
  const rows = await db.selectFrom('categories').select('id').where('id', 'like', `${stem}%`).execute();
  return new Set(rows.map((r) => r.id));
}

/** How many live products each category name has (names with none are absent). */
export async function countLiveProductsByCategory(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('products')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
    .where('withdrawn_at', 'is', null)
    .groupBy('category')
    .execute();
  return new Map(rows.map((r) => [r.category, Number(r.n)]));
}

/** How many live products are filed under this category name. */
export async function countLiveProductsInCategory(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('category', '=', name)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Inserts a category row. */
export async function insertCategory(db: Db, row: CategoriesTable): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

/** Changes a category's columns. */
export async function updateCategory(db: Db, id: string, changes: Partial<Omit<CategoriesTable, 'id' | 'created_at'>>): Promise<void> {
  await db.updateTable('categories').set(changes).where('id', '=', id).execute();
}

/** Sets the sort order of each category whose position changed. */
export async function updateCategoryOrders(db: Db, orders: { id: string; order: number }[]): Promise<void> {
  for (const { id, order } of orders) await db.updateTable('categories').set({ sort_order: order }).where('id', '=', id).execute();
}

/** Deletes a category; false when there was none. */
export async function deleteCategory(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
