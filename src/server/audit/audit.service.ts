import type { Db } from '../customers/customers.repository';
import type { AuditLogTable } from '../db/schema';
import { insertAuditEntry } from './audit.repository';

/** Who did something: a staff member, or the system itself (timers, start-up). */
export interface Actor {
  id: string | null;
  name: string;
  /** Client address of the request, when there was one. */
  address?: string;
}

/** The actor of changes the server makes on its own. */
export const SYSTEM_ACTOR: Actor = { id: null, name: 'System' };

/** One staff action to record. */
export interface AuditEvent {
  action: string;
  entityType: string;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** The import job a product entry belongs to: the log groups it under that import's line. */
  importJob?: string;
}

/** The stored row of an audit entry at `at` (ISO 8601), for writers that insert many at once. */
export function toAuditRow(actor: Actor, event: AuditEvent, at: string): AuditLogTable {
  return {
    id: crypto.randomUUID(),
    at,
    actor_id: actor.id,
    actor_name: actor.name,
    action: event.action,
    entity_type: event.entityType,
    entity_id: event.entityId ?? null,
    before_json: event.before === undefined ? null : JSON.stringify(event.before),
    after_json: event.after === undefined ? null : JSON.stringify(event.after),
    address: actor.address ?? null,
    import_job_id: event.importJob ?? null,
  };
}

/** Records a staff action; pass the transaction of the change so both commit or neither does. */
export async function recordAudit(db: Db, actor: Actor, event: AuditEvent, now: Date): Promise<void> {
  await insertAuditEntry(db, toAuditRow(actor, event, now.toISOString()));
}
