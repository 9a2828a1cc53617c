import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The HTTP API suite: the built server (node scripts/serve.mjs) on a free port, talked to over
// HTTP. scripts/test-api.mjs runs it once per database lane (API_TEST_LANE=sqlite|postgres).
// Files run one at a time: several start their own servers and the machine has 2 cores.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'api',
    include: ['tests/api/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/api/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
