import type { Kysely } from 'kysely';
import { AUDIT_KIND_ENTITY_TYPES, AUTH_AUDIT_ACTIONS, auditKindOf, type AuditEntry, type AuditKind, type AuditPage, type AuditQuery } from '../../lib/schemas/admin-staff';
import type { Database } from '../db/schema';
import { selectImportSummaries } from '../analytics/stats.repository';
import { selectStaffNames } from '../staff/staff.repository';
import { countAuditEntries, selectAuditPage, selectUndoneImports, type AuditFilter, type AuditRow } from './audit.repository';

const DAY_MS = 86_400_000;

/** The instant a `from` / `to` of the query stands for: a day starts at 00:00 UTC and `to` includes its whole day. */
export function auditBound(value: string, edge: 'from' | 'to'): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    return new Date(edge === 'to' ? start + DAY_MS : start).toISOString();
  }
  return new Date(value).toISOString();
}

/** The rows a kind covers. */
function kindFilter(kind: AuditKind): Pick<AuditFilter, 'entityTypes' | 'actionsIn' | 'actionsNotIn'> {
  if (kind === 'auth') return { entityTypes: ['staff'], actionsIn: AUTH_AUDIT_ACTIONS };
  if (kind === 'staff') return { entityTypes: ['staff'], actionsNotIn: AUTH_AUDIT_ACTIONS };
  return { entityTypes: AUDIT_KIND_ENTITY_TYPES[kind] };
}

/** A stored JSON column as a value (null when empty or unreadable). */
function readJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** An import job as its audit line names it. */
type ImportSummary = { file_name: string; status: string; created: number; updated: number };

/** The API view of an audit row (an import's own line with its file and counts). */
function toAuditEntry(row: AuditRow, staffNames: Map<string, string>, imports: Map<string, ImportSummary>, undone: ReadonlySet<string>): AuditEntry {
  const job = row.entity_type === 'import' && row.entity_id ? imports.get(row.entity_id) : undefined;
  return {
    id: row.id,
    at: row.at,
    actor: { id: row.actor_id, name: row.actor_name },
    action: row.action,
    kind: auditKindOf(row.action, row.entity_type),
    entityType: row.entity_type,
    entityId: row.entity_id,
    entityName: row.entity_type === 'staff' && row.entity_id ? (staffNames.get(row.entity_id) ?? null) : null,
    before: readJson(row.before_json),
    after: readJson(row.after_json),
    address: row.address,
    ...(job ? { import: { jobId: row.entity_id!, fileName: job.file_name, status: job.status, created: job.created, updated: job.updated, undone: undone.has(row.entity_id!) } } : {}),
  };
}

/**
 * One page of the audit log, newest first: of one staff member (or 'system'), one kind and a time
 * range, each entry with who, what, when and the record before and after. The product entries an
 * import wrote are grouped under the import's own line (its file and counts), unless the query asks
 * for one import's entries.
 */
export async function listAuditEntries(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const filter: AuditFilter = {
    ...(query.actor ? { actorId: query.actor === 'system' ? null : query.actor } : {}),
    ...(query.kind ? kindFilter(query.kind) : {}),
    ...(query.from ? { from: auditBound(query.from, 'from') } : {}),
    ...(query.to ? { to: auditBound(query.to, 'to') } : {}),
    ...(query.importJob ? { importJob: query.importJob } : { withoutImportedProducts: true }),
  };
  const [rows, total] = await Promise.all([
    selectAuditPage(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countAuditEntries(db, filter),
  ]);
  const staffIds = [...new Set(rows.filter((r) => r.entity_type === 'staff' && r.entity_id).map((r) => r.entity_id!))];
  const importIds = rows.filter((r) => r.entity_type === 'import' && r.entity_id).map((r) => r.entity_id!);
  const [names, imports, undoneIds] = await Promise.all([selectStaffNames(db, staffIds), selectImportSummaries(db, importIds), selectUndoneImports(db, importIds)]);
  const undone = new Set(undoneIds);
  return { entries: rows.map((row) => toAuditEntry(row, names, imports, undone)), total, page: query.page, pageSize: query.pageSize };
}
