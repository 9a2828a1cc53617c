import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

// Two projects: 'unit' is pure logic on Node (fast, parallel, no Astro); 'e2e' drives Chromium
// against the built server, which its globalSetup starts once. The e2e files run one at a time:
// the machine has 2 cores and each file already runs a browser beside the server.
export default defineConfig({
  resolve: { alias: { '~': src } },
  test: {
    // Time for the e2e globalSetup to stop the server.
    teardownTimeout: 30_000,
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
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/quality/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
