// CPU time the server's event loop spends per request, by kind: a figure that, unlike latency, a
// busy shared machine hardly changes. Starts the built server on a temporary SQLite database (or
// BENCH_DATABASE_URL), sends each kind alone for BENCH_SECONDS (6) and reads the CPU time of the
// server's main thread and of its other threads (password hashing among them) from /proc (Linux).
// A full catalogue answer is measured as browsers without brotli ask for it (gzip). A refused sign-in
// (429) is what a burst of sign-ins mostly is. Loopback only; about 40 s.
//   npm run bench:request-cost
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { startBenchServer, threadCpu as cpuOf } from './bench-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 6);
const PASSWORD = 'Harbour7!Lights';


const server = await startBenchServer({ SIGNUP_LIMIT_PER_HOUR: '100000', LOG_LEVEL: 'error' });
const base = server.url;
try {
  const email = `cost.${randomUUID().slice(0, 8)}@example.com`;
  const json = { 'content-type': 'application/json', origin: base };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ fullName: 'Cost Tester', email, phone: '+12145550177', dateOfBirth: '1987-03-14', password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const { products } = await (await fetch(`${base}/api/catalog`)).json();
  const etag = (await fetch(`${base}/api/catalog`)).headers.get('etag');
  const browser = { 'accept-encoding': 'br, gzip' };
  const kinds = [
    ['static page (/shop)', { url: `${base}/shop`, connections: 2, headers: browser }],
    ['product page', { url: `${base}/shop/${products[0].slug}`, connections: 2, headers: browser }],
    ['catalogue 200 (gzip)', { url: `${base}/api/catalog`, connections: 2, headers: { 'accept-encoding': 'gzip' } }],
    ['catalogue 304', { url: `${base}/api/catalog`, connections: 2, headers: { 'if-none-match': etag } }],
    ['sign-in, right password', { url: `${base}/api/auth/login`, connections: 1, method: 'POST', headers: json, body: JSON.stringify({ email, password: PASSWORD, remember: false }) }],
    // An unknown address: five 404s use up the address's failures, then every answer is 429.
    ['sign-in refused (429)', { url: `${base}/api/auth/login`, connections: 2, method: 'POST', headers: json, body: JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-one-1', remember: false }) }],
  ];
  const rows = [];
  for (const [kind, options] of kinds) {
    const before = cpuOf(server.child.pid);
    const result = await autocannon({ duration: seconds, ...options });
    const after = cpuOf(server.child.pid);
    const n = Math.max(1, result.requests.total);
    rows.push({
      kind,
      requests: result.requests.total,
      statuses: Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => `${code}:${v.count}`).join(' '),
      'event loop CPU ms/req': Number(((after.main - before.main) / n).toFixed(2)),
      'other threads CPU ms/req': Number(((after.others - before.others) / n).toFixed(2)),
    });
  }
  console.table(rows);
  console.log(`load average (1, 5, 15 min): ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
} finally {
  await server.stop();
}
