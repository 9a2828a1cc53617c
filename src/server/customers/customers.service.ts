import type { Kysely } from 'kysely';
import { AUTH_MESSAGES, normalizeEmail, type CustomerUser } from '../../lib/schemas/auth';
import { hashPassword, isCommonPassword, verifyAccountPassword } from '../auth/passwords';
import {
  assertWithinLimits,
  clearAttempts,
  recordAttempts,
  releaseAttempts,
  reserveAttempts,
  RESET_ACCOUNT_LIMIT,
  RESET_ADDRESS_LIMIT,
  signInLimits,
  underReservation,
  type RateLimit,
} from '../auth/rate-limit';
import { endAllSessions, endSession, resolveSession, startSession, type NewSession } from '../auth/sessions.service';
import { createToken, hashToken } from '../auth/tokens';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderPasswordResetMail, renderWelcomeMail } from '../mail/templates';
import {
  findCustomerByEmail,
  findCustomerById,
  findResetToken,
  insertCustomer,
  insertResetToken,
  updateBlocked,
  updateLastLogin,
  updatePasswordHash,
  useResetTokens,
  type CustomerRow,
} from './customers.repository';

/** A password reset link works this long. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;

/** The API view of a customer row: never the password hash. */
export function toCustomerUser(row: CustomerRow): CustomerUser {
  return {
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    phone: row.phone,
    dateOfBirth: row.date_of_birth,
    role: 'user',
    createdAt: row.created_at,
    ...(row.last_login_at ? { lastLogin: row.last_login_at } : {}),
  };
}

/** A signed-in customer and the new session's token for the cookie. */
export interface SignedIn extends NewSession {
  user: CustomerUser;
}

/** Where a request came from and when, for rate limits and time stamps. */
export interface RequestFacts {
  /** Client IP address; requests without one share a single bucket. */
  address?: string;
  now?: Date;
}

const commonPasswordError = () => new ApiError(422, 'invalid_fields', AUTH_MESSAGES.commonPassword, { password: AUTH_MESSAGES.commonPassword });
const emailTakenError = () => new ApiError(409, 'email_taken', AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });

/** Whether an error is a unique-constraint violation (SQLite or PostgreSQL). */
function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** How many accounts one client address may create per hour (SIGNUP_LIMIT_PER_HOUR). */
export function signupAddressLimit(perHour: number): RateLimit {
  return { max: perHour, windowMs: 60 * 60_000 };
}

/** A validated sign-up. */
export interface Registration {
  fullName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  password: string;
}

/**
 * Creates an account (409 when the address is taken in any case, 422 for a common password, 429
 * past `facts.addressLimit` accounts from one client address), queues the welcome e-mail in the
 * same transaction, and signs the new customer in.
 */
export async function registerCustomer(
  db: Kysely<Database>,
  input: Registration,
  siteUrl: string,
  facts: RequestFacts & { addressLimit?: RateLimit } = {},
): Promise<SignedIn> {
  const now = facts.now ?? new Date();
  const limits = facts.addressLimit ? [{ scope: `signup:address:${facts.address ?? 'unknown'}`, limit: facts.addressLimit }] : [];
  await assertWithinLimits(db, limits, now);
  if (isCommonPassword(input.password)) throw commonPasswordError();
  if (await findCustomerByEmail(db, input.email)) throw emailTakenError();
  const passwordHash = await hashPassword(input.password);
  const row: CustomerRow = {
    id: crypto.randomUUID(),
    full_name: input.fullName.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    date_of_birth: input.dateOfBirth,
    password_hash: passwordHash,
    is_blocked: 0,
    created_at: now.toISOString(),
    last_login_at: now.toISOString(),
  };
  try {
    const session = await db.transaction().execute(async (trx) => {
      await insertCustomer(trx, row);
      // Only accounts made count: a mistyped form is not spam.
      await recordAttempts(trx, limits, now);
      await enqueueMail(trx, row.email, renderWelcomeMail({ fullName: row.full_name, siteUrl }), now);
      return startSession(trx, row.id, false, now);
    });
    return { ...session, user: toCustomerUser(row) };
  } catch (err) {
    // Two sign-ups for one address at once: the unique index decides.
    if (isUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
}

/**
 * Signs a customer in: 429 past the failure limits (per account and address pair, per account, per
 * address; counted before the password check), 404 for an unknown address, 401 for a wrong password
 * (both counted, both verifying a hash so timing tells nothing), 403 when blocked. On success this
 * address's failures for the account are forgotten, the previous session of this browser ends and a
 * new one starts.
 */
export async function signInCustomer(
  db: Kysely<Database>,
  input: { email: string; password: string; remember: boolean },
  facts: RequestFacts & { previousToken?: string } = {},
): Promise<SignedIn> {
  const now = facts.now ?? new Date();
  const limits = signInLimits('login', normalizeEmail(input.email), facts.address);
  const reservation = await reserveAttempts(db, limits, now);
  const [customer, matches] = await underReservation(db, reservation, async () => {
    const found = await findCustomerByEmail(db, input.email);
    return [found, await verifyAccountPassword(found?.password_hash, input.password)] as const;
  });
  if (!customer) throw new ApiError(404, 'user_not_found', AUTH_MESSAGES.userNotFound);
  if (!matches) throw new ApiError(401, 'invalid_password', AUTH_MESSAGES.invalidPassword);
  await releaseAttempts(db, reservation);
  // Checked after the password so the blocked state is not revealed to someone guessing.
  if (customer.is_blocked === 1) throw new ApiError(403, 'account_blocked', AUTH_MESSAGES.blocked);
  const session = await db.transaction().execute(async (trx) => {
    await clearAttempts(trx, limits[0]!.scope);
    if (facts.previousToken) await endSession(trx, facts.previousToken);
    await updateLastLogin(trx, customer.id, now.toISOString());
    return startSession(trx, customer.id, input.remember, now);
  });
  return { ...session, user: toCustomerUser({ ...customer, last_login_at: now.toISOString() }) };
}

/** The customer signed in with a cookie token, or undefined (unknown, over, or blocked). */
export async function findSignedInCustomer(db: Kysely<Database>, token: string | undefined, now: Date = new Date()): Promise<CustomerUser | undefined> {
  if (!token) return undefined;
  const found = await resolveSession(db, token, now);
  return found ? toCustomerUser(found.customer) : undefined;
}

/** Ends the session of a cookie token. */
export async function signOutCustomer(db: Kysely<Database>, token: string | undefined): Promise<void> {
  if (token) await endSession(db, token);
}

/**
 * Sends a single-use reset link (valid PASSWORD_RESET_TTL_MS) to an existing account: 404 for an
 * unknown address, 429 past the request limits (every request counts, counted first). A blocked
 * account gets the same answer and no mail. The token's hash and the e-mail are written together.
 */
export async function requestPasswordReset(db: Kysely<Database>, email: string, siteUrl: string, facts: RequestFacts = {}): Promise<void> {
  const now = facts.now ?? new Date();
  const limits = [
    { scope: `reset:account:${normalizeEmail(email)}`, limit: RESET_ACCOUNT_LIMIT },
    { scope: `reset:address:${facts.address ?? 'unknown'}`, limit: RESET_ADDRESS_LIMIT },
  ];
  await reserveAttempts(db, limits, now);
  const customer = await findCustomerByEmail(db, email);
  if (!customer) throw new ApiError(404, 'account_not_found', AUTH_MESSAGES.noAccount);
  if (customer.is_blocked === 1) return;
  const token = createToken();
  const resetUrl = `${siteUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await db.transaction().execute(async (trx) => {
    await insertResetToken(trx, {
      token_hash: hashToken(token),
      customer_id: customer.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MS).toISOString(),
      used_at: null,
    });
    await enqueueMail(trx, customer.email, renderPasswordResetMail({ fullName: customer.full_name, resetUrl, validMinutes: PASSWORD_RESET_TTL_MS / 60_000 }), now);
  });
}

/**
 * Sets a new password with a reset token: 400 for an unknown, used or expired token, 422 for a
 * common password. The token (and any other open one of the account) is spent and every session ends.
 */
export async function resetPassword(db: Kysely<Database>, input: { token: string; password: string }, now: Date = new Date()): Promise<void> {
  const tokenHash = hashToken(input.token);
  const token = await findResetToken(db, tokenHash);
  if (!token) throw new ApiError(400, 'invalid_token', AUTH_MESSAGES.resetTokenInvalid);
  if (token.used_at) throw new ApiError(400, 'token_used', AUTH_MESSAGES.resetTokenUsed);
  if (now.toISOString() >= token.expires_at) throw new ApiError(400, 'token_expired', AUTH_MESSAGES.resetTokenExpired);
  if (isCommonPassword(input.password)) throw commonPasswordError();
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    // Spent atomically: of two requests racing with one token, only one changes the password.
    if (!(await useResetTokens(trx, token.customer_id, tokenHash, now.toISOString()))) {
      throw new ApiError(400, 'token_used', AUTH_MESSAGES.resetTokenUsed);
    }
    await updatePasswordHash(trx, token.customer_id, passwordHash);
    await endAllSessions(trx, token.customer_id);
  });
}

/** Blocks or unblocks a customer; blocking ends every session at once. Returns false for an unknown id. */
export async function setCustomerBlocked(db: Kysely<Database>, customerId: string, blocked: boolean): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await updateBlocked(trx, customerId, blocked);
    if (found && blocked) await endAllSessions(trx, customerId);
    return found;
  });
}

/** The customer with this id as the API shows it, if any. */
export async function getCustomer(db: Kysely<Database>, id: string): Promise<CustomerUser | undefined> {
  const row = await findCustomerById(db, id);
  return row ? toCustomerUser(row) : undefined;
}
