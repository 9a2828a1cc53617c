import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { describeDatabaseFault, isCuredByReopening, isDatabaseUnavailable } from '../../../../src/server/db/errors';

/** An error with a driver code, as better-sqlite3 and pg throw them. */
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('database errors', () => {
  it('counts SQLite and PostgreSQL faults as unavailable (503) and query mistakes as not', () => {
    for (const code of ['SQLITE_IOERR_WRITE', 'SQLITE_FULL', 'SQLITE_READONLY_DBMOVED', 'SQLITE_BUSY', 'SQLITE_CORRUPT', '25006', '53100', '57P01', '08006', '58030', 'ECONNREFUSED']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_ERROR', '23505', '42P01']) expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: coded('SQLITE_IOERR') }))).toBe(true);
  });

  it('asks for a new connection only for faults a new one can cure', () => {
    expect(isCuredByReopening(coded('SQLITE_READONLY'))).toBe(true);
    expect(isCuredByReopening(coded('SQLITE_IOERR_FSYNC'))).toBe(true);
    expect(isCuredByReopening(coded('25006'))).toBe(true);
    expect(isCuredByReopening(coded('SQLITE_BUSY'))).toBe(false);
    expect(isCuredByReopening(coded('ECONNREFUSED'))).toBe(false);
  });

  it('describes a fault in a few public words, never the driver text', () => {
    expect(describeDatabaseFault(coded('SQLITE_READONLY', 'attempt to write a readonly database'))).toBe('the database is read-only');
    expect(describeDatabaseFault(coded('SQLITE_FULL'))).toBe('the disk is full');
    expect(describeDatabaseFault(coded('SQLITE_IOERR_WRITE'))).toBe('disk I/O error');
    expect(describeDatabaseFault(coded('ECONNREFUSED'))).toBe('the database server cannot be reached');
    expect(describeDatabaseFault(new Error('select * from secret_table'))).toBe('the database is failing');
  });
});

describe('a SQLite transaction that fails with a full disk', () => {
  let handle: DatabaseHandle | undefined;
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });

  it('rejects with the real error (not "cannot rollback") and leaves the connection usable', async () => {
    const rollbackFailures: unknown[] = [];
    const faults: unknown[] = [];
    handle = openDatabase(
      { kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-db-faults-')), 'shop.db') },
      { onRollbackFailure: (err) => rollbackFailures.push(err), onFault: (err) => faults.push(err) },
    );
    const { db } = handle;
    await sql`CREATE TABLE blobs (data BLOB)`.execute(db);
    // A full disk on demand: the file may not grow past its current pages plus a few.
    const [{ page_count: pages }] = (await sql<{ page_count: number }>`PRAGMA page_count`.execute(db)).rows as [{ page_count: number }];
    await sql.raw(`PRAGMA max_page_count = ${pages + 4}`).execute(db);

    const failing = db.transaction().execute(async (trx) => {
      await sql`INSERT INTO blobs VALUES (zeroblob(1000))`.execute(trx);
      await sql`INSERT INTO blobs VALUES (zeroblob(1000000))`.execute(trx);
    });
    const error = await failing.then(
      () => undefined,
      (err: unknown) => err as Error & { code?: string },
    );
    expect(error?.code).toBe('SQLITE_FULL');
    expect(error?.message).not.toMatch(/rollback/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(rollbackFailures).toEqual([]);
    expect(faults).toEqual([]);

    // Nothing of the failed transaction stayed, and the next one works.
    await db.transaction().execute((trx) => sql`INSERT INTO blobs VALUES (zeroblob(10))`.execute(trx));
    const rows = (await sql<{ n: number }>`SELECT COUNT(*) AS n FROM blobs`.execute(db)).rows;
    expect(rows[0]!.n).toBe(1);
  });
});
