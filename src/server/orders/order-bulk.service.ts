import type { Kysely } from 'kysely';
import { BULK_MAX_RECORDS, type BulkResult, type OrderBulk } from '../../lib/schemas/admin-bulk';
import { normalizeOrderNumber } from '../../lib/schemas/order';
import type { Actor } from '../audit/audit.service';
import { applyToEach, checkSelectionSize } from '../bulk/bulk.service';
import type { Database } from '../db/schema';
import { selectOrderPage } from './order-admin.repository';
import { approveOrder, changeOrderStatus, declineOrder, type WorkflowFacts } from './order-workflow.service';

/** The ids of every order the list's filter matches, in the list's order (422 over BULK_MAX_RECORDS). */
async function idsMatching(db: Kysely<Database>, filter: NonNullable<OrderBulk['filter']>): Promise<string[]> {
  const q = filter.q.trim();
  const orderNumber = q ? normalizeOrderNumber(q) : null;
  const { rows, total } = await selectOrderPage(db, {
    status: filter.status === 'all' ? undefined : filter.status,
    orderNumber: orderNumber ?? undefined,
    text: orderNumber ? undefined : q.toLowerCase() || undefined,
    limit: BULK_MAX_RECORDS + 1,
    offset: 0,
  });
  checkSelectionSize(total);
  return rows.map((r) => r.id);
}

/** The orders a bulk request selects: its ids, or every order its filter matches now (422 over BULK_MAX_RECORDS). */
export async function selectOrderBulkIds(db: Kysely<Database>, input: OrderBulk): Promise<string[]> {
  return input.ids ?? (await idsMatching(db, input.filter!));
}

/** Applies the bulk request's action to one order through the one-by-one workflow function (throws its refusal). */
export async function changeOneOrder(db: Kysely<Database>, input: OrderBulk, id: string, actor: Actor, facts: WorkflowFacts): Promise<void> {
  if (input.action === 'approve') await approveOrder(db, id, actor, facts);
  else if (input.action === 'decline') await declineOrder(db, id, input.reason!, actor, facts);
  else await changeOrderStatus(db, id, { status: input.status!, notes: input.reason }, actor, facts);
}

/**
 * Approves, declines (one reason for all) or moves the selected orders, each through the same
 * workflow function as the one-by-one routes (same rules, e-mail, history and audit entry), one
 * transaction per order; the ones the state machine refuses are listed with its message.
 */
export async function bulkChangeOrders(db: Kysely<Database>, input: OrderBulk, actor: Actor, facts: WorkflowFacts): Promise<BulkResult> {
  const ids = await selectOrderBulkIds(db, input);
  return applyToEach(ids, (id) => changeOneOrder(db, input, id, actor, facts));
}
