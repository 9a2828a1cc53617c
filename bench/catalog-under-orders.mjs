// GET /api/catalog while orders come in: every order changes a stock number, so the catalogue
// changes up to ORDERS_PER_SECOND times a second. Measures full answers (gzip, as browsers ask)
// and revalidations (If-None-Match with the newest ETag seen → 304) while a second client
// places orders at a fixed rate. Starts the built server on a temporary SQLite database (or
// BENCH_DATABASE_URL); loopback only; about 20 s. Not a test: it prints figures and the goals.
//   npx node bench/catalog-under-orders.mjs   (BENCH_SECONDS=8 per phase, BENCH_CONNECTIONS=10, ORDERS_PER_SECOND=50)
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuMeter, startBenchServer, stockUp } from './bench-server.mjs';
import { loadHttp } from './http-load.mjs';

const seconds = Number(process.env.BENCH_SECONDS || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const ordersPerSecond = Number(process.env.ORDERS_PER_SECOND || 50);


let customer = 0;

/** Places orders at `ordersPerSecond` for `duration` seconds; resolves to the autocannon result. */
function placeOrders(base, productIds, duration) {
  const template = {
    items: productIds.map((productId) => ({ productId, quantity: 1 })),
    customer: { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', phone: '07700900123' },
    shippingAddress: { address: '1 Load Lane', city: 'London', postalCode: 'SW1A 1AA', country: 'United Kingdom' },
    payment: { cardName: 'BENCH MARK', brand: 'visa', last4: '4242', expiryDate: '12/30' },
  };
  return autocannon({
    url: `${base}/api/orders`,
    // Enough connections that slow answers do not hold the rate under ORDERS_PER_SECOND.
    connections: 20,
    overallRate: ordersPerSecond,
    duration,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        // Each order from its own customer, as a shop's orders are: its own e-mail and address (behind the
        // trusted proxy the server is started with), so the per-customer limits count what they would.
        setupRequest: (request) => {
          customer += 1;
          const email = `bench+${customer}@example.com`;
          return {
            ...request,
            headers: { ...request.headers, 'x-forwarded-for': `10.${(customer >> 16) & 255}.${(customer >> 8) & 255}.${customer & 255}` },
            body: JSON.stringify({ ...template, customer: { ...template.customer, email }, idempotencyKey: randomUUID() }),
          };
        },
      },
    ],
  });
}

/**
 * Runs the catalogue clients while orders come in; returns a table row. Revalidating clients send
 * the newest ETag any of them has seen, so a request that crosses a sale gets the new body, a 200.
 */
async function measureUnderOrders(title, base, revalidate, productIds) {
  let newestEtag;
  const meter = cpuMeter(serverPid);
  const [catalogue, orders] = await Promise.all([
    loadHttp({
      origin: base,
      path: '/api/catalog',
      connections,
      seconds,
      headers: () => (revalidate && newestEtag ? { 'accept-encoding': 'gzip', 'if-none-match': newestEtag } : { 'accept-encoding': 'gzip' }),
      // Only a 200 brings a newer ETag: a 304 repeats the one sent, and taking it would put an older
      // one back when answers cross (a request that read the revision before a sale answers after one that read it after).
      onResponse: (status, headers) => {
        if (status === 200 && headers.etag) newestEtag = headers.etag;
      },
    }),
    placeOrders(base, productIds, seconds),
  ]);
  return {
    title,
    'req/s (avg)': Math.round(catalogue.perSecond),
    'p50 ms': catalogue.p50,
    'p99 ms': catalogue.p99,
    '304/s': Math.round((catalogue.statuses[304] ?? 0) / catalogue.seconds),
    'MB/s': Math.round(catalogue.bytes / catalogue.seconds / 1e6),
    statuses: Object.entries(catalogue.statuses).map(([k, v]) => `${k}:${v}`).join(' '),
    errors: catalogue.errors,
    'orders/s': Math.round(orders['2xx'] / (orders.duration || seconds)),
    'order non2xx': orders.non2xx,
    ...meter(),
  };
}

// The bench is the proxy in front of the server: it names each order's client address.
const server = await startBenchServer({ TRUST_PROXY: '127.0.0.1' });
const serverPid = server.child.pid;
const base = server.url;
try {
  const { products } = await (await fetch(`${base}/api/catalog`)).json();
  const chosen = products.filter((p) => !p.requestQuoteOnly).slice(0, 2).map((p) => p.id);
  await stockUp(server.databaseUrl, chosen);
  console.log(`GET ${base}/api/catalog (${products.length} products) while POST /api/orders runs at ${ordersPerSecond}/s`);
  console.log(`undici: ${connections} catalogue connections, ${seconds} s per phase, loopback; orders: autocannon\n`);

  const rows = [];
  rows.push(await measureUnderOrders('200 full catalogue (gzip)', base, false, chosen));
  rows.push(await measureUnderOrders('If-None-Match, newest ETag seen', base, true, chosen));
  console.table(rows);
  const [full, revalidate] = rows;
  const notModifiedPerSecond = revalidate['304/s'];
  console.log(`full-body goal (>= 1,000 req/s): ${full['req/s (avg)'] >= 1000 ? 'met' : 'not met'} on this machine`);
  console.log(`304 goal (>= 5,000 304s/s): ${notModifiedPerSecond} 304/s, ${notModifiedPerSecond >= 5000 ? 'met' : 'not met'} on this machine`);
} finally {
  await server.stop();
}
