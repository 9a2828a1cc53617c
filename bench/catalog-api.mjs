// Load figures for GET /api/catalog: full answers (gzip, as browsers ask) and revalidations
// (If-None-Match → 304). Starts the built server on a temporary SQLite database unless BENCH_URL
// names a running one. Not a test: it prints requests/s and latency percentiles.
//   node bench/catalog-api.mjs            (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
//   BENCH_URL=http://127.0.0.1:4321 node bench/catalog-api.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.on('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}

/** Starts the built server with a temporary SQLite database; resolves to its URL and process. */
async function startServer() {
  const port = await freePort();
  const databaseUrl = process.env.BENCH_DATABASE_URL || `file:${join(mkdtempSync(join(tmpdir(), 'shop-bench-')), 'shop.db')}`;
  const child = spawn(process.execPath, [join(root, 'scripts/serve.mjs')], {
    cwd: root,
    // Access lines would measure the terminal, not the server.
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/health`);
      if (r.status === 200) return { url, child, databaseUrl };
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not become healthy');
}

/** Runs autocannon against one request shape and returns the figures. */
async function measure(title, url, headers) {
  const result = await autocannon({ url, connections, duration: seconds, headers, pipelining: 1 });
  return {
    title,
    'req/s (avg)': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'MB/s': Math.round((result.throughput.average / 1e6) * 10) / 10,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => `${k}:${v.count}`).join(' '),
  };
}

const external = process.env.BENCH_URL?.replace(/\/+$/, '');
const server = external ? undefined : await startServer();
const base = external ?? server.url;
try {
  const first = await fetch(`${base}/api/catalog`, { headers: { 'accept-encoding': 'gzip' } });
  const body = await first.arrayBuffer();
  const etag = first.headers.get('etag');
  const catalogue = await (await fetch(`${base}/api/catalog`)).json();
  console.log(
    `GET ${base}/api/catalog: ${catalogue.products.length} products, ${body.byteLength} bytes JSON, ${first.headers.get('content-length')} bytes gzip, ETag ${etag}`,
  );
  console.log(`autocannon: ${connections} connections, ${seconds} s each, loopback\n`);

  const rows = [];
  rows.push(await measure('200 full catalogue (gzip)', `${base}/api/catalog`, { 'accept-encoding': 'gzip' }));
  rows.push(await measure('304 If-None-Match', `${base}/api/catalog`, { 'accept-encoding': 'gzip', 'if-none-match': etag }));
  console.table(rows);
  const revalidate = rows[1];
  const ok = revalidate['req/s (avg)'] >= 5000 && revalidate['p99 ms'] <= 20;
  console.log(`304 path goal (>= 5,000 req/s, p99 <= 20 ms): ${ok ? 'met' : 'not met'} on this machine`);
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
}
