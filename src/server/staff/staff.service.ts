import type { Kysely } from 'kysely';
import { ADMIN_PASSWORD_MIN, NAME_MAX, PASSWORD_MAX, STAFF_SESSION_ABSOLUTE_MS, STAFF_SESSION_IDLE_MS } from '../../lib/constants';
import { ADMIN_MESSAGES, permissionsOf, ROLE_PERMISSIONS, STAFF_ROLES, type Admin, type Permission, type StaffRole } from '../../lib/schemas/admin';
import { STAFF_INVITE_TTL_MS, STAFF_MESSAGES, STAFF_RESET_TTL_MS } from '../../lib/schemas/admin-staff';
import { isValidEmail, normalizeEmail } from '../../lib/schemas/auth';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.service';
import { hashPassword, isCommonPassword, verifyAccountPassword } from '../auth/passwords';
import { clearAttempts, releaseAttempts, reserveAttempts, signInLimits, underReservation } from '../auth/rate-limit';
import { createToken, hashToken } from '../auth/tokens';
import type { Db } from '../customers/customers.repository';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { enqueueMail } from '../mail/outbox';
import { renderStaffPasswordMail } from '../mail/templates';
import {
  countActiveStaffWithRole,
  lockActiveSuperAdmins,
  deleteSessionsOfStaff,
  findStaffPasswordToken,
  insertStaffPasswordToken,
  spendStaffPasswordTokens,
  deleteStaffSessionByTokenHash,
  findStaffByEmail,
  findStaffById,
  findStaffSession,
  insertStaff,
  insertStaffSession,
  selectAllStaff,
  touchStaffSession,
  updateStaff,
  type StaffRow,
  type StaffSessionRow,
} from './staff.repository';

const MINUTE = 60_000;
// Recording every request's time would write on every read; a minute of slack against a 30-minute idle limit is enough.
const TOUCH_INTERVAL_MS = MINUTE;

/** Whether a text is one of the staff roles. */
export function isStaffRole(value: string): value is StaffRole {
  return Object.hasOwn(ROLE_PERMISSIONS, value);
}

/** The API view of a staff row (spec §3 Admin): never the password hash. */
export function toAdmin(row: StaffRow): Admin {
  const role = isStaffRole(row.role) ? row.role : 'analyst';
  return { id: row.id, email: row.email, name: row.name, role, permissions: [...permissionsOf(role)] };
}

/** The signed-in staff member of a request: the account, its session and its permissions. */
export interface StaffPrincipal {
  admin: Admin;
  session: StaffSessionRow;
  /** Client address, for the audit log. */
  address?: string;
}

/** The actor of a principal's changes, for the audit log and order history. */
export function actorOf(principal: StaffPrincipal): Actor {
  return { id: principal.admin.id, name: principal.admin.name, address: principal.address };
}

/** Whether a staff member may do what a permission covers. */
export function hasPermission(admin: Admin, permission: Permission): boolean {
  return admin.permissions.includes(permission);
}

/** Where a request came from and when. */
export interface StaffRequestFacts {
  address?: string;
  now?: Date;
  /** The staff cookie this browser already had; its session ends at a new sign-in. */
  previousToken?: string;
}

/** A signed-in staff member and the token of the new session (for the cookie). */
export interface StaffSignedIn {
  admin: Admin;
  token: string;
}

/** Whether an error is a unique-constraint violation (SQLite or PostgreSQL). */
function isUniqueViolation(err: unknown): boolean {
  const code = String((err as { code?: unknown })?.code ?? '');
  return code === '23505' || code.startsWith('SQLITE_CONSTRAINT_UNIQUE') || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const invalidCredentials = () => new ApiError(401, 'invalid_credentials', ADMIN_MESSAGES.invalidCredentials);

/**
 * Signs a staff member in: 429 past the failure limits (per account and per address), 401 with one
 * message for an unknown e-mail or a wrong password (both counted, both verifying a hash so timing
 * tells nothing), 403 for a deactivated account with the right password. The browser's previous
 * staff session ends; the sign-in is audited.
 */
export async function signInStaff(db: Kysely<Database>, input: { email: string; password: string }, facts: StaffRequestFacts = {}): Promise<StaffSignedIn> {
  const now = facts.now ?? new Date();
  const limits = signInLimits('staff-login', normalizeEmail(input.email), facts.address);
  // Counted before the password is checked, so a burst sent at once meets the limit too.
  const reservation = await reserveAttempts(db, limits, now);
  const [staff, matches] = await underReservation(db, reservation, async () => {
    const found = await findStaffByEmail(db, input.email);
    return [found, await verifyAccountPassword(found?.password_hash, input.password)] as const;
  });
  if (!staff || !matches) throw invalidCredentials();
  await releaseAttempts(db, reservation);
  if (staff.active !== 1) throw new ApiError(403, 'account_deactivated', ADMIN_MESSAGES.deactivated);
  const token = createToken();
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // This address's own typos for the account are forgiven; others' failures keep counting.
    await clearAttempts(trx, limits[0]!.scope);
    if (facts.previousToken) await deleteStaffSessionByTokenHash(trx, hashToken(facts.previousToken));
    await updateStaff(trx, staff.id, { last_login_at: at, updated_at: staff.updated_at });
    await insertStaffSession(trx, {
      id: crypto.randomUUID(),
      token_hash: hashToken(token),
      staff_id: staff.id,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + STAFF_SESSION_ABSOLUTE_MS).toISOString(),
    });
    await recordAudit(trx, { id: staff.id, name: staff.name, address: facts.address }, { action: 'staff.sign_in', entityType: 'staff', entityId: staff.id }, now);
  });
  return { admin: toAdmin(staff), token };
}

/** Whether a staff session is over: past its absolute end or idle for longer than STAFF_SESSION_IDLE_MS. */
export function isStaffSessionOver(session: StaffSessionRow, now: Date): boolean {
  if (now.toISOString() >= session.expires_at) return true;
  return now.getTime() - new Date(session.last_seen_at).getTime() > STAFF_SESSION_IDLE_MS;
}

/**
 * The live staff session of a cookie token, or undefined: unknown, over (deleted), or its account
 * deactivated or of an unknown role. A live session's activity time is refreshed.
 */
export async function resolveStaffSession(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<{ admin: Admin; session: StaffSessionRow } | undefined> {
  const found = await findStaffSession(db, hashToken(token));
  if (!found) return undefined;
  if (isStaffSessionOver(found.session, now) || found.staff.active !== 1 || !isStaffRole(found.staff.role)) {
    await deleteStaffSessionByTokenHash(db, found.session.token_hash);
    return undefined;
  }
  if (now.getTime() - new Date(found.session.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await touchStaffSession(db, found.session.id, now.toISOString());
  }
  return { admin: toAdmin(found.staff), session: found.session };
}

/** Ends a staff session and audits the sign-out. */
export async function signOutStaff(db: Kysely<Database>, principal: StaffPrincipal, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await deleteStaffSessionByTokenHash(trx, principal.session.token_hash);
    await recordAudit(trx, actorOf(principal), { action: 'staff.sign_out', entityType: 'staff', entityId: principal.admin.id }, now);
  });
}

/** A new staff account as asked for; without a password the member is e-mailed a link to choose one. */
export interface NewStaff {
  email: string;
  name: string;
  role: StaffRole;
  password?: string;
}

/** What is wrong with a new staff account's fields, as field → message (empty when nothing). */
export function validateNewStaff(input: { email: string; name: string; role: string; password?: string }): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!isValidEmail(input.email.trim())) fields.email = ADMIN_MESSAGES.email;
  if (input.name.trim().length === 0) fields.name = ADMIN_MESSAGES.nameRequired;
  else if (input.name.trim().length > NAME_MAX) fields.name = ADMIN_MESSAGES.nameMax;
  if (!isStaffRole(input.role)) fields.role = ADMIN_MESSAGES.roleInvalid;
  if (input.password === undefined) return fields;
  if (input.password.length < ADMIN_PASSWORD_MIN) fields.password = ADMIN_MESSAGES.passwordMin;
  else if (input.password.length > PASSWORD_MAX) fields.password = ADMIN_MESSAGES.passwordMax;
  else if (isCommonPassword(input.password)) fields.password = ADMIN_MESSAGES.commonPassword;
  return fields;
}

/**
 * Creates a staff account (422 for bad fields or a common password, 409 for a taken e-mail), audited.
 * Without a password the account gets one nobody knows and the member an e-mailed link
 * (STAFF_INVITE_TTL_MS) to choose theirs, written with the account; `siteUrl` makes the link.
 */
export async function createStaff(db: Kysely<Database>, input: NewStaff, actor: Actor, now: Date = new Date(), siteUrl?: string): Promise<Admin> {
  const fields = validateNewStaff(input);
  if (Object.keys(fields).length > 0) throw new ApiError(422, 'invalid_fields', Object.values(fields)[0]!, fields);
  if (await findStaffByEmail(db, input.email)) {
    throw new ApiError(409, 'email_taken', ADMIN_MESSAGES.staffEmailTaken, { email: ADMIN_MESSAGES.staffEmailTaken });
  }
  const at = now.toISOString();
  const row: StaffRow = {
    id: crypto.randomUUID(),
    email: input.email.trim(),
    name: input.name.trim(),
    role: input.role,
    // No password given: a random one nobody ever sees, until the member sets theirs with the link.
    password_hash: await hashPassword(input.password ?? createToken()),
    active: 1,
    created_at: at,
    updated_at: at,
    last_login_at: null,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertStaff(trx, row);
      await recordAudit(trx, actor, { action: 'staff.create', entityType: 'staff', entityId: row.id, after: { ...toAdmin(row), active: true } }, now);
      if (input.password === undefined) await issuePasswordLink(trx, row, 'invite', actor, siteUrl ?? '', now);
    });
  } catch (err) {
    // Two creations of one address at once: the unique index decides, the loser hears why.
    if (isUniqueViolation(err)) throw new ApiError(409, 'email_taken', ADMIN_MESSAGES.staffEmailTaken, { email: ADMIN_MESSAGES.staffEmailTaken });
    throw err;
  }
  return toAdmin(row);
}

/**
 * Changes a staff account's role or active state. Any change revokes every session of the account at
 * once; the last active super_admin can be neither deactivated nor demoted (409). Audited.
 */
export async function changeStaff(
  db: Kysely<Database>,
  id: string,
  changes: { role?: StaffRole; active?: boolean },
  actor: Actor,
  now: Date = new Date(),
): Promise<Admin & { active: boolean }> {
  return db.transaction().execute(async (trx) => {
    // Every change to staff waits for the others (PostgreSQL row locks; SQLite runs one writer at a
    // time), so two super admins deactivating each other at once cannot both pass the count below.
    await lockActiveSuperAdmins(trx);
    // Checked again under the lock: a super admin demoted or deactivated a moment ago changes nothing more.
    if (actor.id) {
      const acting = await findStaffById(trx, actor.id);
      if (!acting || acting.active !== 1 || acting.role !== 'super_admin') throw new ApiError(403, 'forbidden', ADMIN_MESSAGES.forbidden);
    }
    const before = await findStaffById(trx, id);
    if (!before) throw new ApiError(404, 'not_found', STAFF_MESSAGES.staffNotFound);
    const role = changes.role ?? (before.role as StaffRole);
    const active = changes.active ?? before.active === 1;
    const losesSuperAdmin = before.role === 'super_admin' && before.active === 1 && (role !== 'super_admin' || !active);
    if (losesSuperAdmin && (await countActiveStaffWithRole(trx, 'super_admin')) <= 1) {
      throw new ApiError(409, 'last_super_admin', STAFF_MESSAGES.lastSuperAdmin);
    }
    const after: StaffRow = { ...before, role, active: active ? 1 : 0, updated_at: now.toISOString() };
    await updateStaff(trx, id, { role, active: after.active, updated_at: after.updated_at });
    if (role !== before.role || after.active !== before.active) await deleteSessionsOfStaff(trx, id);
    // A deactivated member's open password links die with their sessions.
    if (!active) await spendStaffPasswordTokens(trx, id, after.updated_at);
    await recordAudit(
      trx,
      actor,
      { action: 'staff.update', entityType: 'staff', entityId: id, before: { role: before.role, active: before.active === 1 }, after: { role, active } },
      now,
    );
    return { ...toAdmin(after), active };
  });
}

/** Every staff account with its state, by name. */
export async function listStaff(db: Kysely<Database>): Promise<(Admin & { active: boolean; lastLogin: string | null; createdAt: string })[]> {
  return (await selectAllStaff(db)).map((row) => ({ ...toAdmin(row), active: row.active === 1, lastLogin: row.last_login_at, createdAt: row.created_at }));
}

/**
 * Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no account has that e-mail: once,
 * never overwriting an existing account (its password may have changed since). Returns whether it made one.
 */
export async function ensureFirstAdmin(db: Kysely<Database>, email: string, password: string, now: Date = new Date()): Promise<boolean> {
  if (!email || !password) return false;
  if (await findStaffByEmail(db, email)) return false;
  try {
    await createStaff(db, { email, password, role: 'super_admin', name: 'Administrator' }, SYSTEM_ACTOR, now);
    return true;
  } catch (err) {
    // Another process starting at the same moment made it.
    if (err instanceof ApiError && err.status === 409) return false;
    throw err;
  }
}

/** The demo staff of SHOP_DEMO=1 (documented in the README); never created otherwise. */
export const DEMO_STAFF = [
  { name: 'Dana Whitfield', email: 'admin@example.com', password: 'Demo-Admin-2026', role: 'super_admin' },
  { name: 'Omar Reyes', email: 'orders@example.com', password: 'Demo-Orders-2026', role: 'order_manager' },
  { name: 'Priya Shah', email: 'products@example.com', password: 'Demo-Products-2026', role: 'product_manager' },
] as const satisfies readonly (NewStaff & { role: StaffRole })[];

/** Creates the missing demo staff accounts (existing ones are left as they are); returns how many. */
export async function seedDemoStaff(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  let created = 0;
  for (const demo of DEMO_STAFF) {
    if (await findStaffByEmail(db, demo.email)) continue;
    try {
      await createStaff(db, demo, SYSTEM_ACTOR, now);
      created += 1;
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 409)) throw err;
    }
  }
  return created;
}

/** Every role name, for command-line help. */
export const STAFF_ROLE_NAMES = STAFF_ROLES.join(', ');


/** Where a staff password link points. */
export function staffPasswordUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Issues a single-use password link to a member (older open links of theirs stop working) and puts
 * its e-mail in the outbox, in the caller's transaction; audited. Returns where it went and its end.
 */
async function issuePasswordLink(
  trx: Db,
  member: StaffRow,
  purpose: 'reset' | 'invite',
  actor: Actor,
  siteUrl: string,
  now: Date,
): Promise<{ sentTo: string; expiresAt: string }> {
  const token = createToken();
  const ttl = purpose === 'invite' ? STAFF_INVITE_TTL_MS : STAFF_RESET_TTL_MS;
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + ttl).toISOString();
  await spendStaffPasswordTokens(trx, member.id, at);
  await insertStaffPasswordToken(trx, { token_hash: hashToken(token), staff_id: member.id, purpose, created_at: at, expires_at: expiresAt, used_at: null });
  await enqueueMail(trx, member.email, renderStaffPasswordMail({ name: member.name, url: staffPasswordUrl(siteUrl, token), validMinutes: ttl / MINUTE, purpose, sentBy: actor.name }), now);
  await recordAudit(trx, actor, { action: purpose === 'invite' ? 'staff.invite_sent' : 'staff.reset_link_sent', entityType: 'staff', entityId: member.id, after: { sentTo: member.email, expiresAt } }, now);
  return { sentTo: member.email, expiresAt };
}

/**
 * E-mails an active member a single-use link (STAFF_RESET_TTL_MS) to set a new password: 404 for
 * an unknown id, 409 for a deactivated account. The token's hash, the e-mail and the audit entry
 * are written together.
 */
export async function sendStaffResetLink(db: Kysely<Database>, id: string, actor: Actor, siteUrl: string, now: Date = new Date()): Promise<{ sentTo: string; expiresAt: string }> {
  return db.transaction().execute(async (trx) => {
    const member = await findStaffById(trx, id);
    if (!member) throw new ApiError(404, 'not_found', STAFF_MESSAGES.staffNotFound);
    if (member.active !== 1) throw new ApiError(409, 'staff_deactivated', STAFF_MESSAGES.resetInactive);
    return issuePasswordLink(trx, member, 'reset', actor, siteUrl, now);
  });
}

/**
 * Sets a member's password with the token of an e-mailed link: 400 for an unknown, used or expired
 * link, 403 for a deactivated account, 422 for a common password. The link (and any other open one
 * of the member) is spent and every session of theirs ends; audited as the member's own action.
 */
export async function setStaffPassword(db: Kysely<Database>, input: { token: string; password: string }, facts: { address?: string; now?: Date } = {}): Promise<void> {
  const now = facts.now ?? new Date();
  const tokenHash = hashToken(input.token);
  const link = await findStaffPasswordToken(db, tokenHash);
  if (!link) throw new ApiError(400, 'invalid_token', STAFF_MESSAGES.linkInvalid);
  if (link.used_at) throw new ApiError(400, 'token_used', STAFF_MESSAGES.linkUsed);
  if (now.toISOString() >= link.expires_at) throw new ApiError(400, 'token_expired', STAFF_MESSAGES.linkExpired);
  const member = await findStaffById(db, link.staff_id);
  if (!member) throw new ApiError(400, 'invalid_token', STAFF_MESSAGES.linkInvalid);
  if (member.active !== 1) throw new ApiError(403, 'account_deactivated', ADMIN_MESSAGES.deactivated);
  if (isCommonPassword(input.password)) throw new ApiError(422, 'invalid_fields', ADMIN_MESSAGES.commonPassword, { password: ADMIN_MESSAGES.commonPassword });
  const passwordHash = await hashPassword(input.password);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Spent atomically: of two requests racing with one link, only one sets the password.
    if (!(await spendStaffPasswordTokens(trx, member.id, at, tokenHash))) throw new ApiError(400, 'token_used', STAFF_MESSAGES.linkUsed);
    await updateStaff(trx, member.id, { password_hash: passwordHash, updated_at: at });
    await deleteSessionsOfStaff(trx, member.id);
    await recordAudit(trx, { id: member.id, name: member.name, address: facts.address }, { action: 'staff.password_set', entityType: 'staff', entityId: member.id, after: { via: link.purpose } }, now);
  });
}

/** What an e-mailed password link is worth, for the page that opens it. */
export type StaffPasswordLinkState =
  | { state: 'valid'; purpose: 'reset' | 'invite'; name: string; email: string }
  | { state: 'invalid' | 'used' | 'expired' | 'deactivated'; message: string };

/** Reads a password link without spending it: valid (with whose it is), or why not. */
export async function checkStaffPasswordLink(db: Kysely<Database>, token: string, now: Date = new Date()): Promise<StaffPasswordLinkState> {
  const link = token ? await findStaffPasswordToken(db, hashToken(token)) : undefined;
  const member = link ? await findStaffById(db, link.staff_id) : undefined;
  if (!link || !member) return { state: 'invalid', message: STAFF_MESSAGES.linkInvalid };
  if (link.used_at) return { state: 'used', message: STAFF_MESSAGES.linkUsed };
  if (now.toISOString() >= link.expires_at) return { state: 'expired', message: STAFF_MESSAGES.linkExpired };
  if (member.active !== 1) return { state: 'deactivated', message: ADMIN_MESSAGES.deactivated };
  return { state: 'valid', purpose: link.purpose === 'invite' ? 'invite' : 'reset', name: member.name, email: member.email };
}
