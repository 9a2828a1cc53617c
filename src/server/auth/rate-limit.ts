import type { Kysely, Transaction } from 'kysely';
import { AUTH_MESSAGES } from '../../lib/schemas/auth';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { lockAdvisoryKeys } from '../db/dialect';
import { countAttemptsSinceEach, deleteAttempts, deleteAttemptsById, insertAttempt, insertAttempts } from './attempts.repository';

/** A limit: at most `max` counted attempts per sliding `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

/** A limit and the scope (what is counted, e.g. `login:address:203.0.113.7`) it applies to. */
export interface LimitCheck {
  scope: string;
  limit: RateLimit;
  /**
   * Another scope of the same checks: this limit refuses only a client with attempts of its own
   * under that one (counted in its window). Without it the limit refuses everyone alike.
   */
  onlyAfter?: string;
}

const MINUTE = 60_000;

/** Failed sign-ins per account from one client address, per 15 minutes: the limit a guesser meets. */
export const LOGIN_PAIR_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };
/**
 * Failed sign-ins per account from all addresses, per 15 minutes. Past it, an address that has
 * failed for the account itself in its pair window waits; an address that has not is let through,
 * so strangers guessing from many addresses slow each other down (one guess per address, not five)
 * but never lock the member out: the right password from where they have not failed still works.
 */
export const LOGIN_ACCOUNT_LIMIT: RateLimit = { max: 50, windowMs: 15 * MINUTE };
/** Failed sign-ins per client address, per 15 minutes (several people may share one address). */
export const LOGIN_ADDRESS_LIMIT: RateLimit = { max: 20, windowMs: 15 * MINUTE };

/** The three failed-sign-in limits of an account (normalised e-mail) and a client address, under a `prefix`. */
export function signInLimits(prefix: string, account: string, address: string | undefined): LimitCheck[] {
  const from = address ?? 'unknown';
  const pair = `${prefix}:pair:${from}:${account}`;
  return [
    { scope: pair, limit: LOGIN_PAIR_LIMIT },
    // Applied to this address only once it has failed for the account: a refusal for everyone would be a lock-out anyone can cause.
    { scope: `${prefix}:account:${account}`, limit: LOGIN_ACCOUNT_LIMIT, onlyAfter: pair },
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

/** The scopes a 429 of assertWithinLimits found used up, and when each frees a place (ms since the epoch). */
const usedUpScopes = new WeakMap<ApiError, { scope: string; freesAt: number }[]>();

/** Throws the 429 error when any of the scopes has used up its limit within its window. */
export async function assertWithinLimits(db: Db, checks: readonly LimitCheck[], now: Date): Promise<void> {
  await assertUnused(db, checks, now, 0);
}

/**
 * assertWithinLimits, where `counted` attempts of each scope are the one being judged (takeAttempts
 * writes it before counting): an `onlyAfter` scope must hold more than those to be the client's own.
 */
async function assertUnused(db: Db, checks: readonly LimitCheck[], now: Date, counted: number): Promise<void> {
  const usedUp: { scope: string; freesAt: number }[] = [];
  const counts = await countAttemptsSinceEach(
    db,
    checks.map(({ scope, limit }) => ({ scope, since: new Date(now.getTime() - limit.windowMs).toISOString() })),
  );
  for (const { scope, limit, onlyAfter } of checks) {
    const { count, oldest } = counts.get(scope) ?? { count: 0 };
    if (count < limit.max || !oldest) continue;
    if (onlyAfter !== undefined && (counts.get(onlyAfter)?.count ?? 0) <= counted) continue;
    // The window slides: the oldest counted attempt leaving it frees one attempt. A conditional
    // refusal is remembered under the client's own scope, so others are not refused from memory.
    usedUp.push({ scope: onlyAfter ?? scope, freesAt: new Date(oldest).getTime() + limit.windowMs });
  }
  if (usedUp.length === 0) return;
  const error = tooManyAttempts((Math.max(...usedUp.map((u) => u.freesAt)) - now.getTime()) / 1000);
  usedUpScopes.set(error, usedUp);
  throw error;
}

/** Counts one attempt under each scope and forgets that scope's attempts older than its window. */
export async function recordAttempts(db: Db, checks: readonly LimitCheck[], now: Date): Promise<void> {
  for (const { scope, limit } of checks) {
    await deleteAttempts(db, scope, new Date(now.getTime() - limit.windowMs).toISOString());
    await insertAttempt(db, scope, now.toISOString());
  }
}

/** Forgets every attempt under a scope (a successful sign-in clears its account's failures). */
export async function clearAttempts(db: Db, scope: string): Promise<void> {
  await deleteAttempts(db, scope);
  givenBack += 1;
}

/**
 * Counts an attempt under each scope, inside the caller's transaction, unless one of the scopes has
 * used up its limit (429, nothing counted). The scopes are locked first, so of many attempts sent
 * at once exactly `max` get through, where checking first and counting after would let them all
 * pass. Returns the ids of the attempts counted.
 */
export async function takeAttempts(trx: Transaction<Database>, checks: readonly LimitCheck[], now: Date): Promise<string[]> {
  // The only transaction counting under these scopes until it ends (PostgreSQL's advisory locks).
  await lockAdvisoryKeys(trx, checks.map((c) => c.scope));
  // Written before the count: on SQLite the write lock is then held from the count to the commit.
  const ids = await insertAttempts(trx, checks.map((c) => c.scope), now.toISOString());
  // The new attempt itself is counted: over the limit means more than `max` including it.
  await assertUnused(trx, checks.map((check) => ({ ...check, limit: { ...check.limit, max: check.limit.max + 1 } })), now, 1);
  return ids;
}

/**
 * How long this process answers 429 from memory for a scope the database just found used up,
 * before asking the database again. A refused sign-in then costs no transaction: a burst of them
 * (45 connections retrying at once) otherwise writes and rolls back three rows per refusal on the
 * event loop. Any attempt given back or cleared in this process forgets every remembered refusal
 * at once, so only another server's give-back (several servers on one PostgreSQL) can leave a
 * scope refused here for up to this long after it has a place again.
 */
export const REFUSAL_MEMORY_MS = 1_000;

/** Refusals remembered per database: scope → until when (ms), when it frees a place (ms), and the give-back generation. */
const refusals = new WeakMap<object, Map<string, { until: number; freesAt: number; generation: number }>>();
/** Bumped by every give-back or clear in this process: remembered refusals of an older generation no longer hold. */
let givenBack = 0;
/** Remembered refusals kept at most per database (expired ones are dropped past this). */
const MAX_REMEMBERED = 10_000;

/**
 * Remembers the used-up scopes of a 429 until REFUSAL_MEMORY_MS from `now` (or until they free a
 * place, if sooner), under the give-back generation from before the database was asked: a place
 * given back while it was being asked voids the refusal.
 */
function rememberRefusal(db: object, err: ApiError, now: number, generation: number): void {
  const usedUp = usedUpScopes.get(err);
  if (!usedUp) return;
  let known = refusals.get(db);
  if (!known) refusals.set(db, (known = new Map()));
  if (known.size >= MAX_REMEMBERED) {
    for (const [scope, refusal] of known) if (refusal.until <= now || refusal.generation !== givenBack) known.delete(scope);
  }
  const latest = new Map<string, number>();
  // A client's own scope can be used up twice (its own limit and a conditional one): the later end holds.
  for (const { scope, freesAt } of usedUp) latest.set(scope, Math.max(latest.get(scope) ?? 0, freesAt));
  for (const [scope, freesAt] of latest) known.set(scope, { until: Math.min(now + REFUSAL_MEMORY_MS, freesAt), freesAt, generation });
}

/** The 429 of a remembered refusal of one of the scopes, if any still holds at `now`. */
function rememberedRefusal(db: object, checks: readonly LimitCheck[], now: number): ApiError | undefined {
  const known = refusals.get(db);
  if (!known) return undefined;
  let freesAt = 0;
  for (const { scope } of checks) {
    const refusal = known.get(scope);
    if (refusal && refusal.generation === givenBack && refusal.until > now) freesAt = Math.max(freesAt, refusal.freesAt);
  }
  return freesAt > 0 ? tooManyAttempts((freesAt - now) / 1000) : undefined;
}

/**
 * Counts an attempt under each scope before the work it limits (a password check), as takeAttempts
 * does, in a transaction of its own; 429 when over (from memory for REFUSAL_MEMORY_MS after the
 * database said so). Returns the reservation, to be given back with releaseAttempts when the
 * attempt turns out not to count (a successful sign-in).
 */
export async function reserveAttempts(db: Kysely<Database>, checks: readonly LimitCheck[], now: Date): Promise<string[]> {
  const remembered = rememberedRefusal(db, checks, now.getTime());
  if (remembered) throw remembered;
  const generation = givenBack;
  try {
    return await db.transaction().execute((trx) => takeAttempts(trx, checks, now));
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) rememberRefusal(db, err, now.getTime(), generation);
    throw err;
  }
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
export async function releaseAttempts(db: Db, ids: readonly string[]): Promise<void> {
  await deleteAttemptsById(db, ids);
  // After the delete: a refusal remembered meanwhile would otherwise outlive the place it freed.
  if (ids.length > 0) givenBack += 1;
}
