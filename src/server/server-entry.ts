import { startHttpServer } from './http/serve';
import { bootstrap, getConfig, getLogger, shutdown } from './runtime';

/** What scripts/serve.mjs (plain JS, outside the bundle) reaches through globalThis. */
export interface ServerEntry {
  getConfig: typeof getConfig;
  getLogger: typeof getLogger;
  bootstrap: typeof bootstrap;
  shutdown: typeof shutdown;
  startHttpServer: typeof startHttpServer;
}

/** The global key the built server publishes its entry under. */
export const SERVER_ENTRY_KEY = Symbol.for('graphene-coatings.server-entry');

// The server code lives in the Astro build bundle, whose chunk names are hashed; publishing the
// entry on globalThis when the middleware module loads lets the plain-JS wrapper call into it.
(globalThis as Record<symbol, unknown>)[SERVER_ENTRY_KEY] = {
  getConfig,
  getLogger,
  bootstrap,
  shutdown,
  startHttpServer,
} satisfies ServerEntry;
