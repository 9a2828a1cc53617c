import { AUTH_MESSAGES } from '../../lib/schemas/auth';
import type { Db } from '../customers/customers.repository';
import { ApiError } from '../http/errors';
import { countAttemptsSince, deleteAttempts, deleteAttemptsById, insertAttempt } from './attempts.repository';

/** A limit: at most `max` counted attempts per sliding `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Failed sign-ins per account (e-mail address), per 15 minutes. */
export const LOGIN_ACCOUNT_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };
/** Failed sign-ins per client address, per 15 minutes (several people may share one address). */
export const LOGIN_ADDRESS_LIMIT: RateLimit = { max: 20, windowMs: 15 * MINUTE };
/** Password reset e-mails per account, per hour. */
export const RESET_ACCOUNT_LIMIT: RateLimit = { max: 5, windowMs: 60 * MINUTE };
/** Password reset requests per client address, per hour. */
export const RESET_ADDRESS_LIMIT: RateLimit = { max: 20, windowMs: 60 * MINUTE };

/** The 429 error: a message naming the wait and a Retry-After header in seconds. */
export function tooManyAttempts(retryAfterSeconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const wait = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return new ApiError(429, 'too_many_requests', `${AUTH_MESSAGES.tooManyAttempts} Please try again in ${wait}.`, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
}

/** Throws the 429 error when any of the scopes has used up its limit within its window. */
export async function assertWithinLimits(db: Db, checks: { scope: string; limit: RateLimit }[], now: Date): Promise<void> {
  let retryAfterMs = 0;
  for (const { scope, limit } of checks) {
    const since = new Date(now.getTime() - limit.windowMs).toISOString();
    const { count, oldest } = await countAttemptsSince(db, scope, since);
    if (count >= limit.max && oldest) {
      // The window slides: the oldest counted attempt leaving it frees one attempt.
      retryAfterMs = Math.max(retryAfterMs, new Date(oldest).getTime() + limit.windowMs - now.getTime());
    }
  }
  if (retryAfterMs > 0) throw tooManyAttempts(retryAfterMs / 1000);
}

/** Counts one attempt under each scope and forgets that scope's attempts older than its window. */
export async function recordAttempts(db: Db, checks: { scope: string; limit: RateLimit }[], now: Date): Promise<void> {
  for (const { scope, limit } of checks) {
    await deleteAttempts(db, scope, new Date(now.getTime() - limit.windowMs).toISOString());
    await insertAttempt(db, scope, now.toISOString());
  }
}

/** Forgets every attempt under a scope (a successful sign-in clears its account's failures). */
export function clearAttempts(db: Db, scope: string): Promise<void> {
  return deleteAttempts(db, scope);
}

/**
 * Counts an attempt under each scope before the work it limits (a password check), then checks the
 * limits with it counted: of many attempts sent at once, no more than each limit get through, where
 * checking first and counting after would let them all pass the check. Returns the reservation,
 * to be given back when the attempt succeeds; throws 429 (reservation given back) when over.
 */
export async function reserveAttempts(db: Db, checks: { scope: string; limit: RateLimit }[], now: Date): Promise<string[]> {
  const ids: string[] = [];
  for (const { scope } of checks) ids.push(await insertAttempt(db, scope, now.toISOString()));
  try {
    await assertWithinLimits(
      db,
      // The reservation itself is counted: over the limit means more than `max` including it.
      checks.map(({ scope, limit }) => ({ scope, limit: { ...limit, max: limit.max + 1 } })),
      now,
    );
  } catch (err) {
    await deleteAttemptsById(db, ids);
    throw err;
  }
  return ids;
}

/** Gives back a reservation of reserveAttempts (the attempt succeeded). */
export function releaseAttempts(db: Db, ids: readonly string[]): Promise<void> {
  return deleteAttemptsById(db, ids);
}
