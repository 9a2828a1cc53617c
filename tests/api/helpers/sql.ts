import Database from 'better-sqlite3';
import pg from 'pg';
import { resolveDatabaseTarget } from '../../../src/server/config';

/** Runs SQL directly against a test database (behind the server's back) and returns the rows. */
export async function runSql<T = Record<string, unknown>>(databaseUrl: string, statement: string): Promise<T[]> {
  const target = resolveDatabaseTarget(databaseUrl);
  if (target.kind === 'sqlite') {
    const db = new Database(target.file);
    try {
      db.pragma('busy_timeout = 5000');
      const prepared = db.prepare(statement);
      return prepared.reader ? (prepared.all() as T[]) : (prepared.run(), []);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}
