// The built server for a bench: started on a free loopback port with a temporary SQLite database
// (or BENCH_DATABASE_URL), quiet logs, stopped by the caller.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/node-flags.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on 127.0.0.1. */
function findFreePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

/** Starts the built server (with `env` on top of the bench's); resolves to its URL, process, DATABASE_URL and a stop function once healthy. */
export async function startBenchServer(env = {}) {
  const port = await findFreePort();
  const databaseUrl = process.env.BENCH_DATABASE_URL || `file:${join(mkdtempSync(join(tmpdir(), 'shop-bench-')), 'shop.db')}`;
  // With the server's own V8 flags, so a bench measures what `npm start` runs.
  // BENCH_SERVER_FLAGS adds node flags of one's own, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server.
  const extraFlags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extraFlags, join(root, 'scripts/serve.mjs')], {
    cwd: root,
    // Access lines would measure the terminal, not the server; mail goes to a scratch folder.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', ORDER_LIMIT_PER_HOUR: '1000000', ORDER_PENDING_MAX: '1000000', MAIL_DIR: mkdtempSync(join(tmpdir(), 'shop-bench-mail-')), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200) return { url, child, databaseUrl, stop };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy');
}

/** A stock no bench run can exhaust. */
const BENCH_STOCK = 10_000_000;

/** Gives the products a stock no run can exhaust, behind the server's back. */
export async function stockUp(databaseUrl, ids) {
  const statement = `UPDATE products SET stock_quantity = ${BENCH_STOCK}, in_stock = 1, request_quote_only = 0 WHERE id IN (${ids.map((id) => `'${id.replace(/'/g, "''")}'`).join(', ')})`;
  if (databaseUrl.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
    return;
  }
  const db = new Database(databaseUrl.replace(/^file:/, ''));
  db.pragma('busy_timeout = 5000');
  db.prepare(statement).run();
  db.close();
}

/** CPU ms used so far by a process's main thread and by all its other threads (Linux /proc; zeros elsewhere). */
export function threadCpu(pid) {
  const used = { main: 0, others: 0 };
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return used;
  }
  for (const tid of tids) {
    try {
      // After the name's ')': utime and stime are the 12th and 13th fields, in 1/100 s.
      const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1].split(' ');
      used[tid === String(pid) ? 'main' : 'others'] += (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // the thread ended meanwhile
    }
  }
  return used;
}

/**
 * Measures, over a phase, how busy the server's main thread, the whole server (libuv's threads
 * included) and this load generator were, as a share of one core: where the cores of a small
 * machine went, so a figure that misses its goal says whether the server or the generator ran out.
 * Linux only (/proc); elsewhere it reports nothing.
 */
export function cpuMeter(pid) {
  const read = () => ({ ...threadCpu(pid), self: process.cpuUsage(), at: performance.now() });
  const start = read();
  return () => {
    const end = read();
    const seconds = (end.at - start.at) / 1000;
    if (!existsSync(`/proc/${pid}/stat`) || seconds <= 0) return {};
    const share = (ms) => Math.round(ms / 10 / seconds);
    const selfMicros = end.self.user + end.self.system - (start.self.user + start.self.system);
    return {
      'server main thread %': share(end.main - start.main),
      'server all threads %': share(end.main + end.others - start.main - start.others),
      'generator %': Math.round(selfMicros / 1e4 / seconds),
    };
  };
}

