import type { Kysely } from 'kysely';
import { toDollars } from '../../lib/money';
import {
  ADMIN_USER_MESSAGES,
  ADMIN_USER_ORDERS_MAX,
  SPENDING_ORDER_STATUSES,
  type AdminUser,
  type AdminUserDetail,
  type AdminUserOrder,
  type AdminUsersPage,
  type AdminUsersQuery,
} from '../../lib/schemas/admin-users';
import { recordAudit, type Actor } from '../audit/audit.service';
import { endAllSessions } from '../auth/sessions.service';
import type { Database } from '../db/schema';
import { notFound } from '../http/errors';
import { closeQuotesOfErasedCustomer } from '../quotes/quotes.service';
import {
  countCustomers,
  countOrdersOfCustomers,
  eraseCustomer,
  selectCustomerPage,
  selectOrdersOfCustomer,
  spendResetTokensOfCustomer,
  sumOrderTotalsOfCustomer,
  switchBlocked,
} from './customer-admin.repository';
import { findCustomerById, type CustomerRow } from './customers.repository';

/** A customer row as the users list shows it. */
function toAdminUser(row: CustomerRow, orderCount: number): AdminUser {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    isBlocked: row.is_blocked === 1,
    lastLogin: row.last_login_at,
    createdAt: row.created_at,
    orderCount,
  };
}

/** The first instant of `now`'s calendar month in UTC (ISO), where 'New This Month' starts (spec §9). */
export function startOfMonthUtc(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/** One page of customers, newest first, searched over name, e-mail and phone, with the stat cards. */
export async function listAdminUsers(db: Kysely<Database>, query: AdminUsersQuery & { ids?: readonly string[] }, now: Date = new Date()): Promise<AdminUsersPage> {
  const text = query.q.trim().toLowerCase();
  const [{ rows, total }, counts] = await Promise.all([
    selectCustomerPage(db, {
      blocked: query.status === 'all' ? undefined : query.status === 'blocked',
      text: text || undefined,
      sort: query.sort,
      ids: query.ids,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countCustomers(db, startOfMonthUtc(now)),
  ]);
  const orderCounts = await countOrdersOfCustomers(db, rows.map((r) => r.id));
  return {
    users: rows.map((row) => toAdminUser(row, orderCounts.get(row.id) ?? 0)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    stats: { total: counts.total, active: counts.total - counts.blocked, blocked: counts.blocked, newThisMonth: counts.createdSince },
  };
}

/** The customer with this id or the 404 staff read. */
async function requireCustomer(db: Kysely<Database>, id: string): Promise<CustomerRow> {
  const row = await findCustomerById(db, id);
  if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
  return row;
}

/** One customer with their newest orders and what they spent (orders in SPENDING_ORDER_STATUSES); 404 when none. */
export async function getAdminUser(db: Kysely<Database>, id: string): Promise<AdminUserDetail> {
  const row = await requireCustomer(db, id);
  const [orders, counts, spentCents] = await Promise.all([
    selectOrdersOfCustomer(db, row.id, ADMIN_USER_ORDERS_MAX),
    countOrdersOfCustomers(db, [row.id]),
    sumOrderTotalsOfCustomer(db, row.id, SPENDING_ORDER_STATUSES),
  ]);
  return {
    ...toAdminUser(row, counts.get(row.id) ?? 0),
    dateOfBirth: row.date_of_birth,
    orders: orders.map(
      (o): AdminUserOrder => ({ id: o.id, orderNumber: o.order_number, createdAt: o.created_at, status: o.status as AdminUserOrder['status'], total: toDollars(o.total_cents) }),
    ),
    totalSpent: toDollars(spentCents),
  };
}

/**
 * Blocks or unblocks a customer, audited with the change. Blocking ends every session of theirs
 * at once (their next request is 401) and spends their open reset links; sign-in and new reset
 * links are refused by the customer services while the flag is set. Setting the state they already
 * have changes nothing and records nothing. 404 for an unknown id.
 */
export async function setAdminUserBlocked(db: Kysely<Database>, id: string, isBlocked: boolean, actor: Actor, now: Date = new Date()): Promise<AdminUser> {
  const changed = await db.transaction().execute(async (trx) => {
    const before = await findCustomerById(trx, id);
    if (!before) throw notFound(ADMIN_USER_MESSAGES.notFound);
    if (isBlocked) {
      await endAllSessions(trx, id);
      await spendResetTokensOfCustomer(trx, id, now.toISOString());
    }
    if (!(await switchBlocked(trx, id, isBlocked))) return before;
    await recordAudit(
      trx,
      actor,
      { action: isBlocked ? 'customer.block' : 'customer.unblock', entityType: 'customer', entityId: id, before: { isBlocked: !isBlocked }, after: { isBlocked } },
      now,
    );
    return { ...before, is_blocked: isBlocked ? 1 : 0 } satisfies CustomerRow;
  });
  const counts = await countOrdersOfCustomers(db, [id]);
  return toAdminUser(changed, counts.get(id) ?? 0);
}

/**
 * Deletes a customer for good: the account and its personal data (sessions, reset links, attempts
 * counted under their e-mail) are erased, their orders kept as placed but unlinked. The audit entry
 * keeps facts about the account, not its personal data (that would undo the erasure). 404 for an unknown id.
 */
export async function deleteAdminUser(db: Kysely<Database>, id: string, actor: Actor, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findCustomerById(trx, id);
    if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
    await closeQuotesOfErasedCustomer(trx, id, actor, now);
    const ordersUnlinked = await eraseCustomer(trx, row);
    await recordAudit(
      trx,
      actor,
      {
        action: 'customer.delete',
        entityType: 'customer',
        entityId: id,
        before: { id, createdAt: row.created_at, isBlocked: row.is_blocked === 1, orderCount: ordersUnlinked },
        after: { deleted: true, ordersUnlinked },
      },
      now,
    );
  });
}
