import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { DialectKind } from './dialect';
import type { Database } from './schema';

/** An open database: the query builder, its dialect, and how to check and close it. */
export interface DatabaseHandle {
  /** The one query builder over every table. */
  db: Kysely<Database>;
  /** Which engine is behind it. */
  kind: DialectKind;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes every connection. */
  close(): Promise<void>;
}

/** Options of openDatabase. */
export interface OpenDatabaseOptions {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** Called with errors of idle PostgreSQL connections (e.g. the server went away). */
  onPoolError?: (err: Error) => void;
}

/** How many prepared statements the SQLite connection keeps for reuse. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Presents a better-sqlite3 database to Kysely with prepared statements reused by SQL text:
 * Kysely prepares every query anew, which costs more than running it.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = cache.get(text);
      if (statement) {
        // Map order is insertion order: re-inserting keeps the most used at the end.
        cache.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement as unknown as ReturnType<SqliteDatabase['prepare']>;
    },
  };
}

/** Opens SQLite: creates the file and its folder, WAL, busy timeout, foreign keys, synchronous NORMAL. */
function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  try {
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
  } catch (err) {
    sqlite.close();
    throw err;
  }
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    db,
    kind: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

// PostgreSQL's COUNT(*) and SUM() of integers come back as int8; numeric as text. Both are read as
// JS numbers: counts and cent sums of one shop stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Opens a PostgreSQL pool; connections are made on first use. */
function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle connection dropped by the server would crash the process.
  pool.on('error', (err) => options.onPoolError?.(err));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** Opens the database a DATABASE_URL names (see resolveDatabaseTarget). */
export function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): DatabaseHandle {
  return target.kind === 'postgres' ? openPostgres(target.url, options) : openSqlite(target.file);
}
