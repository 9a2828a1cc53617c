import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { CustomersTable, Database, PasswordResetTokensTable } from '../db/schema';

/** A customer row as stored (search_text left out: the database keeps it, no code writes it). */
export type CustomerRow = Omit<Selectable<CustomersTable>, 'search_text'>;
/** A database or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;

/** The customer whose e-mail equals `email` regardless of case, if any. */
export function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The customer with this id, if any. */
export function findCustomerById(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a customer; the unique index on lower(email) refuses a second account per address. */
export async function insertCustomer(db: Db, row: CustomerRow): Promise<void> {
  await db.insertInto('customers').values(row).execute();
}

/** Stamps the latest sign-in. */
export async function updateLastLogin(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('customers').set({ last_login_at: at }).where('id', '=', id).execute();
}

/** Replaces the password hash. */
export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.updateTable('customers').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

/** Sets the blocked flag; returns whether a customer had this id. */
export async function updateBlocked(db: Db, id: string, blocked: boolean): Promise<boolean> {
  const result = await db.updateTable('customers').set({ is_blocked: blocked ? 1 : 0 }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Stores a password reset token (its hash). */
export async function insertResetToken(db: Db, row: Selectable<PasswordResetTokensTable>): Promise<void> {
  await db.insertInto('password_reset_tokens').values(row).execute();
}

/** The reset token with this hash, if any. */
export function findResetToken(db: Db, tokenHash: string): Promise<Selectable<PasswordResetTokensTable> | undefined> {
  return db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks every unused reset token of a customer used; returns whether `tokenHash` was among them. */
export async function useResetTokens(db: Db, customerId: string, tokenHash: string, at: string): Promise<boolean> {
  const own = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  await db.updateTable('password_reset_tokens').set({ used_at: at }).where('customer_id', '=', customerId).where('used_at', 'is', null).execute();
  return own.numUpdatedRows > 0n;
}
