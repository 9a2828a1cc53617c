import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { bootstrap, checkMediaStorage, getConfig, getDatabaseKind, getLogger, markStopping, shutdown, warmCatalogue } from '../runtime';
import { productHtmlCache } from '../catalog/product-pages';
import { createEdgeListener } from './edge';
import { PageStylePruner } from './page-css';

/** What startHttpServer needs from the build. */
export interface StartHttpServerOptions {
  /** The Astro app handler exported by dist/server/entry.mjs (the adapter in middleware mode). */
  handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<unknown>;
  /** The build's client folder (dist/client). */
  clientDir: string;
  /** Ends the process; `process.exit` unless a test supplies its own. */
  exit?: (code: number) => void;
}

/** A running server. */
export interface RunningHttpServer {
  server: Server;
  /** Graceful stop: no new connections, in-flight requests and their work finish (until SHUTDOWN_TIMEOUT_MS), database closed. */
  stop(): Promise<void>;
}

/**
 * Starts the shop's HTTP server: migrations and seed first (a database that cannot be reached is
 * logged and retried on later requests, static pages are served meanwhile), then listen on
 * HOST:PORT through the edge, and stop gracefully on SIGTERM/SIGINT with exit code 0.
 * Expects getConfig() to have been validated by the caller.
 */
export async function startHttpServer(options: StartHttpServerOptions): Promise<RunningHttpServer> {
  const config = getConfig();
  const log = getLogger();
  const exit = options.exit ?? ((code: number) => process.exit(code));

  try {
    await bootstrap();
  } catch {
    // Already logged; the first requests needing the database try again.
  }
  // Meanwhile the server listens; the readiness check answers 'starting' until it is done (and tries again).
  warmCatalogue().catch(() => undefined);

  // Product pages, rendered on demand, keep only the styles they can use, as the pre-rendered ones do (src/integrations/page-css.ts).
  const stylePruner = new PageStylePruner(options.clientDir);
  productHtmlCache.finishPagesWith((html) => stylePruner.prune(html));

  let shuttingDown = false;
  // Requests whose response is open, and work requests started that has not ended (a client that
  // went away closed its response, but its order may still be half placed): a stop waits for both.
  let inFlight = 0;
  let working = 0;
  let drained: (() => void) | undefined;
  const settled = () => {
    if (inFlight === 0 && working === 0) drained?.();
  };
  const track = (work: Promise<unknown>) => {
    working++;
    const done = () => {
      working--;
      settled();
    };
    work.then(done, done);
  };
  const listener = createEdgeListener({
    handler: options.handler,
    track,
    clientDir: options.clientDir,
    config,
    log,
    isShuttingDown: () => shuttingDown,
  });
  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    inFlight++;
    res.once('close', () => {
      inFlight--;
      settled();
    });
    listener(req, res);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  log.info('server listening', { url: `http://${config.HOST}:${config.PORT}`, database: getDatabaseKind(), media: config.MEDIA_STORE, pid: process.pid });
  void checkMediaStorage();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      shuttingDown = true;
      markStopping();
      const deadline = config.SHUTDOWN_TIMEOUT_MS;
      log.info('shutting down', { inFlight, working, deadlineMs: deadline });
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (inFlight > 0 || working > 0) {
        await Promise.race([
          new Promise<void>((resolve) => (drained = resolve)),
          new Promise<void>((resolve) => setTimeout(resolve, deadline).unref()),
        ]);
      }
      if (inFlight > 0 || working > 0) log.warn('shutdown deadline passed; closing open requests', { inFlight, working });
      server.closeAllConnections();
      await closed;
      await shutdown();
      log.info('server stopped');
    })());

  const onSignal = (signal: NodeJS.Signals) => {
    log.info('signal received', { signal });
    stop().then(
      () => exit(0),
      (err: unknown) => {
        log.error('shutdown failed', { err });
        exit(1);
      },
    );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  return { server, stop };
}
