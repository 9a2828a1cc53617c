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

/** What a page of the audit view asks for: each part narrows the entries. */
export interface AuditFilter {
  /** A staff id, or null for the server's own entries (no actor). */
  actorId?: string | null;
  /** Entity types the entries must have. */
  entityTypes?: readonly string[];
  /** Actions the entries must have... */
  actionsIn?: readonly string[];
  /** ...or must not have. */
  actionsNotIn?: readonly string[];
  /** From this instant (included). */
  from?: string;
  /** Up to this instant (excluded). */
  to?: string;
  /** Only the product entries this import job wrote... */
  importJob?: string;
  /** ...or none of the product entries any import wrote (its own line stands for them). */
  withoutImportedProducts?: boolean;
}

/** The audit log narrowed by a filter (the query both the page and its count start from). */
function filteredAudit(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.actorId === null) query = query.where('actor_id', 'is', null);
  else if (filter.actorId !== undefined) query = query.where('actor_id', '=', filter.actorId);
  if (filter.entityTypes) query = query.where('entity_type', 'in', [...filter.entityTypes]);
  if (filter.actionsIn) query = query.where('action', 'in', [...filter.actionsIn]);
  if (filter.actionsNotIn) query = query.where('action', 'not in', [...filter.actionsNotIn]);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  if (filter.importJob !== undefined) query = query.where('import_job_id', '=', filter.importJob);
  else if (filter.withoutImportedProducts) query = query.where('import_job_id', 'is', null);
  return query;
}

/** One page of the filtered audit log, newest first (ties by id, so pages never overlap). */
export function selectAuditPage(db: Db, filter: AuditFilter, page: { limit: number; offset: number }): Promise<AuditRow[]> {
  return filteredAudit(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** How many entries the filtered audit log has. */
export async function countAuditEntries(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filteredAudit(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Which of these import jobs have been undone (an 'import.undo' entry names them). */
export async function selectUndoneImports(db: Db, jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await db.selectFrom('audit_log').select('entity_id').distinct().where('action', '=', 'import.undo').where('entity_id', 'in', [...new Set(jobIds)]).execute();
  return rows.map((r) => r.entity_id!);
}
