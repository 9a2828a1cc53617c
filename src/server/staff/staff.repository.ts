import { sql, type Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { getDialectKind } from '../db/dialect';
import type { StaffPasswordTokensTable, StaffSessionsTable, StaffTable } from '../db/schema';

/** A staff row as stored. */
export type StaffRow = Selectable<StaffTable>;
/** A staff session row as stored. */
export type StaffSessionRow = Selectable<StaffSessionsTable>;

/** The staff account whose e-mail equals `email` regardless of case, if any. */
export function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  return db
    .selectFrom('staff')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The staff account with this id, if any. */
export function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every staff account, by name. */
export function selectAllStaff(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().orderBy('name').orderBy('email').execute();
}

/** How many active accounts have this role. */
export async function countActiveStaffWithRole(db: Db, role: string): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', role)
    .where('active', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Locks the rows of the active super admins until the transaction ends (PostgreSQL; SQLite has one writer). */
export async function lockActiveSuperAdmins(db: Db): Promise<void> {
  if (getDialectKind(db) !== 'postgres') return;
  await db.selectFrom('staff').select('id').where('role', '=', 'super_admin').where('active', '=', 1).forUpdate().execute();
}

/** Stores a new staff account. */
export async function insertStaff(db: Db, row: StaffRow): Promise<void> {
  await db.insertInto('staff').values(row).execute();
}

/** Changes the role, active flag, name or password hash of an account. */
export async function updateStaff(
  db: Db,
  id: string,
  changes: Partial<Pick<StaffRow, 'role' | 'active' | 'name' | 'password_hash' | 'last_login_at'>> & { updated_at: string },
): Promise<void> {
  await db.updateTable('staff').set(changes).where('id', '=', id).execute();
}

/** Stores a new staff session. */
export async function insertStaffSession(db: Db, row: StaffSessionRow): Promise<void> {
  await db.insertInto('staff_sessions').values(row).execute();
}

/** The session with this token hash and its staff account, if both exist. */
export async function findStaffSession(db: Db, tokenHash: string): Promise<{ session: StaffSessionRow; staff: StaffRow } | undefined> {
  const row = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as s_id',
      'staff_sessions.token_hash as s_token_hash',
      'staff_sessions.created_at as s_created_at',
      'staff_sessions.last_seen_at as s_last_seen_at',
      'staff_sessions.expires_at as s_expires_at',
    ])
    .selectAll('staff')
    .where('staff_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { s_id, s_token_hash, s_created_at, s_last_seen_at, s_expires_at, ...staff } = row;
  return {
    session: { id: s_id, token_hash: s_token_hash, staff_id: staff.id, created_at: s_created_at, last_seen_at: s_last_seen_at, expires_at: s_expires_at },
    staff,
  };
}

/** Records activity on a session. */
export async function touchStaffSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('staff_sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Deletes the session with this token hash. */
export async function deleteStaffSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session of a staff account; returns how many. */
export async function deleteSessionsOfStaff(db: Db, staffId: string): Promise<number> {
  const result = await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes sessions past their absolute end or idle since before `idleBefore`. */
export async function deleteOverStaffSessions(db: Db, now: string, idleBefore: string): Promise<void> {
  await db
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleBefore)]))
    .execute();
}

/** A staff password link row as stored. */
export type StaffPasswordTokenRow = Selectable<StaffPasswordTokensTable>;

/** Stores a new staff password link (its token's hash). */
export async function insertStaffPasswordToken(db: Db, row: StaffPasswordTokenRow): Promise<void> {
  await db.insertInto('staff_password_tokens').values(row).execute();
}

/** The staff password link with this token hash, if any. */
export function findStaffPasswordToken(db: Db, tokenHash: string): Promise<StaffPasswordTokenRow | undefined> {
  return db.selectFrom('staff_password_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks every open password link of a member used; with `tokenHash`, returns whether that one was
 * still open (of two requests racing with one link, only one sees true).
 */
export async function spendStaffPasswordTokens(db: Db, staffId: string, at: string, tokenHash?: string): Promise<boolean> {
  let own = true;
  if (tokenHash) {
    const result = await db.updateTable('staff_password_tokens').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
    own = result.numUpdatedRows > 0n;
  }
  await db.updateTable('staff_password_tokens').set({ used_at: at }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
  return own;
}

/** The names of the staff accounts with these ids, by id. */
export async function selectStaffNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('staff').select(['id', 'name']).where('id', 'in', [...ids]).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
