import type { Kysely } from 'kysely';
import { AUDIT_KIND_ENTITY_TYPES, AUTH_AUDIT_ACTIONS, auditKindOf, type AuditEntry, type AuditKind, type AuditPage, type AuditQuery } from '../../lib/schemas/admin-staff';
import type { Database } from '../db/schema';
import { selectStaffNames } from '../staff/staff.repository';
import { countAuditEntries, selectAuditPage, type AuditFilter, type AuditRow } from './audit.repository';

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

/** The API view of an audit row. */
function toAuditEntry(row: AuditRow, staffNames: Map<string, string>): AuditEntry {
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
  };
}

/**
 * One page of the audit log, newest first: of one staff member (or 'system'), one kind and a time
 * range, each entry with who, what, when and the record before and after.
 */
export async function listAuditEntries(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const filter: AuditFilter = {
    ...(query.actor ? { actorId: query.actor === 'system' ? null : query.actor } : {}),
    ...(query.kind ? kindFilter(query.kind) : {}),
    ...(query.from ? { from: auditBound(query.from, 'from') } : {}),
    ...(query.to ? { to: auditBound(query.to, 'to') } : {}),
  };
  const [rows, total] = await Promise.all([
    selectAuditPage(db, filter, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    countAuditEntries(db, filter),
  ]);
  const staffIds = [...new Set(rows.filter((r) => r.entity_type === 'staff' && r.entity_id).map((r) => r.entity_id!))];
  const names = await selectStaffNames(db, staffIds);
  return { entries: rows.map((row) => toAuditEntry(row, names)), total, page: query.page, pageSize: query.pageSize };
}
