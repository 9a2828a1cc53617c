import type { Kysely, Transaction } from 'kysely';
import { AUTH_MESSAGES } from '../../lib/schemas/auth';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { countAttemptsSince, deleteAttempts, deleteAttemptsById, insertAttempt, lockAttemptScopes } from './attempts.repository';

/** A limit: at most `max` counted attempts per sliding `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A limit and the scope (what is counted, e.g. `login:address:203.0.113.7`) it applies to. */
export interface LimitCheck {
  scope: string;
  limit: RateLimit;
}

const MINUTE = 60_000;

/** Failed sign-ins per account from one client address, per 15 minutes: the limit a guesser meets. */
export const LOGIN_PAIR_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };
/**
 * Failed sign-ins per account from all addresses, per 15 minutes: ten times the pair limit and more
 * than one address may make (LOGIN_ADDRESS_LIMIT), so a stranger cannot lock the customer out.
 */
export const LOGIN_ACCOUNT_LIMIT: RateLimit = { max: 50, windowMs: 15 * MINUTE };
/** Failed sign-ins per client address, per 15 minutes (several people may share one address). */
export const LOGIN_ADDRESS_LIMIT: RateLimit = { max: 20, windowMs: 15 * MINUTE };

/** The three failed-sign-in limits of an account (normalised e-mail) and a client address, under a `prefix`. */
export function signInLimits(prefix: string, account: string, address: string | undefined): LimitCheck[] {
  const from = address ?? 'unknown';
  return [
    { scope: `${prefix}:pair:${from}:${account}`, limit: LOGIN_PAIR_LIMIT },
    { scope: `${prefix}:account:${account}`, limit: LOGIN_ACCOUNT_LIMIT },
    { scope: `${prefix}:address:${from}`, limit: LOGIN_ADDRESS_LIMIT },
  ];
}

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
export async function assertWithinLimits(db: Db, checks: readonly LimitCheck[], now: Date): Promise<void> {
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
export async function recordAttempts(db: Db, checks: readonly LimitCheck[], now: Date): Promise<void> {
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
 * Counts an attempt under each scope, inside the caller's transaction, unless one of the scopes has
 * used up its limit (429, nothing counted). The scopes are locked first, so of many attempts sent
 * at once exactly `max` get through, where checking first and counting after would let them all
 * pass. Returns the ids of the attempts counted.
 */
export async function takeAttempts(trx: Transaction<Database>, checks: readonly LimitCheck[], now: Date): Promise<string[]> {
  await lockAttemptScopes(trx, checks.map((c) => c.scope));
  const ids: string[] = [];
  // Written before the count: on SQLite the write lock is then held from the count to the commit.
  for (const { scope } of checks) ids.push(await insertAttempt(trx, scope, now.toISOString()));
  // The new attempt itself is counted: over the limit means more than `max` including it.
  await assertWithinLimits(trx, checks.map(({ scope, limit }) => ({ scope, limit: { ...limit, max: limit.max + 1 } })), now);
  return ids;
}

/**
 * Counts an attempt under each scope before the work it limits (a password check), as takeAttempts
 * does, in a transaction of its own; 429 when over. Returns the reservation, to be given back
 * with releaseAttempts when the attempt turns out not to count (a successful sign-in).
 */
export function reserveAttempts(db: Kysely<Database>, checks: readonly LimitCheck[], now: Date): Promise<string[]> {
  return db.transaction().execute((trx) => takeAttempts(trx, checks, now));
}

/**
 * Runs the work a reservation was taken for; when it fails (the password gate busy, the database
 * gone) the reservation is given back, since the attempt was never judged.
 */
export async function underReservation<T>(db: Db, reservation: readonly string[], work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await releaseAttempts(db, reservation).catch(() => undefined);
    throw err;
  }
}

/** Gives back a reservation of reserveAttempts (the attempt succeeded). */
export function releaseAttempts(db: Db, ids: readonly string[]): Promise<void> {
  return deleteAttemptsById(db, ids);
}
