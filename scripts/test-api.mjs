// The HTTP API suite (tests/api) against the built server, on SQLite and on a throwaway PostgreSQL
// cluster at the same time. Each lane's files are split into API_TEST_SHARDS groups (by default one
// per two cores, at most four: one on a 2-core machine, where a full run at 2 groups per lane beside
// six other engineers' work timed out password, order and expiry tests) of about equal expected time
// (scripts/test-api-durations.json, measured: API_TEST_WRITE_DURATIONS=1 merges a run's times into
// it; a file not in it counts as the median), each group a
// vitest process of its own with its own shared server (tests/api/global-setup.ts) and, on PostgreSQL,
// its own cluster (a test stops and restarts its cluster). Within a group files still run one at a
// time against that group's shared server, as they did against the lane's one: a file never runs
// beside another on the same server. Groups help where cores are spare: both lanes' files and the
// servers they start take about 1,250 CPU-seconds (measured with /usr/bin/time over a full run), so
// on two cores the suite is bound by CPU, not by waiting, and more groups only add contention.
// The lanes share nothing but an S3-compatible server (s3rver; each file stores in buckets of its own).
// Each group's output is printed as one block when it ends.
// Expects a build in dist/ (or SHOP_DIST_DIR). Prints `N passed, N failed` for both lanes together
// and exits non-zero when anything failed. `node scripts/test-api.mjs tests/api/x.test.ts` runs only the files named.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
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
/** The PostgreSQL clusters started, one per PostgreSQL group. */
const clusters = new Set();
/** The S3-compatible server both lanes' media tests store in (each file in buckets of its own). */
let s3;
/** Test files (or name filters) given on the command line: both lanes run only those. */
const fileFilters = process.argv.slice(2);
/** The lanes' vitest processes still running. */
const children = new Set();

/** Stops what this script started; safe to call twice. */
function cleanUp() {
  for (const child of children) child.kill('SIGTERM');
  for (const cluster of clusters) {
    try {
      cluster.stop();
    } catch (err) {
      console.error(`Could not stop a PostgreSQL cluster: ${err.message}`);
    }
  }
  clusters.clear();
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

/** Every API test file, as absolute paths, sorted. */
function apiTestFiles(dir = join(root, 'tests/api')) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : apiTestFiles(path);
      return entry.name.endsWith('.test.ts') ? [path] : [];
    })
    .sort();
}

/**
 * The groups of files each lane runs, or one group of the filters as given (vitest then filters, as
 * before) when a filter names a line (`file.test.ts:12`) or matches no file here. A filter matches a
 * file whose path contains it, as vitest's do.
 */
function fileGroups(count) {
  const all = apiTestFiles();
  let files = all;
  if (fileFilters.length > 0) {
    if (fileFilters.some((filter) => /:\d+$/.test(filter))) return [fileFilters];
    files = all.filter((file) => fileFilters.some((filter) => file.includes(resolve(root, filter)) || relative(root, file).includes(filter)));
    if (files.length === 0) return [fileFilters];
  }
  let measured = {};
  try {
    measured = JSON.parse(readFileSync(join(root, 'scripts/test-api-durations.json'), 'utf8'));
  } catch {
    // Without the table every file counts the same.
  }
  const known = Object.values(measured).sort((a, b) => a - b);
  const median = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const expected = (file) => measured[relative(root, file)] ?? median;
  // Longest first, each to the group expected to end first: within a few seconds of the best split.
  const groups = Array.from({ length: Math.min(count, files.length) }, () => ({ seconds: 0, files: [] }));
  for (const file of [...files].sort((a, b) => expected(b) - expected(a))) {
    const group = groups.reduce((least, g) => (g.seconds < least.seconds ? g : least));
    group.seconds += expected(file);
    group.files.push(file);
  }
  return groups.map((group) => group.files);
}

/** How many groups each lane's files are split into: API_TEST_SHARDS, else one per two cores (one to four). */
function groupCount() {
  const given = Number(process.env.API_TEST_SHARDS);
  if (Number.isInteger(given) && given >= 1) return given;
  return Math.min(4, Math.max(1, Math.floor(availableParallelism() / 2)));
}

/** Seconds each file took in this run, the slower lane's: what API_TEST_WRITE_DURATIONS=1 writes. */
const durations = {};

/** Notes the files' times of a vitest JSON report. */
function noteDurations(report) {
  for (const file of report.testResults ?? []) {
    if (file.status !== 'passed' || !file.startTime || !file.endTime) continue;
    const name = relative(root, file.name);
    durations[name] = Math.max(durations[name] ?? 0, Math.max(1, Math.round((file.endTime - file.startTime) / 1000)));
  }
}

/** Merges this run's times into scripts/test-api-durations.json, longest first (API_TEST_WRITE_DURATIONS=1). */
function writeDurations() {
  const path = join(root, 'scripts/test-api-durations.json');
  let table = {};
  try {
    table = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    // A new table.
  }
  const merged = { ...table, ...durations };
  for (const name of Object.keys(merged)) if (!existsSync(join(root, name))) delete merged[name];
  const sorted = Object.fromEntries(Object.entries(merged).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
  writeFileSync(path, `${JSON.stringify(sorted, null, 1)}\n`);
  console.log(`Wrote the times of ${Object.keys(durations).length} files into ${relative(root, path)}`);
}

/** Runs one group of a lane's files, its output kept; resolves to its passed/failed counts. */
function runGroup(label, filters, env) {
  const outputFile = join(reports, `${label.replace(/\W+/g, '-')}.json`);
  const startedAt = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'tests/api/vitest.config.ts', '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`, ...filters],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: scratch, SHOP_DIST_DIR: dist, ...env } },
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
        for (const line of failedTestLines(report, root)) failures.push(`${FAILED_MARK}[${label}] ${line}`);
        noteDurations(report);
      } catch {
        failed = 1;
        failures.push(`${FAILED_MARK}[${label}] the lane left no report (exit code ${code})`);
      }
      if (code !== 0 && failed === 0) failed = 1;
      const seconds = Math.round((Date.now() - startedAt) / 1000);
      console.log(`\n=== API tests on ${label} (${seconds} s) ===\n${output}`);
      resolvePromise({ passed, failed });
    });
  });
}

/**
 * Runs one lane's groups side by side (`prepare` gives each group's extra environment, or throws);
 * resolves to the lane's counts. A group that cannot be prepared is one failure.
 */
async function runLane(lane, groups, prepare) {
  console.log(`=== API tests on ${lane}: started (${groups.length} group${groups.length === 1 ? '' : 's'}) ===`);
  const startedAt = Date.now();
  const results = await Promise.all(
    groups.map(async (filters, index) => {
      const label = groups.length === 1 ? lane : `${lane} ${index + 1}/${groups.length}`;
      let env;
      try {
        env = await prepare();
      } catch (err) {
        console.error(`[${label}] ${err.message}`);
        failures.push(`${FAILED_MARK}[${label}] ${err.message}`);
        return { passed: 0, failed: 1 };
      }
      return runGroup(label, filters, { API_TEST_LANE: lane, ...env });
    }),
  );
  console.log(`=== API tests on ${lane}: ended (${Math.round((Date.now() - startedAt) / 1000)} s) ===`);
  return results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed }), { passed: 0, failed: 0 });
}

/** A throwaway cluster for one PostgreSQL group: its folder lets a test stop and restart the server (a database outage). */
async function postgresGroupEnv() {
  let cluster;
  try {
    cluster = await startPgCluster();
  } catch (err) {
    throw new Error(`Could not start PostgreSQL: ${err.message}`);
  }
  clusters.add(cluster);
  return { API_TEST_PG_URL: cluster.url, API_TEST_PG_DIR: cluster.dir, API_TEST_PG_PORT: String(cluster.port) };
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
  const groups = fileGroups(groupCount());
  const lanes = [runLane('sqlite', groups, async () => s3Env), runLane('postgres', groups, async () => ({ ...s3Env, ...(await postgresGroupEnv()) }))];
  for (const lane of await Promise.all(lanes)) {
    totals.passed += lane.passed;
    totals.failed += lane.failed;
  }
  if (process.env.API_TEST_WRITE_DURATIONS === '1') writeDurations();
} finally {
  cleanUp();
}
if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
console.log(`\nAPI tests (SQLite + PostgreSQL) in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
