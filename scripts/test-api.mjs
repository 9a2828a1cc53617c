// The HTTP API suite (tests/api) against the built server, twice at the same time: on SQLite and on
// a throwaway PostgreSQL cluster. The lanes share nothing but an S3-compatible server (s3rver; each
// file stores in buckets of its own, and starts servers on databases of its lane) and spend most of their time waiting on HTTP and the database, so side by side they take
// about as long as the slower one. Each lane's output is printed as one block when it ends.
// Expects a build in dist/ (or SHOP_DIST_DIR). Prints `N passed, N failed` for both lanes together
// and exits non-zero when anything failed. `node scripts/test-api.mjs tests/api/x.test.ts` runs only the files named.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAILED_MARK, failedTestLines } from './failed-tests.mjs';
import { startPgCluster } from './pg-cluster.mjs';
import { startS3Server } from './s3-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = resolve(process.env.SHOP_DIST_DIR || join(root, 'dist'));
if (!existsSync(join(dist, 'server', 'entry.mjs'))) {
  console.error(`No build at ${dist}: run \`npm run build\` first (or set SHOP_DIST_DIR).`);
  process.exit(1);
}

// Every temporary file of the run (the lanes' databases, mail folders, servers' scratch) goes under
// one folder, TMPDIR for the lanes, removed at the end: the suite makes hundreds.
const scratch = mkdtempSync(join(tmpdir(), 'shop-api-run-'));
// Others may pass through (not list): a test runs a server as an unprivileged user in a folder of its own here.
chmodSync(scratch, 0o711);
const reports = join(scratch, 'reports');
mkdirSync(reports);
// The compiled-module cache of the servers the files start (npm test sets one for the whole run).
process.env.NODE_COMPILE_CACHE ||= join(scratch, 'compile-cache');
let cluster;
/** The S3-compatible server both lanes' media tests store in (each file in buckets of its own). */
let s3;
/** Test files (or name filters) given on the command line: both lanes run only those. */
const fileFilters = process.argv.slice(2);
/** The lanes' vitest processes still running. */
const children = new Set();

/** Stops what this script started; safe to call twice. */
function cleanUp() {
  for (const child of children) child.kill('SIGTERM');
  try {
    cluster?.stop();
  } catch (err) {
    console.error(`Could not stop the PostgreSQL cluster: ${err.message}`);
  }
  cluster = undefined;
  s3?.stop().catch(() => undefined);
  s3 = undefined;
  rmSync(scratch, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

/** Lines naming the failed tests of both lanes, printed last. */
const failures = [];

/** Runs the suite for one lane, its output kept; resolves to its passed/failed counts and output. */
function runLane(lane, env) {
  const outputFile = join(reports, `${lane}.json`);
  console.log(`=== API tests on ${lane}: started ===`);
  const startedAt = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/api/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`, ...fileFilters],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: scratch, SHOP_DIST_DIR: dist, API_TEST_LANE: lane, ...env } },
    );
    children.add(child);
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    child.once('close', (code) => {
      children.delete(child);
      let passed = 0;
      let failed = 0;
      try {
        const report = JSON.parse(readFileSync(outputFile, 'utf8'));
        passed = report.numPassedTests;
        failed = report.numFailedTests + (report.success || report.numFailedTests ? 0 : 1);
        for (const line of failedTestLines(report, root)) failures.push(`${FAILED_MARK}[${lane}] ${line}`);
      } catch {
        failed = 1;
        failures.push(`${FAILED_MARK}[${lane}] the lane left no report (exit code ${code})`);
      }
      if (code !== 0 && failed === 0) failed = 1;
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      console.log(`\n=== API tests on ${lane} (${seconds} s) ===\n${output}`);
      resolvePromise({ passed, failed });
    });
  });
}

/** The PostgreSQL lane: a throwaway cluster, then the suite against it; a cluster that will not start is one failure. */
async function runPostgresLane(env) {
  try {
    cluster = await startPgCluster();
  } catch (err) {
    console.error(`Could not start PostgreSQL: ${err.message}`);
    return { passed: 0, failed: 1 };
  }
  // The cluster's folder lets a test stop and restart the server (a database outage).
  return runLane('postgres', { ...env, API_TEST_PG_URL: cluster.url, API_TEST_PG_DIR: cluster.dir, API_TEST_PG_PORT: String(cluster.port) });
}

const started = Date.now();
const totals = { passed: 0, failed: 0 };
try {
  try {
    s3 = await startS3Server({ parent: scratch });
  } catch (err) {
    // The media tests that need it fail with their own message; the rest of the suite runs.
    console.error(`Could not start the S3 test server: ${err.message}`);
  }
  const s3Env = { API_TEST_S3_ENDPOINT: s3?.endpoint ?? '' };
  for (const lane of await Promise.all([runLane('sqlite', s3Env), runPostgresLane(s3Env)])) {
    totals.passed += lane.passed;
    totals.failed += lane.failed;
  }
} finally {
  cleanUp();
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nAPI tests (SQLite + PostgreSQL) in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
