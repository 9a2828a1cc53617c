import type { TestProject } from 'vitest/node';
import { createTestDatabase, currentLane, type Lane } from './helpers/lane';
import { mailDirOf } from './helpers/mail';
import { startServer } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the shared server under test, without a trailing slash. */
    apiBaseUrl: string;
    /** DATABASE_URL of that server (tests may read and change it behind the server's back). */
    apiDatabaseUrl: string;
    /** The lane: sqlite or postgres. */
    apiLane: Lane;
  }
}

/** Starts one built server with a fresh database of the lane for the files that share it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = await createTestDatabase();
  const server = await startServer({
    env: { DATABASE_URL: databaseUrl, SIGNUP_LIMIT_PER_HOUR: '100000', ORDER_LIMIT_PER_HOUR: '100000', ORDER_PENDING_MAX: '100000', MAIL_DIR: mailDirOf(databaseUrl) },
  });
  // Every file signs up from 127.0.0.1; the sign-up limit itself is tested on a server of its own.
  project.provide('apiBaseUrl', server.url);
  project.provide('apiDatabaseUrl', databaseUrl);
  project.provide('apiLane', currentLane());
  return server.stop;
}
