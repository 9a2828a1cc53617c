import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { ProjectListItemsTable, ProjectListsTable } from '../db/schema';

/** A project list row as stored. */
export type ProjectListRow = Selectable<ProjectListsTable>;
/** A project list item row as stored. */
export type ProjectListItemRow = Selectable<ProjectListItemsTable>;

/** A customer's lists, newest first. */
export function selectListsOfCustomer(db: Db, customerId: string): Promise<ProjectListRow[]> {
  return db.selectFrom('project_lists').selectAll().where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** One list of a customer, if it is theirs. */
export function selectListOfCustomer(db: Db, customerId: string, id: string): Promise<ProjectListRow | undefined> {
  return db.selectFrom('project_lists').selectAll().where('id', '=', id).where('customer_id', '=', customerId).executeTakeFirst();
}

/** How many lists a customer keeps. */
export async function countListsOfCustomer(db: Db, customerId: string): Promise<number> {
  const row = await db.selectFrom('project_lists').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The items of lists, in their order. */
export function selectItemsOfLists(db: Db, listIds: readonly string[]): Promise<ProjectListItemRow[]> {
  if (listIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('project_list_items').selectAll().where('list_id', 'in', listIds).orderBy('list_id').orderBy('position').execute();
}

/** Stores a new list with its items. */
export async function insertList(db: Db, row: ProjectListRow, items: ProjectListItemRow[]): Promise<void> {
  await db.insertInto('project_lists').values(row).execute();
  if (items.length > 0) await db.insertInto('project_list_items').values(items).execute();
}

/** Renames a list and replaces its items. */
export async function updateList(db: Db, id: string, name: string, at: string, items: ProjectListItemRow[]): Promise<void> {
  await db.updateTable('project_lists').set({ name, updated_at: at }).where('id', '=', id).execute();
  await db.deleteFrom('project_list_items').where('list_id', '=', id).execute();
  if (items.length > 0) await db.insertInto('project_list_items').values(items).execute();
}

/** Deletes a list of a customer with its items; returns whether there was one. */
export async function deleteListOfCustomer(db: Db, customerId: string, id: string): Promise<boolean> {
  const list = await selectListOfCustomer(db, customerId, id);
  if (!list) return false;
  await db.deleteFrom('project_list_items').where('list_id', '=', id).execute();
  await db.deleteFrom('project_lists').where('id', '=', id).execute();
  return true;
}
