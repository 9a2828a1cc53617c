// `npm test`: every lane of the suite in order, stopping at the first failing one.
//   unit (vitest) -> build (started beside the unit tests) -> API lanes (SQLite, PostgreSQL) -> type check -> Chromium (installed in
//   the background from the start) -> e2e +
//   quality (vitest projects e2e and e2e-serial, against the built server) -> Nu HTML checker.
// The type check and the HTML checker start right after the build and run beside the API lanes;
// their output and outcome are reported at their turn.
// Ends with one line `N passed, N failed`: tests of the vitest projects (and of the API lanes when
// they report a count), the HTML check as one, and any lane that failed without a count as one failure.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAILED_MARK, failedTestLines } from './failed-tests.mjs';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const reportDir = mkdtempSync(join(tmpdir(), 'graphene-test-'));
// Every lane's temporary files (test databases, mail folders, browser profiles) go under this run's
// folder, removed at the end: the suites make hundreds and would otherwise leave them behind.
process.env.TMPDIR = join(reportDir, 'tmp');
mkdirSync(process.env.TMPDIR);
// Node's on-disk cache of compiled modules, shared by every process of the run: the suites start
// the built server hundreds of times and each start otherwise compiles the same bundle and packages again.
process.env.NODE_COMPILE_CACHE = join(reportDir, 'compile-cache');
// Others may pass through (not list): a test runs a server as an unprivileged user in a folder of its own here.
chmodSync(reportDir, 0o711);
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');
const vnuJar = join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');
// The build, the server the e2e tests start (scripts/serve.mjs) and the HTML check all use dist/.
const clientDir = join(root, 'dist/client');
const COUNT_LINE = /^(\d+) passed, (\d+) failed$/;

/** When `npm test` started, for the total time in the summary. */
const suiteStartedAt = Date.now();
/** Totals across lanes. */
const totals = { passed: 0, failed: 0 };
/** One row per lane that ran: name, outcome, detail, seconds. */
const rows = [];
/** One line per failed test, from every lane, printed at the end. */
const failures = [];

/**
 * Runs a command with inherited output (teed when `capture` is set; kept, stderr too, and not
 * printed when `hold` is set); resolves with exit code and captured stdout.
 */
function run(command, args, { capture = false, hold = false, env = {} } = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', capture || hold ? 'pipe' : 'inherit', hold ? 'pipe' : 'inherit'],
    });
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk.toString();
      if (!hold) process.stdout.write(chunk);
    });
    child.stderr?.on('data', (chunk) => (stdout += chunk.toString()));
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolvePromise({ code: 127, stdout });
    });
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 128 : 1), stdout }));
  });
}

/** Prints a lane banner. */
function announce(name) {
  console.log(`\n━━━ ${name} ━━━`);
}

/** Records a lane's outcome; returns whether it passed. */
function record(name, ok, detail, startedAt) {
  rows.push({ name, ok, detail, seconds: (Date.now() - startedAt) / 1000 });
  return ok;
}

/** Runs vitest projects (in one run) with the JSON reporter beside the default one and adds their counts. */
async function runVitestProjects(label, projects) {
  const name = `vitest ${label}`;
  announce(name);
  const startedAt = Date.now();
  const jsonFile = join(reportDir, `${label}.json`);
  const { code } = await run(process.execPath, [
    vitestBin,
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
  ]);
  let passed = 0;
  let failed = 0;
  if (existsSync(jsonFile)) {
    const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
    for (const line of failedTestLines(report, root)) failures.push(`[${label}] ${line}`);
    passed = report.numPassedTests;
    failed = report.numFailedTests;
    // A file that fails to load has no failing test of its own; count it so it cannot hide.
    for (const file of report.testResults ?? []) {
      const anyFailed = (file.assertionResults ?? []).some((t) => t.status === 'failed');
      if (file.status === 'failed' && !anyFailed) failed += 1;
    }
  }
  // A crash, an unhandled error or "no test files" leaves a non-zero code with nothing counted.
  if (code !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  return record(name, code === 0 && failed === 0, `${passed} passed, ${failed} failed`, startedAt);
}

/** Runs a lane that has no test count of its own; a failure counts as one failed test. */
async function runStep(name, command, args) {
  announce(name);
  const startedAt = Date.now();
  const { code } = await run(command, args);
  if (code !== 0) totals.failed += 1;
  return record(name, code === 0, code === 0 ? 'ok' : `exit code ${code}`, startedAt);
}

/**
 * Starts a lane now, its output held back; the returned function, called at the lane's turn, waits
 * for it, prints its output under its banner and records it. The type check and the HTML check
 * are one process each, mostly on one core, while the API lanes mostly wait on HTTP and the
 * databases: run beside them, they no longer add their time to the suite's. `beside` names what
 * it ran beside, for the summary.
 */
function startHeld(name, command, args, { countsAsTest = false, beside = 'API' } = {}) {
  const startedAt = Date.now();
  let endedAt = 0;
  const running = run(command, args, { hold: true }).then((outcome) => ((endedAt = Date.now()), outcome));
  const finish = async () => {
    announce(name);
    const { code, stdout } = await running;
    process.stdout.write(stdout);
    if (code !== 0) totals.failed += 1;
    else if (countsAsTest) totals.passed += 1;
    const detail = code === 0 ? (countsAsTest ? 'no errors' : 'ok') : `exit code ${code}`;
    // The row shows how long the lane itself took, not how long it waited for its turn.
    return record(name, code === 0, `${detail} (beside ${beside})`, Date.now() - (endedAt - startedAt));
  };
  finish.running = running;
  return finish;
}


/** The API lanes (owned by the server suite); uses their `N passed, N failed` line when they print one. */
async function runApiLanes() {
  const name = 'API lanes (SQLite, PostgreSQL)';
  announce(name);
  const startedAt = Date.now();
  const { code, stdout } = await run(process.execPath, [join(root, 'scripts/test-api.mjs')], { capture: true });
  const counted = stdout
    .split('\n')
    .map((line) => line.trim().match(COUNT_LINE))
    .filter(Boolean)
    .pop();
  for (const line of stdout.split('\n')) if (line.startsWith(FAILED_MARK)) failures.push(line.slice(FAILED_MARK.length));
  const passed = counted ? Number(counted[1]) : code === 0 ? 1 : 0;
  let failed = counted ? Number(counted[2]) : code === 0 ? 0 : 1;
  if (code !== 0 && failed === 0) failed = 1;
  totals.passed += passed;
  totals.failed += failed;
  return record(name, code === 0, counted ? `${passed} passed, ${failed} failed` : `exit code ${code}`, startedAt);
}

/** The Nu HTML checker's arguments for the built pages. */
const HTML_CHECK_ARGS = [
  '-jar',
  vnuJar,
  '--errors-only',
  '--skip-non-html',
  // Filtered, and nothing else:
  // - Astro puts island <style> elements inside <body>;
  // - the storefront's CSS is inlined into each page, and the checker's CSS grammar predates rules
  //   Tailwind v4 emits and browsers support (@property, @starting-style, margin-trim, a custom
  //   property in transition-property). Anything else it says of that CSS still fails the lane.
  '--filterpattern',
  [
    '.*“style” element in “body”.*',
    '.*CSS: Unrecognized at-rule “@(property|starting-style)”.*',
    '.*CSS: “margin-trim”: Property “margin-trim” doesn.t exist.*',
    '.*CSS: “transition-property”: “--[a-z-]+” is not a “transition-property” value.*',
  ].join('|'),
  clientDir,
];

/** Starts the Nu HTML checker over the built pages (it counts as one test); returns its finishing lane. */
function startHtmlCheck() {
  return startHeld('Nu HTML checker (dist/client)', 'java', HTML_CHECK_ARGS, { countsAsTest: true });
}

/** Seconds as "12 min 34 s". */
function formatMinutes(seconds) {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${whole % 60} s`;
}

/** Prints the lane table, the total time and the closing count line. */
function summarise() {
  console.log('\n━━━ Summary ━━━');
  for (const row of rows) {
    console.log(`${row.ok ? 'PASS' : 'FAIL'}  ${row.name.padEnd(34)} ${row.detail.padEnd(24)} ${row.seconds.toFixed(1)} s`);
  }
  const lanes = [
    'vitest unit',
    'build',
    existsSync(join(root, 'scripts/test-api.mjs')) ? 'API lanes (SQLite, PostgreSQL)' : null,
    'type check',
    'Chromium',
    'vitest e2e',
    'Nu HTML checker (dist/client)',
  ].filter(Boolean);
  const skipped = lanes.slice(rows.length);
  if (rows.some((r) => !r.ok) && skipped.length > 0) console.log(`SKIP  ${skipped.join(', ')} (stopped at the first failure)`);
  const seconds = (Date.now() - suiteStartedAt) / 1000;
  console.log(`      ${'total'.padEnd(34)} ${''.padEnd(24)} ${seconds.toFixed(1)} s (${formatMinutes(seconds)})`);
  // Last, where a CI log's tail shows them: which tests failed, not only how many.
  if (failures.length > 0) console.log(`Failed tests:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed`);
}

/**
 * Starts scripts/ensure-chromium.mjs in the background, its output kept for later: on a fresh
 * machine the install is mostly a download, which then overlaps the unit, build and API lanes.
 */
function startChromiumInstall() {
  const startedAt = Date.now();
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [join(root, 'scripts/ensure-chromium.mjs')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk.toString()));
    child.stderr.on('data', (chunk) => (output += chunk.toString()));
    const done = (code, text) => resolvePromise({ code, output: text, milliseconds: Date.now() - startedAt });
    child.on('error', (error) => done(127, `${output}Could not start: ${error.message}\n`));
    child.on('close', (code) => done(code ?? 1, output));
  });
}

/** The Chromium lane: waits for the background install and prints what it said. */
async function finishChromiumInstall(install) {
  const name = 'Chromium';
  announce(name);
  const { code, output, milliseconds } = await install;
  process.stdout.write(output);
  if (code !== 0) totals.failed += 1;
  // The row shows how long the install itself took, though it overlapped earlier lanes.
  return record(name, code === 0, code === 0 ? 'ok (in the background)' : `exit code ${code}`, Date.now() - milliseconds);
}

/** Runs the lanes in order and stops at the first that fails. */
async function main() {
  const chromiumInstall = startChromiumInstall();
  /** The lanes started after the build, to be finished at their turn. */
  let finishTypeCheck;
  let finishHtmlCheck;
  // The build beside the unit tests, which need nothing it makes: it runs mostly on one core and
  // waits on the disk, and the unit tests fill the other. A failing unit lane still stops the suite.
  const finishBuild = startHeld('build', 'npm', ['run', 'build'], { beside: 'unit' });
  const lanes = [
    () => runVitestProjects('unit', ['unit']),
    () => finishBuild(),
    () => {
      // After the build: it generates the content collection types that tsconfig includes, and the pages.
      finishTypeCheck = startHeld('type check', process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', root]);
      finishHtmlCheck = startHtmlCheck();
      return true;
    },
    ...(existsSync(join(root, 'scripts/test-api.mjs')) ? [runApiLanes] : []),
    () => finishTypeCheck(),
    () => finishChromiumInstall(chromiumInstall),
    // The parallel browser files, then the stateful ones (see vitest.config.ts).
    () => runVitestProjects('e2e', ['e2e', 'e2e-serial']),
    () => finishHtmlCheck(),
  ];
  for (const lane of lanes) {
    if (!(await lane())) break;
  }
  // A lane that failed early still lets the install and the held lanes finish rather than cutting them off.
  await Promise.all([chromiumInstall, finishBuild.running, finishTypeCheck && finishTypeCheck.running, finishHtmlCheck && finishHtmlCheck.running]);
  summarise();
  rmSync(reportDir, { recursive: true, force: true });
  process.exitCode = totals.failed > 0 || rows.some((r) => !r.ok) ? 1 : 0;
}

// The build and the server must agree on dist/, so a stray ASTRO_OUT_DIR from a shell is ignored.
delete process.env.ASTRO_OUT_DIR;
await main();
