// Load figures for POST /api/orders: orders/s and latency while `connections` clients place
// orders of two products (stock counted, plenty of it) with a fresh idempotency key each. Starts the
// built server on a temporary SQLite database (or BENCH_DATABASE_URL, e.g. a postgres:// one).
// Not a test: it prints figures and whether the goal (>= 300 orders/s on SQLite) was met here.
//   node bench/orders.mjs          (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { startBenchServer, stockUp } from './bench-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);

const server = await startBenchServer();
try {
  const { products } = await (await fetch(`${server.url}/api/catalog`)).json();
  const chosen = products.filter((p) => !p.requestQuoteOnly).slice(0, 2);
  await stockUp(server.databaseUrl, chosen.map((p) => p.id));
  const template = {
    items: [{ productId: chosen[0].id, quantity: 1 }, { productId: chosen[1].id, quantity: 2 }],
    customer: { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', phone: '07700900123' },
    shippingAddress: { address: '1 Load Lane', city: 'London', postalCode: 'SW1A 1AA', country: 'United Kingdom' },
    payment: { cardName: 'BENCH MARK', brand: 'visa', last4: '4242', expiryDate: '12/30' },
  };
  console.log(`POST ${server.url}/api/orders on ${server.databaseUrl.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}: ${chosen.map((p) => p.name).join(' + ')}`);
  console.log(`autocannon: ${connections} connections, ${seconds} s, loopback, a new idempotency key per order\n`);
  const result = await autocannon({
    url: `${server.url}/api/orders`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.url },
        setupRequest: (request) => ({ ...request, body: JSON.stringify({ ...template, idempotencyKey: randomUUID() }) }),
      },
    ],
  });
  const placed = result['2xx'];
  const row = {
    'orders/s': Math.round(placed / (result.duration || seconds)),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    orders: placed,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  console.table([row]);
  console.log(`goal (>= 300 orders/s): ${row['orders/s'] >= 300 && row.non2xx === 0 ? 'met' : 'not met'} on this machine`);
} finally {
  await server.stop();
}
