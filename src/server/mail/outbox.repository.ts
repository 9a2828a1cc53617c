import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { OutboxTable } from '../db/schema';

/** An outbox row as stored. */
export type OutboxRow = Selectable<OutboxTable>;

/** Adds a message to the outbox (call inside the transaction of the event that causes it). */
export async function insertOutboxMessage(db: Db, row: OutboxRow): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

/** Unsent messages due at `now`, oldest first. */
export function findDueMessages(db: Db, now: string, limit: number): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Claims a message for delivery by moving its next attempt to `leaseUntil`, only if nobody else
 * moved it since it was read (another process polling the same database); returns whether we own it.
 */
export async function claimMessage(db: Db, id: string, seenNextAttemptAt: string, leaseUntil: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ next_attempt_at: leaseUntil })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '=', seenNextAttemptAt)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a message delivered. */
export async function markSent(db: Db, id: string, at: string, attempts: number): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: at, attempts, last_error: null }).where('id', '=', id).execute();
}

/** Records a failed delivery and when to try again. */
export async function markFailed(db: Db, id: string, attempts: number, error: string, nextAttemptAt: string): Promise<void> {
  await db.updateTable('outbox').set({ attempts, last_error: error.slice(0, 1000), next_attempt_at: nextAttemptAt }).where('id', '=', id).execute();
}
