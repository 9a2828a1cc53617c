// Load figures for GET /api/catalog: full answers (gzip, as browsers ask) and revalidations
// (If-None-Match → 304). Starts the built server on a temporary SQLite database unless BENCH_URL
// names a running one. Not a test: it prints requests/s and latency percentiles.
//   node bench/catalog-api.mjs            (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
//   BENCH_URL=http://127.0.0.1:4321 node bench/catalog-api.mjs
import autocannon from 'autocannon';
import { startBenchServer } from './bench-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

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
const server = external ? undefined : await startBenchServer();
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
  await server?.stop();
}
