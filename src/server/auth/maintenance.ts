import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { STAFF_SESSION_IDLE_MS } from '../../lib/constants';
import { deleteOverStaffSessions } from '../staff/staff.repository';
import { SESSION_IDLE_MS } from './sessions.service';

/** How long counted attempts are kept: longer than any rate-limit window. */
const ATTEMPT_RETENTION_MS = 24 * 3_600_000;
/** How long spent or expired reset tokens are kept (so a late click still gets "already used"). */
const RESET_TOKEN_RETENTION_MS = 7 * 24 * 3_600_000;
/** How often the purge runs while the server is up. */
export const AUTH_PURGE_INTERVAL_MS = 60 * 60_000;

/** Rows the purge removed, per table. */
export interface PurgeCounts {
  sessions: number;
  attempts: number;
  resetTokens: number;
}

/** Deletes sessions that are over, attempts past every window, and old reset tokens. */
export async function purgeExpiredAuthRows(db: Kysely<Database>, now: Date = new Date()): Promise<PurgeCounts> {
  const at = now.toISOString();
  const idleSince = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', at), eb.and([eb('persistent', '=', 0), eb('last_seen_at', '<', idleSince)])]))
    .executeTakeFirst();
  const attempts = await db
    .deleteFrom('login_attempts')
    .where('created_at', '<', new Date(now.getTime() - ATTEMPT_RETENTION_MS).toISOString())
    .executeTakeFirst();
  const resetTokens = await db
    .deleteFrom('password_reset_tokens')
    .where('expires_at', '<', new Date(now.getTime() - RESET_TOKEN_RETENTION_MS).toISOString())
    .executeTakeFirst();
  await deleteOverStaffSessions(db, at, new Date(now.getTime() - STAFF_SESSION_IDLE_MS).toISOString());
  return { sessions: Number(sessions.numDeletedRows), attempts: Number(attempts.numDeletedRows), resetTokens: Number(resetTokens.numDeletedRows) };
}
