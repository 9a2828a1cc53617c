import { currentRequestId } from './http/request-context';

/** Severity of a log line, lowest first. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Extra fields of a log line; an `err` field is expanded to name, message and stack. */
export type LogFields = Record<string, unknown>;

/** Writes structured log lines: one JSON object per line on stdout. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Turns an Error into plain fields (the stack stays in the log, never in a response). */
export function describeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) {
    const out: Record<string, unknown> = { name: err.name, message: err.message, stack: err.stack };
    const code = (err as { code?: unknown }).code;
    if (code !== undefined) out.code = code;
    if (err.cause !== undefined) out.cause = describeError(err.cause);
    return out;
  }
  return { message: String(err) };
}

/** Creates a logger at `level`; each line carries time, level, msg, the request id (when in a request) and the fields. */
export function createLogger(level: LogLevel = 'info', write: (line: string) => void = (l) => process.stdout.write(`${l}\n`)): Logger {
  const threshold = LEVELS[level];
  const emit = (lineLevel: LogLevel, msg: string, fields?: LogFields) => {
    if (LEVELS[lineLevel] < threshold) return;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level: lineLevel, msg };
    const requestId = currentRequestId();
    if (requestId) line.requestId = requestId;
    if (fields) {
      for (const [key, value] of Object.entries(fields)) {
        line[key] = key === 'err' ? describeError(value) : value;
      }
    }
    let text: string;
    try {
      text = JSON.stringify(line);
    } catch {
      text = JSON.stringify({ time: line.time, level: lineLevel, msg, requestId, note: 'fields not serialisable' });
    }
    write(text);
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
  };
}
