// Runs Lighthouse (mobile settings, headless Debian Chromium, no network beyond loopback) against
// the built server and prints the four category scores per page.
// Usage: npm run build && npx node bench/lighthouse.mjs [--url ORIGIN] [/path ...]
//   default pages: / and /products/decorative-paints; --url uses a server already running;
//   SHOP_DIST_DIR serves another build folder than dist/.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const lighthouseCli = join(root, 'node_modules/lighthouse/cli/index.js');
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const givenOrigin = urlAt >= 0 ? args.splice(urlAt, 2)[1].replace(/\/+$/, '') : null;
const pages = args.length > 0 ? args : ['/', '/products/decorative-paints'];

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

/** Runs Lighthouse once and returns its JSON report. */
async function runLighthouse(url, outDir) {
  const outFile = join(outDir, 'report.json');
  const child = spawn(
    process.execPath,
    [
      lighthouseCli,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${outFile}`,
      `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`Lighthouse exited with code ${code} for ${url}.`);
  return JSON.parse(readFileSync(outFile, 'utf8'));
}

const outDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const server = givenOrigin ? null : await startServer(outDir);
const origin = givenOrigin ?? server.origin;
try {
  console.log(`Lighthouse ${CATEGORIES.join(' / ')} (mobile, simulated throttling) on ${origin}\n`);
  for (const page of pages) {
    const report = await runLighthouse(`${origin}${page}`, outDir);
    const scores = CATEGORIES.map((id) => {
      const score = report.categories[id]?.score;
      return `${id} ${score == null ? 'n/a' : Math.round(score * 100)}`;
    });
    const lcp = report.audits['largest-contentful-paint']?.displayValue ?? 'n/a';
    const cls = report.audits['cumulative-layout-shift']?.displayValue ?? 'n/a';
    const tbt = report.audits['total-blocking-time']?.displayValue ?? 'n/a';
    console.log(`${page.padEnd(32)} ${scores.join('  ')}   LCP ${lcp}, TBT ${tbt}, CLS ${cls}`);
    const failing = Object.values(report.categories)
      .flatMap((c) => c.auditRefs.map((ref) => report.audits[ref.id]))
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual');
    for (const audit of [...new Set(failing)].slice(0, 8)) console.log(`    ${String(Math.round(audit.score * 100)).padStart(3)}  ${audit.id}: ${audit.title}`);
  }
} finally {
  if (server) {
    server.child.kill('SIGTERM');
    await once(server.child, 'exit');
  }
  rmSync(outDir, { recursive: true, force: true });
}
