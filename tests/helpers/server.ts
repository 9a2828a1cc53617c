import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { findFreePort } from './port';

/** A running built server and how to stop it. */
export interface RunningServer {
  /** Origin the server answers on, e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** Sends SIGTERM (SIGKILL after a grace period) and waits for the process to exit. */
  stop: () => Promise<void>;
}

/** Options for {@link startBuiltServer}. */
export interface StartServerOptions {
  /** Project root holding scripts/serve.mjs; the current directory by default. */
  cwd?: string;
  /** Extra environment for the server (HOST and PORT are always set). */
  env?: NodeJS.ProcessEnv;
  /** How long to wait for GET /api/health to answer 200. */
  readyTimeoutMs?: number;
}

const HEALTH_POLL_MS = 150;
const STOP_GRACE_MS = 5_000;
/** How much of the server's output to keep for an error message. */
const OUTPUT_TAIL_CHARS = 4_000;

/** Waits until the child exits or the grace period passes, then kills it outright. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `node scripts/serve.mjs` (the built app) on a free 127.0.0.1 port and resolves once
 * GET /api/health answers 200. Rejects with the server's own output when it exits or never gets ready.
 */
export async function startBuiltServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const cwd = options.cwd ?? process.cwd();
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, [resolve(cwd, 'scripts/serve.mjs')], {
    cwd,
    env: { ...process.env, ...options.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  let stopping = false;
  // A server that dies mid-suite fails every later test with "connection refused"; say why once.
  // 'close', not 'exit': by then the last lines the server wrote have been read.
  child.on('close', (code, signal) => {
    if (!stopping) {
      process.stderr.write(
        `\n[e2e server] ${url} exited unexpectedly (code ${code}, signal ${signal}). Its last output:\n${output}\n`,
      );
    }
  });
  const stop = () => {
    stopping = true;
    return stopChild(child);
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (code ${child.exitCode ?? child.signalCode}) before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      await response.body?.cancel();
      if (response.status === 200) return { url, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, HEALTH_POLL_MS));
  }
  await stop();
  throw new Error(`The server did not answer GET /api/health with 200 within the time limit:\n${output}`);
}
