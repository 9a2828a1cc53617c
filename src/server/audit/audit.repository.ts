import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { AuditLogTable } from '../db/schema';

/** An audit row as stored. */
export type AuditRow = Selectable<AuditLogTable>;

/** Stores one audit entry. */
export async function insertAuditEntry(db: Db, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Audit entries, newest first, optionally of one actor, one action prefix and a time range. */
export function selectAuditEntries(
  db: Db,
  filter: { actorId?: string; actionPrefix?: string; entityType?: string; entityId?: string; from?: string; to?: string; limit: number; offset?: number },
): Promise<AuditRow[]> {
  let query = db.selectFrom('audit_log').selectAll();
  if (filter.actorId) query = query.where('actor_id', '=', filter.actorId);
  if (filter.actionPrefix) query = query.where('action', 'like', `${filter.actionPrefix}%`);
  if (filter.entityType) query = query.where('entity_type', '=', filter.entityType);
  if (filter.entityId) query = query.where('entity_id', '=', filter.entityId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.offset ?? 0).execute();
}
