// A closed-loop HTTP load generator on undici (Node's own HTTP client): `connections` keep-alive
// connections, each sending its next request when the last answer has been read to the end.
// For answers of tens of kilobytes: autocannon parses each body in JavaScript and spent about
// 0.7 ms of CPU per 51 KB catalogue answer, so on a 2-core machine it, not the server, set the
// figure (1,470 answers/s with the server's main thread under half busy, against 9,700 from this).
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

/**
 * Loads `origin + path` for `seconds`. `headers()` gives each request's headers; `onResponse(status,
 * headers)` sees each answer. Resolves to { requests, perSecond, bytes, p50, p99, statuses, errors }.
 */
export async function loadHttp({ origin, path, connections = 10, seconds = 8, headers = () => ({}), onResponse = () => {} }) {
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const latencies = [];
  const statuses = {};
  let bytes = 0;
  let errors = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      try {
        const answer = await pool.request({ path, method: 'GET', headers: headers() });
        for await (const chunk of answer.body) bytes += chunk.length;
        latencies.push(performance.now() - sent);
        statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
        onResponse(answer.statusCode, answer.headers);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  latencies.sort((a, b) => a - b);
  const at = (q) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10 : 0);
  return { requests: latencies.length, perSecond: latencies.length / elapsed, seconds: elapsed, bytes, p50: at(0.5), p99: at(0.99), statuses, errors };
}
