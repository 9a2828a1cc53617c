// Error codes meaning "the database cannot be reached right now" rather than "the query is wrong".
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
// PostgreSQL SQLSTATE classes 08 (connection), 53 (insufficient resources: disk full, out of memory,
// too many connections), 57P (operator intervention: shutdown, restart), 58 (system error: I/O),
// and 25006 (read-only transaction: a standby or default_transaction_read_only).
const PG_UNAVAILABLE = /^(08|53|57P|58|25006$)/;
const SQLITE_UNAVAILABLE = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_NOMEM',
  'SQLITE_PROTOCOL',
]);
// Faults a new connection can cure: a SQLite file opened while read-only stays read-only, an I/O
// error can leave the old connection unusable; a PostgreSQL session started read-only
// (default_transaction_read_only) stays so while the pool keeps it.
const SQLITE_REOPEN = new Set(['SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', 'SQLITE_NOTADB']);
const PG_REOPEN = new Set(['25006']);
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)|Client was closed and is not queryable|The database connection is not open/i;

/** The primary SQLite result code of a code such as SQLITE_IOERR_WRITE (SQLITE_IOERR). */
function sqlitePrimary(code: string): string {
  return code.split('_').slice(0, 2).join('_');
}

/** The error and its causes, outermost first. */
function* chain(err: unknown): Generator<{ code: string; message: string }> {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    yield { code: String((e as { code?: unknown }).code ?? ''), message: String((e as { message?: unknown }).message ?? '') };
  }
}

/** Whether an error (or its cause) means the database is unreachable, failing or busy, so 503 fits better than 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const { code, message } of chain(err)) {
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.has(sqlitePrimary(code))) return true;
    if (UNAVAILABLE_MESSAGE.test(message)) return true;
  }
  return false;
}

/** Whether an error is one a new connection may cure (see SQLITE_REOPEN, PG_REOPEN). */
export function isCuredByReopening(err: unknown): boolean {
  for (const { code } of chain(err)) if (SQLITE_REOPEN.has(sqlitePrimary(code)) || PG_REOPEN.has(code)) return true;
  return false;
}

/**
 * A short, public description of why the database fails (for /api/health): names the kind of
 * fault, never a path, a query or the driver's text.
 */
export function describeDatabaseFault(err: unknown): string {
  for (const { code, message } of chain(err)) {
    const primary = sqlitePrimary(code);
    if (primary === 'SQLITE_READONLY' || code === '25006') return 'the database is read-only';
    if (primary === 'SQLITE_FULL' || code === '53100') return 'the disk is full';
    if (primary === 'SQLITE_IOERR' || code === '58030') return 'disk I/O error';
    if (primary === 'SQLITE_BUSY' || primary === 'SQLITE_LOCKED' || code === '55P03') return 'the database is busy';
    if (primary === 'SQLITE_CANTOPEN' || ['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EISDIR'].includes(code)) return 'the database file cannot be opened';
    if (code === 'EROFS') return 'the database is read-only';
    if (primary === 'SQLITE_CORRUPT' || primary === 'SQLITE_NOTADB') return 'the database file is damaged';
    if (NETWORK_CODES.has(code) || /^(08|57P)/.test(code) || UNAVAILABLE_MESSAGE.test(message)) return 'the database server cannot be reached';
    if (/^53/.test(code)) return 'the database server is out of resources';
    if (/no answer within/.test(message)) return 'the database did not answer in time';
  }
  return 'the database is failing';
}
