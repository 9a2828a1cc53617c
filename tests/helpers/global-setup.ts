import type { TestProject } from 'vitest/node';
import { startBuiltServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server under test, without a trailing slash. */
    baseUrl: string;
  }
}

/**
 * Vitest globalSetup of the e2e project: starts the built server once for every browser test
 * file and stops it afterwards. E2E_BASE_URL points the tests at a server already running instead.
 */
export default async function setupServer(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide('baseUrl', given.replace(/\/+$/, ''));
    return undefined;
  }
  const server = await startBuiltServer();
  project.provide('baseUrl', server.url);
  return server.stop;
}
