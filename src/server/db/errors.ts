// Error codes meaning "the database cannot be reached right now" rather than "the query is wrong".
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);
// PostgreSQL SQLSTATE classes 08 (connection) and 57P (operator intervention: shutdown, restart).
const PG_UNAVAILABLE = /^(08|57P)/;
const SQLITE_UNAVAILABLE = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_READONLY']);

/** Whether an error (or its cause) means the database is unreachable or busy, so 503 fits better than 500. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (NETWORK_CODES.has(code) || PG_UNAVAILABLE.test(code) || SQLITE_UNAVAILABLE.has(code.split('_').slice(0, 2).join('_'))) return true;
    const message = String((e as { message?: unknown }).message ?? '');
    if (/Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down)/i.test(message)) return true;
  }
  return false;
}
