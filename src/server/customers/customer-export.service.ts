import type { Kysely } from 'kysely';
import { formatCsv } from '../../lib/csv';
import { ADMIN_PAGE_SIZE_MAX } from '../../lib/schemas/admin';
import type { AdminUsersQuery } from '../../lib/schemas/admin-users';
import type { Database } from '../db/schema';
import { listAdminUsers } from './customer-admin.service';

/** The columns of the customers export (no password hash, no token, ever). */
export const USERS_EXPORT_HEADER = ['Name', 'E-mail', 'Phone', 'Status', 'Orders', 'Last sign-in', 'Joined'] as const;

/** Every customer the list's filters (and sort) match, or just those of `ids` when given (the filter then ignored), as CSV text (formula-safe), page by page through the list itself. */
export async function exportAdminUsersCsv(db: Kysely<Database>, query: Omit<AdminUsersQuery, 'page' | 'pageSize'> & { ids?: readonly string[] }): Promise<string> {
  const rows: (string | number | null)[][] = [];
  for (let page = 1; ; page++) {
    // Ids name the selection: the list's filter no longer applies.
    const { users, total } = await listAdminUsers(db, { ...query, ...(query.ids && { status: 'all' as const, q: '' }), page, pageSize: ADMIN_PAGE_SIZE_MAX });
    for (const u of users) rows.push([u.fullName, u.email, u.phone, u.isBlocked ? 'Blocked' : 'Active', u.orderCount, u.lastLogin, u.createdAt]);
    if (users.length < ADMIN_PAGE_SIZE_MAX || page * ADMIN_PAGE_SIZE_MAX >= total) break;
  }
  return formatCsv(USERS_EXPORT_HEADER, rows);
}
