import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type KyselyConfig,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { DatabaseTarget } from '../config';
import type { DialectKind } from './dialect';
import { isCuredByReopening } from './errors';
import type { Database } from './schema';

/** An open database: the query builder, its dialect, and how to check and close it. */
export interface DatabaseHandle {
  /** The one query builder over every table. */
  db: Kysely<Database>;
  /**
   * The query builder for the live catalogue's reads (its revision, its products when they moved):
   * on PostgreSQL over a small pool of its own, so the shop's hottest answers never wait for a
   * connection behind transactions that hold the main pool's (orders queued on the catalogue's
   * revision lock while 50 a second came in); on SQLite the same as `db`.
   */
  readDb: Kysely<Database>;
  /** Which engine is behind it. */
  kind: DialectKind;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /**
   * Called once the schema is migrated: from then on PostgreSQL parses and plans each statement
   * once per connection (see preparedStatements). Nothing to do on SQLite, whose statements are
   * kept prepared already.
   */
  prepareStatements(): void;
  /** Closes every connection. */
  close(): Promise<void>;
}

/** Options of openDatabase. */
export interface OpenDatabaseOptions {
  /** PostgreSQL pool size. */
  poolSize?: number;
  /** PostgreSQL pool size of `readDb` (default 3). */
  readPoolSize?: number;
  /** Called with errors of idle PostgreSQL connections (e.g. the server went away). */
  onPoolError?: (err: Error) => void;
  /**
   * Called when a query fails in a way only a new connection cures: a SQLite file read-only when it
   * was opened (SQLite then stays read-only), an I/O error; PostgreSQL sessions started read-only.
   */
  onFault?: (err: unknown) => void;
  /** Called when a ROLLBACK after an error fails; the error that caused the rollback is thrown instead. */
  onRollbackFailure?: (err: unknown) => void;
}

/**
 * A driver whose failed ROLLBACK is reported rather than thrown: otherwise the rollback's own error
 * ('cannot rollback - no transaction is active', 'Client was closed') replaces the one that made the
 * transaction fail ('disk I/O error', 'Connection terminated'), in the answer and in the log.
 */
class FirstErrorDriver implements Driver {
  readonly savepoint: Driver['savepoint'];
  readonly rollbackToSavepoint: Driver['rollbackToSavepoint'];
  readonly releaseSavepoint: Driver['releaseSavepoint'];

  constructor(
    private readonly inner: Driver,
    private readonly onRollbackFailure: (err: unknown) => void,
  ) {
    this.savepoint = inner.savepoint?.bind(inner);
    this.rollbackToSavepoint = inner.rollbackToSavepoint?.bind(inner);
    this.releaseSavepoint = inner.releaseSavepoint?.bind(inner);
  }

  init = () => this.inner.init();
  acquireConnection = () => this.inner.acquireConnection();
  beginTransaction = (connection: DatabaseConnection, settings: TransactionSettings) => this.inner.beginTransaction(connection, settings);
  commitTransaction = (connection: DatabaseConnection) => this.inner.commitTransaction(connection);
  releaseConnection = (connection: DatabaseConnection) => this.inner.releaseConnection(connection);
  destroy = () => this.inner.destroy();

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (err) {
      this.onRollbackFailure(err);
    }
  }
}

/** The dialect with FirstErrorDriver around its driver. */
function keepingFirstError(dialect: Dialect, onRollbackFailure: (err: unknown) => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new FirstErrorDriver(dialect.createDriver(), onRollbackFailure),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** How many prepared statements the SQLite connection keeps for reuse. */
const STATEMENT_CACHE_SIZE = 256;

/** The part of a prepared statement Kysely's SQLite driver uses. */
type SqliteStatement = ReturnType<SqliteDatabase['prepare']>;

/**
 * Presents a better-sqlite3 database to Kysely with prepared statements reused by SQL text:
 * Kysely prepares every query anew, which costs more than running it. A ROLLBACK when SQLite
 * already rolled back by itself (it does after an I/O error or a full disk) does nothing.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = cache.get(text);
      if (statement) {
        // Map order is insertion order: re-inserting keeps the most used at the end.
        cache.delete(text);
      } else {
        const prepared = sqlite.prepare(text) as unknown as SqliteStatement;
        statement =
          text === 'rollback'
            ? { reader: false, all: () => [], iterate: () => [][Symbol.iterator](), run: (p) => (sqlite.inTransaction ? prepared.run(p) : { changes: 0, lastInsertRowid: 0 }) }
            : prepared;
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

/** Kysely's log hook passing failed queries that a new connection may cure to `onFault`. */
function faultWatcher(onFault: OpenDatabaseOptions['onFault']): KyselyConfig['log'] {
  return (event) => {
    if (event.level === 'error' && isCuredByReopening(event.error)) onFault?.(event.error);
  };
}

/** Opens SQLite: creates the file and its folder, WAL, busy timeout, foreign keys, synchronous NORMAL. */
function openSqlite(file: string, options: OpenDatabaseOptions): DatabaseHandle {
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
  const dialect = new SqliteDialect({ database: withStatementCache(sqlite) });
  const db = new Kysely<Database>({
    dialect: keepingFirstError(dialect, (err) => {
      options.onRollbackFailure?.(err);
      // Still inside the failed transaction: every later BEGIN would fail on this connection.
      if (sqlite.open && sqlite.inTransaction) options.onFault?.(err);
    }),
    log: faultWatcher(options.onFault),
  });
  return {
    db,
    readDb: db,
    kind: 'sqlite',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    prepareStatements: () => undefined,
    close: () => db.destroy(),
  };
}

// PostgreSQL's COUNT(*) and SUM() of integers come back as int8; numeric as text. Both are read as
// JS numbers: counts and cent sums of one shop stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Statement texts given a name, at most: the shop's queries are a few hundred shapes. */
const PREPARED_STATEMENTS_MAX = 1_000;
/** Statements with more parameters than this (a batch of rows, a long IN list) stay unnamed: each size is a text of its own. */
const PREPARED_PARAMETERS_MAX = 64;
/**
 * A `*` that is not `count(*)`: a statement whose result columns are the table's (`select *`,
 * `returning *`). Prepared, it would fail ('cached plan must not change result type') once another
 * server's migration adds a column; it stays unnamed.
 */
const ALL_COLUMNS = /\*(?!\))/;

/**
 * Names for the statements PostgreSQL keeps prepared. Kysely sends each query unnamed, which
 * PostgreSQL parses and plans on every execution: an order's twenty-odd statements and every
 * catalogue request's revision read paid that each time (measured here: 150 µs of the server's CPU
 * per statement unnamed, 76-108 µs named). A statement with parameters gets a name (a hash of its
 * text), and the driver parses it once per connection. Only once the schema is migrated: a
 * statement prepared before a migration changes its table's columns would fail after it (and
 * statements reading every column stay unnamed: another server may migrate while this one runs).
 * Texts past PREPARED_STATEMENTS_MAX, and statements of many parameters, stay unnamed.
 */
class PreparedStatements {
  #enabled = false;
  readonly #names = new Map<string, string>();

  enable(): void {
    this.#enabled = true;
  }

  /** The name to send `text` under, or undefined to send it unnamed. */
  nameOf(text: string, parameters: number): string | undefined {
    if (!this.#enabled || parameters > PREPARED_PARAMETERS_MAX) return undefined;
    let name = this.#names.get(text);
    if (name === undefined && this.#names.size < PREPARED_STATEMENTS_MAX && !ALL_COLUMNS.test(text)) {
      name = `s${createHash('sha256').update(text).digest('base64url').slice(0, 20)}`;
      this.#names.set(text, name);
    }
    return name;
  }

  /** Makes a connection send the statements named here under their names. */
  use(client: pg.PoolClient): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
      // Kysely's queries: a text and an array of parameters. Parameterless ones (BEGIN, COMMIT, a
      // migration's script) keep the simple protocol, which also runs several statements at once.
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = this.nameOf(text, values.length);
        if (name !== undefined) return query({ name, text, values }, callback);
      }
      return query(text, values, callback);
    }) as typeof client.query;
  }
}

/** A PostgreSQL pool of `max` connections (made on first use) and its query builder. */
function postgresPool(url: string, max: number, options: OpenDatabaseOptions, prepared: PreparedStatements): Kysely<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle connection dropped by the server would crash the process.
  pool.on('error', (err) => options.onPoolError?.(err));
  // The pool listens only while a connection is idle: one checked out (a transaction between two
  // queries) and ended by the server (restart, pg_terminate_backend) would crash the process too.
  // Its next query fails with the connection error, which answers 503 and is logged there.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepared.use(client);
  });
  return new Kysely<Database>({
    dialect: keepingFirstError(new PostgresDialect({ pool }), (err) => options.onRollbackFailure?.(err)),
    log: faultWatcher(options.onFault),
  });
}

/** Opens a PostgreSQL pool, and the catalogue's own small one (DatabaseHandle.readDb). */
function openPostgres(url: string, options: OpenDatabaseOptions): DatabaseHandle {
  const prepared = new PreparedStatements();
  const db = postgresPool(url, options.poolSize ?? 10, options, prepared);
  const readDb = postgresPool(url, options.readPoolSize ?? 3, options, prepared);
  return {
    db,
    readDb,
    kind: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    prepareStatements: () => prepared.enable(),
    close: async () => {
      await Promise.all([db.destroy(), readDb.destroy()]);
    },
  };
}

/** Opens the database a DATABASE_URL names (see resolveDatabaseTarget). */
export function openDatabase(target: DatabaseTarget, options: OpenDatabaseOptions = {}): DatabaseHandle {
  return target.kind === 'postgres' ? openPostgres(target.url, options) : openSqlite(target.file, options);
}
