import type { Selectable } from 'kysely';
import type { CustomersTable, SessionsTable } from '../db/schema';
import type { Db } from '../customers/customers.repository';

/** A session row as stored. */
export type SessionRow = Selectable<SessionsTable>;

/** Stores a new session. */
export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session with this token hash and its customer, if both exist. */
export async function findSessionWithCustomer(
  db: Db,
  tokenHash: string,
): Promise<{ session: SessionRow; customer: Selectable<CustomersTable> } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('customers', 'customers.id', 'sessions.customer_id')
    .select([
      'sessions.id as s_id',
      'sessions.token_hash as s_token_hash',
      'sessions.customer_id as s_customer_id',
      'sessions.persistent as s_persistent',
      'sessions.created_at as s_created_at',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.expires_at as s_expires_at',
    ])
    .selectAll('customers')
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { s_id, s_token_hash, s_customer_id, s_persistent, s_created_at, s_last_seen_at, s_expires_at, ...customer } = row;
  return {
    session: {
      id: s_id,
      token_hash: s_token_hash,
      customer_id: s_customer_id,
      persistent: s_persistent,
      created_at: s_created_at,
      last_seen_at: s_last_seen_at,
      expires_at: s_expires_at,
    },
    customer,
  };
}

/** Moves a session's last activity forward. */
export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Deletes one session by token hash. */
export async function deleteSessionByTokenHash(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes one session by id. */
export async function deleteSessionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Deletes every session of a customer; returns how many there were. */
export async function deleteSessionsOfCustomer(db: Db, customerId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('customer_id', '=', customerId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
