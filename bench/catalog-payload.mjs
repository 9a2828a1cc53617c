// What the storefront's live catalogue costs a phone (issue #15): for the full catalogue
// (GET /api/catalog), its cards (GET /api/catalog/cards), a category's cards (the biggest category's
// and the first product's: GET /api/catalog/cards?category=<slug>) and one product (GET /api/products?ids=) of
// a running shop, the body's size as sent raw, gzip and brotli, and in Chromium with Lighthouse's 4x
// CPU slowdown the main-thread time to receive and read the body (fetch + text) and to parse it
// (JSON.parse), median of the runs. Prints the 1-minute load average beside the figures.
//
//   npm run bench:catalog-generate -- --products 10000 --out /tmp/shop-10k --serve   (another shell)
//   npx node bench/catalog-payload.mjs [--url http://127.0.0.1:4400] [--runs 5] [--cpu-slowdown 4]
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';

const options = { url: 'http://127.0.0.1:4400', runs: 5, cpuSlowdown: 4 };
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  const value = process.argv[++i];
  if (arg === '--url') options.url = value.replace(/\/+$/, '');
  else if (arg === '--runs') options.runs = Number(value);
  else if (arg === '--cpu-slowdown') options.cpuSlowdown = Number(value);
  else throw new Error(`Unknown option ${arg}`);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Bytes of a path's body as sent with one Accept-Encoding, or null when the server does not answer 200. */
async function sentBytes(path, encoding) {
  const response = await fetch(`${options.url}${path}`, { headers: { 'accept-encoding': encoding } });
  if (response.status !== 200) return null;
  // Node's fetch decodes the body; Content-Length is what went over the wire.
  const length = response.headers.get('content-length');
  const body = Buffer.from(await response.arrayBuffer());
  return length ? Number(length) : body.length;
}

const catalogue = await (await fetch(`${options.url}/api/catalog`)).json();
const firstId = catalogue.products[0].id;
// A category or vendor page reads its own category's cards: the biggest category and the first product's.
const sizes = new Map();
for (const p of catalogue.products) sizes.set(p.category, (sizes.get(p.category) ?? 0) + 1);
const slugOf = (category) => category.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
const biggest = [...sizes].sort((a, b) => b[1] - a[1])[0][0];
const categories = [...new Set([biggest, catalogue.products[0].category])].map((c) => `/api/catalog/cards?category=${slugOf(c)}`);
const paths = ["/api/catalog", "/api/catalog/cards", ...categories, `/api/products?ids=${encodeURIComponent(firstId)}`];

console.log(`${options.url}: ${catalogue.products.length} products; load average ${loadavg()[0].toFixed(2)} at start`);
console.log('path'.padEnd(52), 'raw'.padStart(10), 'gzip'.padStart(10), 'br'.padStart(10), '  fetch+read', '  JSON.parse');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'], headless: true });
try {
  const page = await browser.newPage();
  // A page whose Content-Security-Policy lets it fetch the shop's API (the API's own answers allow nothing).
  await page.goto(`${options.url}/robots.txt`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
  for (const path of paths) {
    const [raw, gzip, br] = await Promise.all(['identity', 'gzip', 'br'].map((e) => sentBytes(path, e)));
    if (raw === null) {
      console.log(path.padEnd(52), 'not served');
      continue;
    }
    const reads = [];
    const parses = [];
    for (let run = 0; run < options.runs; run++) {
      const [read, parse] = await page.evaluate(async (p) => {
        const t0 = performance.now();
        const response = await fetch(p, { cache: 'no-store' });
        const text = await response.text();
        const t1 = performance.now();
        JSON.parse(text);
        return [t1 - t0, performance.now() - t1];
      }, path);
      reads.push(read);
      parses.push(parse);
    }
    console.log(
      path.slice(0, 52).padEnd(52),
      kb(raw).padStart(10),
      kb(gzip).padStart(10),
      kb(br).padStart(10),
      `${median(reads).toFixed(0)} ms`.padStart(12),
      `${median(parses).toFixed(0)} ms`.padStart(12),
    );
  }
} finally {
  await browser.close();
}
console.log(`load average ${loadavg()[0].toFixed(2)} at end (${options.cpuSlowdown}x CPU slowdown, median of ${options.runs})`);
