import type { Db } from '../customers/customers.repository';
import type { CustomerRow } from '../customers/customers.repository';
import {
  deleteSessionByTokenHash,
  deleteSessionsOfCustomer,
  findSessionWithCustomer,
  insertSession,
  touchSession,
  type SessionRow,
} from './sessions.repository';
import { createToken, hashToken } from './tokens';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Lifetime of a 'remember me' session and of its cookie (Max-Age). */
export const PERSISTENT_SESSION_MS = 30 * DAY;
/** A browser-session cookie's session ends after this long without a request. */
export const SESSION_IDLE_MS = 12 * HOUR;
/** ...and in any case this long after sign-in. */
export const SESSION_ABSOLUTE_MS = 7 * DAY;
// Recording every request's time would write on every read; a few minutes of slack is enough.
const TOUCH_INTERVAL_MS = 5 * 60_000;

/** A new session: the cookie token (given to the browser once) and its stored row. */
export interface NewSession {
  token: string;
  session: SessionRow;
}

/** Starts a session for a customer; only the token's hash is stored. */
export async function startSession(db: Db, customerId: string, persistent: boolean, now: Date): Promise<NewSession> {
  const token = createToken();
  const session: SessionRow = {
    id: crypto.randomUUID(),
    token_hash: hashToken(token),
    customer_id: customerId,
    persistent: persistent ? 1 : 0,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + (persistent ? PERSISTENT_SESSION_MS : SESSION_ABSOLUTE_MS)).toISOString(),
  };
  await insertSession(db, session);
  return { token, session };
}

/** Whether a session is over: past its expiry, or (browser-session cookie) idle too long. */
export function isSessionOver(session: SessionRow, now: Date): boolean {
  if (now.toISOString() >= session.expires_at) return true;
  return session.persistent === 0 && now.getTime() - new Date(session.last_seen_at).getTime() > SESSION_IDLE_MS;
}

/**
 * The live session of a cookie token and its customer. An over, unknown or blocked customer's
 * session yields undefined (an over one is deleted); a live one has its activity time refreshed.
 */
export async function resolveSession(db: Db, token: string, now: Date): Promise<{ session: SessionRow; customer: CustomerRow } | undefined> {
  const found = await findSessionWithCustomer(db, hashToken(token));
  if (!found) return undefined;
  if (isSessionOver(found.session, now) || found.customer.is_blocked === 1) {
    await deleteSessionByTokenHash(db, found.session.token_hash);
    return undefined;
  }
  if (now.getTime() - new Date(found.session.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(db, found.session.id, now.toISOString());
  }
  return found;
}

/** Ends the session of a cookie token (no error when there is none). */
export function endSession(db: Db, token: string): Promise<void> {
  return deleteSessionByTokenHash(db, hashToken(token));
}

/** Ends every session of a customer (block, password change); returns how many ended. */
export function endAllSessions(db: Db, customerId: string): Promise<number> {
  return deleteSessionsOfCustomer(db, customerId);
}
