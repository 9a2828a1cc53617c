import type { Kysely } from 'kysely';
import { AUTH_MESSAGES } from '../../lib/schemas/auth';
import type { RateLimit } from '../auth/rate-limit';
import { findCustomerByEmail } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

/** How many times a guest's room a signed-in customer gets, for both order limits. */
export const SIGNED_IN_ORDER_ROOM = 5;

const HOUR = 60 * 60_000;

/** The order limits of the shop (ORDER_LIMIT_PER_HOUR, ORDER_PENDING_MAX, ORDER_HOLD_HOURS). */
export interface OrderLimits {
  /** Orders per hour per client address and per e-mail, for a guest. */
  perHour: number;
  /** Unapproved pending orders per client address and per e-mail, for a guest. */
  pendingMax: number;
  /** How long a pending order waits for approval before it is cancelled, in ms. */
  holdMs: number;
}

/** Who is placing an order, as the limits see them. */
export interface OrderPlacer {
  /** Client address; requests without one share a single bucket. */
  address?: string;
  /** The e-mail the order is placed under. */
  email: string;
  /** Whether a customer is signed in (more room). */
  signedIn: boolean;
}

/** The e-mail as the limits count it: trimmed, lower-cased. */
function placerEmail(placer: OrderPlacer): string {
  return placer.email.trim().toLowerCase();
}

/** The rate-limit scopes one order counts under: its client address and its e-mail. */
export function orderRateChecks(limits: OrderLimits, placer: OrderPlacer): { scope: string; limit: RateLimit }[] {
  const limit: RateLimit = { max: limits.perHour * (placer.signedIn ? SIGNED_IN_ORDER_ROOM : 1), windowMs: HOUR };
  return [
    { scope: `order:address:${placer.address ?? 'unknown'}`, limit },
    { scope: `order:email:${placerEmail(placer)}`, limit },
  ];
}

/** The keys placement is serialised on, so parallel orders of one placer see each other's pending orders. */
export function placerLockKeys(placer: OrderPlacer): string[] {
  return [`order:address:${placer.address ?? 'unknown'}`, `order:email:${placerEmail(placer)}`];
}

/** How many pending orders this placer may hold. */
export function pendingOrderCap(limits: OrderLimits, placer: OrderPlacer): number {
  return limits.pendingMax * (placer.signedIn ? SIGNED_IN_ORDER_ROOM : 1);
}

/**
 * The 429 for a placer holding `cap` pending orders: they are reviewed (or lapse after the hold
 * time) before another is taken; Retry-After is when the oldest of them lapses at the latest.
 */
export function tooManyPendingOrders(cap: number, oldestPendingAt: string | undefined, limits: OrderLimits, now: Date): ApiError {
  const lapses = oldestPendingAt ? new Date(oldestPendingAt).getTime() + limits.holdMs : now.getTime() + HOUR;
  const seconds = Math.max(60, Math.ceil((lapses - now.getTime()) / 1000));
  const orders = cap === 1 ? 'an order' : `${cap} orders`;
  return new ApiError(
    429,
    'too_many_pending_orders',
    `You already have ${orders} awaiting approval. Please wait until we have reviewed them before placing another.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

/** Refuses (403, the blocked-account message) an order under the e-mail of a blocked customer account. */
export async function assertEmailNotBlocked(db: Kysely<Database>, email: string): Promise<void> {
  const customer = await findCustomerByEmail(db, email);
  if (customer?.is_blocked === 1) throw new ApiError(403, 'account_blocked', AUTH_MESSAGES.blocked);
}
