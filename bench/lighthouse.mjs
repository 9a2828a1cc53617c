// Lighthouse (mobile defaults: Moto G Power viewport, simulated slow 4G and 4x CPU) on every page
// type of the storefront, against the built server. Per page: one warm-up request (so on-demand
// pages and server caches are warm), then N runs (default 3) in one headless Chromium; prints the
// median of each figure: the four category scores and FCP, LCP, TBT, CLS, Speed Index, then, in
// the run with the median performance score, what its LCP was made of and the audits below 100.
// Usage: npm run build && npx node bench/lighthouse.mjs [--url ORIGIN] [--runs N] [--save DIR] [/path ...]
//   default pages: home, /shop (both views), a category page, a vendor page, a product page,
//   /checkout, /login (the category, vendor and product are the first of the server's sitemaps);
//   --url uses a server already running (e.g. one with a generated catalogue); otherwise the build
//   in dist/ (SHOP_DIST_DIR picks another) is served on a free port with a scratch database.
//   --save DIR writes each page's median-run report (Lighthouse JSON) there, to look into.
//   CHROME_PATH picks the browser (default /usr/bin/chromium, else chromium-headless-shell).
//   --trade runs as a signed-in trade customer (issue #27): one is made (bench/trade-session.mjs,
//   with their own prices on the product page's family) and every run keeps their session cookie
//   and cached profile, so pages load that customer's prices. The server it starts gets a bench
//   admin for that; with --url, TRADE_ADMIN_EMAIL / TRADE_ADMIN_PASSWORD name a super admin of it.
//   e.g. npx node bench/lighthouse.mjs --trade / /shop /products/decorative-paints /shop/dc-ultra-interior-eggshell-1g
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signInTradeCustomer, SESSION_COOKIE, USER_SESSION_KEY } from './trade-session.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = [
  ['FCP', 'first-contentful-paint', 's'],
  ['LCP', 'largest-contentful-paint', 's'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
  ['SI', 'speed-index', 's'],
];
/** The goals (#15 item 3); a figure that misses its goal is marked with '!'. */
const GOALS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100, LCP: 2000, TBT: 150, CLS: 0.02 };
/** One Lighthouse run may not take longer than this. */
const RUN_TIMEOUT_MS = 120_000;

const args = process.argv.slice(2);
/** Removes `--name value` from args and returns the value. */
function takeOption(name) {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
}
const givenOrigin = takeOption('--url')?.replace(/\/+$/, '') ?? null;
const saveDir = takeOption('--save');
const runs = Number(takeOption('--runs') ?? 3);
const tradeAt = args.indexOf('--trade');
const asTrade = tradeAt >= 0;
if (asTrade) args.splice(tradeAt, 1);
/** The staff account that makes the trade customer: a bench admin on the server started here. */
const TRADE_ADMIN = {
  email: process.env.TRADE_ADMIN_EMAIL || 'bench.admin@example.com',
  password: process.env.TRADE_ADMIN_PASSWORD || 'Bench-Lighthouse-Admin-2026',
};
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of runs (1 or more).');
const chromePath =
  process.env.CHROME_PATH || ['/usr/bin/chromium', '/usr/bin/chromium-headless-shell'].find((path) => existsSync(path));

/** A free TCP port on 127.0.0.1. */
function findFreePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Starts scripts/serve.mjs (dist/, or SHOP_DIST_DIR) on a free port and a scratch database; waits for GET /api/health. */
async function startServer(scratch) {
  const port = await findFreePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'scripts/serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(scratch, 'shop.db')}`,
      MEDIA_DIR: join(scratch, 'media'),
      MAIL_DIR: join(scratch, 'mail'),
      LOG_LEVEL: 'warn',
      ...(asTrade ? { ADMIN_EMAIL: TRADE_ADMIN.email, ADMIN_PASSWORD: TRADE_ADMIN.password } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}.`);
    try {
      const response = await fetch(`${origin}/api/health`);
      if (response.ok) return { origin, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('The server did not become healthy within 60 s.');
}

/** Paths of one sitemap's <loc> entries. */
async function sitemapPaths(origin, path) {
  const response = await fetch(`${origin}${path}`);
  if (!response.ok) return [];
  return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Every page type of the issue, the category, vendor and product being the first the server's sitemaps list. */
async function defaultPages(origin) {
  const pages = await sitemapPaths(origin, '/sitemap-0.xml');
  const products = await sitemapPaths(origin, '/sitemap-products.xml');
  const category = pages.find((p) => p.startsWith('/products/'));
  const vendor = pages.find((p) => p.startsWith('/vendors/'));
  const product = products.find((p) => p.startsWith('/shop/'));
  for (const [kind, found] of Object.entries({ category, vendor, product })) {
    if (!found) throw new Error(`No ${kind} page in the sitemaps of ${origin}.`);
  }
  return ['/', '/shop', '/shop?view=products', category, vendor, product, '/checkout', '/login'];
}

/** The middle value (the lower middle of an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/**
 * What each run clears of the origin's data before it loads the page: Lighthouse's default (which
 * keeps cookies and local storage, so a run after another page of the same origin is a visitor's
 * later page with an emptied HTTP cache) plus local storage, so every run is a first visit, as
 * PageSpeed Insights' fresh browser sees it (the storefront keeps in local storage that it has the
 * web fonts, and a later page declares them at once).
 */
const CLEAR_STORAGE_TYPES = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'local_storage'];
/** As a trade customer, local storage keeps their cached profile (the page reads it to load their prices). */
const TRADE_CLEAR_STORAGE_TYPES = CLEAR_STORAGE_TYPES.filter((type) => type !== 'local_storage');

/** Puts a trade customer's session cookie and cached profile into the browser on `port` (its default profile, which Lighthouse then uses). */
async function becomeTradeCustomer(origin, port, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    await context.addCookies([{ name: SESSION_COOKIE, value: session.cookie, url: origin, httpOnly: true, sameSite: 'Lax' }]);
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(([key, user]) => localStorage.setItem(key, JSON.stringify(user)), [USER_SESSION_KEY, session.user]);
    await page.close();
  } finally {
    await browser.close();
  }
}

/** One Lighthouse run (mobile defaults) in the browser on `port`; its report (LHR). */
async function runLighthouse(url, port) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}.`)), RUN_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, clearStorageTypes: asTrade ? TRADE_CLEAR_STORAGE_TYPES : CLEAR_STORAGE_TYPES }),
      timeout,
    ]);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A run, made again (up to twice) when Lighthouse could not record its trace (NO_NAVSTART, NO_FCP
 * and the like: the tracing's own hiccups on a busy machine, seen about once in 25 runs here), so
 * one such run does not end a bench of 24.
 */
async function runLighthouseAgainOnTraceError(url, port) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url, port);
    } catch (err) {
      if (attempt >= 3 || !/\((NO_[A-Z_]+)\)/.test(err.message)) throw err;
      console.error(`  (${err.message.match(/\((NO_[A-Z_]+)\)/)[1]} on ${url}: run again)`);
    }
  }
}

/** The figures of one report: category scores (0-100) and metric values (ms, or unitless CLS). */
function figuresOf(lhr) {
  const figures = {};
  for (const id of CATEGORIES) figures[id] = Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  for (const [name, audit] of METRICS) figures[name] = lhr.audits[audit]?.numericValue ?? NaN;
  return figures;
}

/** A figure for the table, with '!' when it misses its goal. */
function show(name, value) {
  const goal = GOALS[name];
  const misses = goal !== undefined && (CATEGORIES.includes(name) ? value < goal : value > goal);
  const unit = METRICS.find(([metric]) => metric === name)?.[2];
  const text =
    unit === 's' ? `${(value / 1000).toFixed(2)} s` : unit === 'ms' ? `${Math.round(value)} ms` : unit === '' ? value.toFixed(3) : String(value);
  return `${text}${misses ? '!' : ''}`;
}

/** Audits below 100 in a report, scored ones first, listed once. */
function weakAudits(lhr) {
  const seen = new Set();
  const lines = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(audit.id) || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'notApplicable') continue;
      seen.add(audit.id);
      const detail = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`    ${String(Math.round(audit.score * 100)).padStart(3)}  ${id.padEnd(14)} ${audit.id}: ${audit.title}${detail}`);
    }
  }
  return lines;
}

/**
 * What the simulated LCP of a report was made of: the LCP element, when the page really painted it
 * (unthrottled), and the requests that had finished by then, which the simulation replays on the
 * slow network before that paint (all but low-priority images). A busy machine paints later and
 * so counts more requests: this is where most run-to-run spread of LCP comes from.
 */
function lcpMakeup(lhr) {
  const observed = lhr.audits.metrics?.details?.items?.[0]?.observedLargestContentfulPaint;
  const element = lhr.audits['lcp-breakdown-insight']?.details?.items?.find((item) => item.type === 'node')?.snippet ?? '?';
  const kinds = {};
  let count = 0;
  for (const request of lhr.audits['network-requests']?.details?.items ?? []) {
    const lowImage = request.resourceType === 'Image' && /^(Low|VeryLow)$/.test(request.priority ?? '');
    if (observed === undefined || request.networkEndTime > observed || lowImage) continue;
    const kind = request.resourceType ?? 'Other';
    kinds[kind] = (kinds[kind] ?? 0) + (request.transferSize ?? 0);
    count += 1;
  }
  const bytes = Object.entries(kinds)
    .map(([kind, size]) => `${kind} ${Math.round(size / 1024)} KB`)
    .join(', ');
  return `    LCP element ${element.slice(0, 90)}; painted at ${Math.round(observed ?? NaN)} ms unthrottled, after ${count} requests: ${bytes}`;
}

const scratch = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const server = givenOrigin ? null : await startServer(scratch);
const origin = givenOrigin ?? server.origin;
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const pages = args.length > 0 ? args : await defaultPages(origin);
  if (asTrade) {
    const productIds = pages.filter((p) => p.startsWith('/shop/')).map((p) => p.slice('/shop/'.length));
    const session = await signInTradeCustomer(origin, { admin: TRADE_ADMIN, productIds });
    await becomeTradeCustomer(origin, chrome.port, session);
    console.log(`As the signed-in trade customer ${session.email} (own prices on ${productIds.join(', ') || 'no product'}, 10% off the rest).`);
  }
  const load = loadavg().map((l) => l.toFixed(2)).join(', ');
  console.log(`Lighthouse 13 mobile (simulated throttling), median of ${runs} run(s) after a warm-up request, on ${origin}`);
  console.log(`browser ${chromePath}; load average ${load}; goals: performance ≥ 95, others 100, LCP ≤ 2.0 s, TBT ≤ 150 ms, CLS ≤ 0.02 ('!' misses)\n`);
  const head = ['page'.padEnd(34), 'perf', 'a11y', 'b.p.', 'seo ', 'FCP'.padEnd(8), 'LCP'.padEnd(8), 'TBT'.padEnd(8), 'CLS'.padEnd(7), 'SI'];
  console.log(head.join(' '));
  const summary = [];
  for (const page of pages) {
    const url = `${origin}${page}`;
    const warmUp = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    await warmUp.arrayBuffer();
    if (!warmUp.ok) throw new Error(`${url} answered ${warmUp.status}.`);
    const reports = [];
    for (let run = 0; run < runs; run += 1) reports.push(await runLighthouseAgainOnTraceError(url, chrome.port));
    const all = reports.map(figuresOf);
    const med = {};
    for (const name of Object.keys(all[0])) med[name] = median(all.map((f) => f[name]));
    const medianRun = reports[all.findIndex((f) => f.performance === med.performance)];
    const cells = [
      page.padEnd(34),
      ...CATEGORIES.map((id) => show(id, med[id]).padEnd(4)),
      ...METRICS.map(([name]) => show(name, med[name]).padEnd(name === 'CLS' ? 7 : 8)),
    ];
    console.log(cells.join(' ').trimEnd());
    console.log(lcpMakeup(medianRun));
    for (const line of weakAudits(medianRun).slice(0, 10)) console.log(line);
    summary.push({ page, ...med });
    if (saveDir) {
      mkdirSync(saveDir, { recursive: true });
      const name = page.replace(/^\/$/, 'home').replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');
      writeFileSync(join(saveDir, `${name}.json`), JSON.stringify(medianRun));
    }
  }
  const missing = summary.filter(
    (f) =>
      f.performance < GOALS.performance ||
      f.accessibility < 100 ||
      f['best-practices'] < 100 ||
      f.seo < 100 ||
      f.LCP > GOALS.LCP ||
      f.TBT > GOALS.TBT ||
      f.CLS > GOALS.CLS,
  );
  console.log(`\n${summary.length - missing.length} of ${summary.length} pages meet every goal; load average now ${loadavg().map((l) => l.toFixed(2)).join(', ')}.`);
} finally {
  await chrome.kill();
  if (server) {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
  rmSync(scratch, { recursive: true, force: true });
}
