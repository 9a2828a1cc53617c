import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { OutboxTable } from '../db/schema';

/** An outbox row as stored. */
export type OutboxRow = Selectable<OutboxTable>;

/** What a delivered mail that held a single-use link keeps of its body. */
export const REDACTED_TEXT = '[removed after delivery: it held a single-use link]';

/** Adds a message to the outbox (call inside the transaction of the event that causes it). */
export async function insertOutboxMessage(db: Db, row: OutboxRow): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/**
 * Claims up to `limit` unsent messages due at `now`, most urgent first then oldest, by moving their
 * next attempt to `leaseUntil` in one statement, and returns them in that order. The outer
 * conditions are checked again on each row as it is updated, so two processes polling the same
 * database never claim the same message (PostgreSQL re-reads a row another transaction changed).
 */
export async function claimDueMessages(db: Db, now: string, leaseUntil: string, limit: number): Promise<OutboxRow[]> {
  const rows = await db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('priority')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit),
    )
    .returningAll()
    .execute();
  return rows.sort((a, b) => a.priority - b.priority || a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Marks a message delivered; a body holding a single-use link is blanked at the same time. */
export async function markSent(db: Db, message: Pick<OutboxRow, 'id' | 'redact_when_sent'>, at: string, attempts: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ sent_at: at, attempts, last_error: null, ...(message.redact_when_sent ? { html: '', text: REDACTED_TEXT } : {}) })
    .where('id', '=', message.id)
    .execute();
}

/** Records a failed delivery and when to try again. */
export async function markFailed(db: Db, id: string, attempts: number, error: string, nextAttemptAt: string): Promise<void> {
  await db.updateTable('outbox').set({ attempts, last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
}

/** The unsent messages of one priority: how many, how many have failed at least once, the oldest. */
export interface OutboxBacklog {
  priority: number;
  queued: number;
  failing: number;
  oldestCreatedAt: string | null;
}

/** The backlog of unsent messages per priority (read through the queue index). */
export async function selectOutboxBacklog(db: Db): Promise<OutboxBacklog[]> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => [
      'priority',
      eb.fn.countAll<number>().as('queued'),
      eb.fn.sum<number>(eb.case().when('attempts', '>', 0).then(1).else(0).end()).as('failing'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('sent_at', 'is', null)
    .groupBy('priority')
    .orderBy('priority')
    .execute();
  return rows.map((r) => ({ priority: Number(r.priority), queued: Number(r.queued), failing: Number(r.failing ?? 0), oldestCreatedAt: r.oldest ?? null }));
}
