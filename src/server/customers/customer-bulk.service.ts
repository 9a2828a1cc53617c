import type { Kysely } from 'kysely';
import { BULK_MAX_RECORDS, type BulkResult, type UserBulk } from '../../lib/schemas/admin-bulk';
import type { Actor } from '../audit/audit.service';
import { applyToEach, checkSelectionSize } from '../bulk/bulk.service';
import type { Database } from '../db/schema';
import { selectCustomerPage } from './customer-admin.repository';
import { setAdminUserBlocked } from './customer-admin.service';
import { findCustomerById } from './customers.repository';

/** The ids of every customer the list's filter matches (422 over BULK_MAX_RECORDS). */
async function idsMatching(db: Kysely<Database>, filter: NonNullable<UserBulk['filter']>): Promise<string[]> {
  const text = filter.q.trim().toLowerCase();
  const { rows, total } = await selectCustomerPage(db, {
    blocked: filter.status === 'all' ? undefined : filter.status === 'blocked',
    text: text || undefined,
    limit: BULK_MAX_RECORDS + 1,
    offset: 0,
  });
  checkSelectionSize(total);
  return rows.map((r) => r.id);
}

/** The customers a bulk request selects: its ids, or every customer its filter matches now (422 over BULK_MAX_RECORDS). */
export async function selectUserBulkIds(db: Kysely<Database>, input: UserBulk): Promise<string[]> {
  return input.ids ?? (await idsMatching(db, input.filter!));
}

/** Blocks or unblocks one customer through setAdminUserBlocked; false when it already was in that state (not counted). */
export async function changeOneUser(db: Kysely<Database>, input: UserBulk, id: string, actor: Actor): Promise<boolean> {
  const isBlocked = input.action === 'block';
  const before = await findCustomerById(db, id);
  await setAdminUserBlocked(db, id, isBlocked, actor);
  return before !== undefined && (Number(before.is_blocked) === 1) !== isBlocked;
}

/**
 * Blocks or unblocks the selected customers through setAdminUserBlocked (sessions ended, audit
 * entry), one transaction each; a customer already in that state is left alone and not counted.
 */
export async function bulkChangeUsers(db: Kysely<Database>, input: UserBulk, actor: Actor): Promise<BulkResult> {
  const ids = await selectUserBulkIds(db, input);
  return applyToEach(ids, (id) => changeOneUser(db, input, id, actor));
}
