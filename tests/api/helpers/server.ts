import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { distDir, ROOT } from './lane';

/** A built server started by a test. */
export interface TestServer {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** The JSON log lines it wrote so far. */
  logLines(): Record<string, unknown>[];
  /**
   * The first log line `match` accepts, once the server has written it: a line reaches the pipe a
   * little after the answer it logs, and on a loaded machine seconds after. Throws after `timeoutMs`.
   */
  waitForLog(match: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Resolves with the exit code (or signal) once the process ends. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then SIGKILL after 10 s; resolves when it has exited. */
  stop(): Promise<void>;
}

/** Options of startServer. */
export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** Wait for GET /api/health to answer this status (default 200); 'any' waits for any answer. */
  readyStatus?: number | 'any';
  readyTimeoutMs?: number;
  /** Run the server as this user (a test started as root needs file permissions to apply). */
  user?: { uid: number; gid: number };
  /** Node and V8 flags before the script (e.g. the production server's, scripts/node-flags.mjs). */
  nodeFlags?: string[];
}

/** A free TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Spawns `node [nodeFlags] scripts/serve.mjs` with the given environment, without waiting for it. */
export function spawnServer(env: Record<string, string | undefined>, user?: StartOptions['user'], nodeFlags: string[] = []): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [...nodeFlags, join(ROOT, 'scripts/serve.mjs')], {
    cwd: ROOT,
    ...user,
    env: { ...process.env, SHOP_DIST_DIR: distDir(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (process.env.API_TEST_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** How many ports startServer tries: a free port found may be taken by another process before the server binds it. */
const PORT_ATTEMPTS = 3;

/**
 * Starts the built server on a free 127.0.0.1 port and waits until /api/health answers; on another
 * port when the one found was taken meanwhile (the two lanes start servers side by side: a fresh
 * clone's run once lost its global setup's server to EADDRINUSE).
 */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startServerOnce(options, await findFreePort());
    } catch (err) {
      if (attempt >= PORT_ATTEMPTS || !(err instanceof Error) || !err.message.includes('EADDRINUSE')) throw err;
    }
  }
}

/** startServer on `port`. */
async function startServerOnce(options: StartOptions, port: number): Promise<TestServer> {
  const url = `http://127.0.0.1:${port}`;
  // Mail goes to a scratch folder unless a test names one, never into the working tree's data/.
  const mailDir = mkdtempSync(join(tmpdir(), 'shop-api-mail-'));
  const { child, output } = spawnServer({ MAIL_DIR: mailDir, ...options.env, HOST: '127.0.0.1', PORT: String(port) }, options.user, options.nodeFlags);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: TestServer = {
    url,
    child,
    output,
    logLines: () =>
      output()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>),
    waitForLog: async (match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const line = server.logLines().find(match);
        if (line) return line;
        if (Date.now() > deadline) throw new Error(`no matching log line within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
  const want = options.readyStatus ?? 200;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (want === 'any' || response.status === want) return server;
      last = `status ${response.status}`;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error(`server not ready (${last}):\n${output()}`);
}

/** Waits for a child process to exit, with a time limit. */
export async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
  clearTimeout(timer);
  return { code, signal };
}
