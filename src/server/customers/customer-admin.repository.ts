import { sql } from 'kysely';
import type { ListSort, UserSortField } from '../../lib/schemas/admin-sort';
import { normalizeEmail } from '../../lib/schemas/auth';
import { containsPattern } from '../orders/order-admin.repository';
import type { CustomerRow, Db } from './customers.repository';

/** A search takes up to this many matches past its page in its one scan, so it can count them without another. */
export const SEARCH_COUNT_WINDOW = 2000;

/** What the back-office users list filters on. */
export interface CustomerListFilter {
  /** true: only blocked; false: only active; undefined: everyone. */
  blocked?: boolean;
  /** Lower-cased text matched anywhere in the name, e-mail or phone. */
  text?: string;
  /** A column to sort by (the id breaks ties); newest first without it. */
  sort?: ListSort<UserSortField>;
  /** Only these customers (an export of the selection). */
  ids?: readonly string[];
  limit: number;
  offset: number;
}

/** The SQL each sortable column of the users list sorts by (text case-insensitively; never signed in sorts first). */
const USER_SORT_SQL: Record<UserSortField, ReturnType<typeof sql>> = {
  createdAt: sql`created_at`,
  name: sql`lower(full_name)`,
  email: sql`lower(email)`,
  status: sql`is_blocked`,
  lastLogin: sql`coalesce(last_login_at, '')`,
};

/**
 * The customers matching a filter (newest first) and how many match in all. The page's ids come
 * from a narrow list index (customers_list_idx or customers_blocked_list_idx hold every column the
 * filter reads, so a deep page or a search skips index entries, not rows); then only those rows are
 * read. Counting costs a second scan only past SEARCH_COUNT_WINDOW matches or when a plain list page is full.
 */
export async function selectCustomerPage(db: Db, filter: CustomerListFilter): Promise<{ rows: CustomerRow[]; total: number }> {
  let query = db.selectFrom('customers');
  if (filter.blocked !== undefined) query = query.where('is_blocked', '=', filter.blocked ? 1 : 0);
  if (filter.text) query = query.where('search_text', 'like', sql<string>`${containsPattern(filter.text)} ESCAPE '\\'`);
  if (filter.ids) query = query.where('id', 'in', filter.ids.length ? [...filter.ids] : ['']);
  const ordered = filter.sort
    ? query.select('id').orderBy(USER_SORT_SQL[filter.sort.field], filter.sort.direction).orderBy('id', filter.sort.direction)
    : query.select('id').orderBy('created_at', 'desc').orderBy('id', 'desc');
  let wanted: string[];
  let total: number | undefined;
  if (filter.text) {
    // A search scans the whole index once anyway: it takes every match's id up to a cap in that one
    // pass, so a search with fewer matches than the cap (nearly all) needs no second scan to count.
    const window = filter.offset + filter.limit + SEARCH_COUNT_WINDOW;
    const matches = (await ordered.limit(window).execute()).map((r) => r.id);
    wanted = matches.slice(filter.offset, filter.offset + filter.limit);
    if (matches.length < window) total = matches.length;
  } else {
    wanted = (await ordered.limit(filter.limit).offset(filter.offset).execute()).map((r) => r.id);
    // A page that is not full is the last one.
    if (wanted.length < filter.limit && (wanted.length > 0 || filter.offset === 0)) total = filter.offset + wanted.length;
  }
  total ??= Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
  const rows = wanted.length ? await db.selectFrom('customers').selectAll().where('id', 'in', wanted).execute() : [];
  const position = new Map(wanted.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { rows, total };
}

/** Counts for the stat cards: every customer, the blocked ones, and those created at or after `since`. */
export async function countCustomers(db: Db, since: string): Promise<{ total: number; blocked: number; createdSince: number }> {
  const [total, blocked, createdSince] = await Promise.all([
    db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('is_blocked', '=', 1).executeTakeFirst(),
    db.selectFrom('customers').select((eb) => eb.fn.countAll<number>().as('n')).where('created_at', '>=', since).executeTakeFirst(),
  ]);
  return { total: Number(total?.n ?? 0), blocked: Number(blocked?.n ?? 0), createdSince: Number(createdSince?.n ?? 0) };
}

/** How many orders each of these customers placed (customers without orders are left out). */
export async function countOrdersOfCustomers(db: Db, customerIds: readonly string[]): Promise<Map<string, number>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('orders')
    .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('customer_id', 'in', customerIds)
    .groupBy('customer_id')
    .execute();
  return new Map(rows.map((r) => [r.customer_id!, Number(r.n)]));
}

/** A customer's order as their detail lists it. */
export interface CustomerOrderRow {
  id: string;
  order_number: string;
  created_at: string;
  status: string;
  total_cents: number;
}

/** A customer's newest orders (at most `limit`). */
export function selectOrdersOfCustomer(db: Db, customerId: string, limit: number): Promise<CustomerOrderRow[]> {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'created_at', 'status', 'total_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at', 'desc')
    .orderBy('order_number', 'desc')
    .limit(limit)
    .execute();
}

/** The total in cents of a customer's orders in these statuses. */
export async function sumOrderTotalsOfCustomer(db: Db, customerId: string, statuses: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('total_cents'), sql<number>`0`).as('cents'))
    .where('customer_id', '=', customerId)
    .where('status', 'in', statuses)
    .executeTakeFirst();
  return Number(row?.cents ?? 0);
}

/** Sets the blocked flag only where it differs (of two staff acting at once, one changes it); returns whether it changed. */
export async function switchBlocked(db: Db, id: string, isBlocked: boolean): Promise<boolean> {
  const result = await db
    .updateTable('customers')
    .set({ is_blocked: isBlocked ? 1 : 0 })
    .where('id', '=', id)
    .where('is_blocked', '=', isBlocked ? 0 : 1)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Spends every open password reset link of a customer (a blocked account must not reset its way back in). */
export async function spendResetTokensOfCustomer(db: Db, customerId: string, at: string): Promise<void> {
  await db.updateTable('password_reset_tokens').set({ used_at: at }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
}

/**
 * Erases a customer: their orders stay as placed (names, address and e-mail on the order are the
 * shop's record of a sale) but no longer point at the account; sessions, reset links and the
 * sign-in and reset attempts counted under their e-mail go; then the account row. Returns how many
 * orders were unlinked. Their quotes are unlinked too and their project lists deleted.
 */
export async function eraseCustomer(db: Db, customer: Pick<CustomerRow, 'id' | 'email'>): Promise<number> {
  const unlinked = await db.updateTable('orders').set({ customer_id: null }).where('customer_id', '=', customer.id).executeTakeFirst();
  await db.deleteFrom('sessions').where('customer_id', '=', customer.id).execute();
  // Quotes stay with the requests they answer (the link still opens them); the project lists were theirs alone.
  await db.updateTable('quotes').set({ customer_id: null }).where('customer_id', '=', customer.id).execute();
  await db.updateTable('quote_requests').set({ customer_id: null }).where('customer_id', '=', customer.id).execute();
  const lists = db.selectFrom('project_lists').select('id').where('customer_id', '=', customer.id);
  await db.deleteFrom('project_list_items').where('list_id', 'in', lists).execute();
  await db.deleteFrom('project_lists').where('customer_id', '=', customer.id).execute();
  await db.deleteFrom('password_reset_tokens').where('customer_id', '=', customer.id).execute();
  const account = normalizeEmail(customer.email);
  // Pair scopes are `login:pair:<address>:<account>`: the account is their end.
  const pairPattern = containsPattern(`:${account}`).slice(0, -1);
  await db
    .deleteFrom('login_attempts')
    .where((eb) =>
      eb.or([
        eb('scope', '=', `login:account:${account}`),
        eb('scope', '=', `reset:account:${account}`),
        eb.and([eb('scope', 'like', 'login:pair:%'), eb('scope', 'like', sql<string>`${pairPattern} ESCAPE '\\'`)]),
      ]),
    )
    .execute();
  await db.deleteFrom('customers').where('id', '=', customer.id).execute();
  return Number(unlinked.numUpdatedRows);
}
