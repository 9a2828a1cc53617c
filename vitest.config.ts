import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { LongFilesFirstSequencer } from './tests/helpers/long-files-first.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Three projects: 'unit' is pure logic on Node (fast, parallel, no Astro); 'e2e' and 'e2e-serial'
// drive Chromium against the built server (`npm test` runs both e2e projects; so does
// `npx vitest run --project e2e --project e2e-serial`).
//
// Which e2e project a browser test file belongs to:
// - 'e2e' (the default): files run two at a time. Most share ONE server (its globalSetup starts it):
//   such a file may add to the shared database (accounts and orders with fresh e-mails, enquiries)
//   but must not depend on what other files add, nor change what they read. The shared server
//   counts rate limits per client address and every file is 127.0.0.1, so contact and quote forms
//   (5 per 10 min), order look-ups (10 per 15 min) and logins are budgets for all files together.
// - A file that needs a server to itself (its own database, mail folder, demo staff or environment)
//   starts one with startBuiltServer from tests/helpers/server.ts, as shop/live-catalogue.test.ts and
//   the back-office journeys (admin/admin-helpers.ts) do; nothing it does reaches other files, so it
//   stays in 'e2e' and runs in parallel.
// - 'e2e-serial': a stateful file that does not start its own server (it changes what other files
//   read or asserts on totals: edits the catalogue, approves orders, lists every order, uses up a
//   rate limit) declares itself by its name, `*.serial.test.ts`. These files run one at a time,
//   after the 'e2e' files, against a second server (same globalSetup) with a database of their own.
const SERIAL_E2E_FILES = ['tests/**/*.serial.test.ts'];

/** Settings both e2e projects share. */
const e2e = {
  environment: 'node' as const,
  globalSetup: ['tests/helpers/global-setup.ts'],
  // A route sweep test runs several checks on a page while the other worker drives another browser.
  testTimeout: 120_000,
  hookTimeout: 90_000,
  // expect.poll waits for what the page shows after a server answer; vitest's default of 1 s is
  // shorter than a sign-in takes when both cores are busy (its hashing runs at the lowest priority).
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
    // Time for the e2e globalSetup to stop the server.
    teardownTimeout: 30_000,
    // Groups (sequence.groupOrder) still run in order; within one, the minutes-long route sweeps start first.
    sequence: { sequencer: LongFilesFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...e2e,
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/quality/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SERIAL_E2E_FILES],
          // Two files (two Chromiums) beside the server keep a 2-core machine busy without starving it.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          ...e2e,
          name: 'e2e-serial',
          include: SERIAL_E2E_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
