import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * file, on its own throwaway database, media and mail folders, and removes them afterwards.
 * E2E_BASE_URL points the tests at a server already running instead.
 */
export default async function setupServer(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.E2E_BASE_URL;
  if (given) {
    project.provide('baseUrl', given.replace(/\/+$/, ''));
    return undefined;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'graphene-e2e-'));
  const server = await startBuiltServer({
    env: {
      DATABASE_URL: `file:${join(scratch, 'shop.db')}`,
      // Every journey signs up from 127.0.0.1; the limit has its own API test.
      SIGNUP_LIMIT_PER_HOUR: '100000',
      ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000', // every journey orders from 127.0.0.1; the limits have their own API test
      PASSWORD_WAIT_MS: '120000', // sign-ins hash at the lowest CPU priority, behind the browsers; the gate's 503 has its own API test
      MEDIA_DIR: join(scratch, 'media'),
      MAIL_DIR: join(scratch, 'mail'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    },
  }).catch((error: unknown) => {
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}
