import { CatalogSnapshotCache } from './catalog/catalog.snapshot';
import { seedCatalogFromContent } from './catalog/catalog.service';
import { parseConfig, resolveDatabaseTarget, resolveDir, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import type { DialectKind } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { unavailable } from './http/errors';
import { createLogger, type Logger } from './log';
import { AUTH_PURGE_INTERVAL_MS, purgeExpiredAuthRows } from './auth/maintenance';
import { seedDemoCustomers } from './customers/demo';
import { ensureFirstAdmin, seedDemoStaff } from './staff/staff.service';
import { expireStalePendingOrders } from './orders/order-workflow.service';
import { startOutboxWorker, type OutboxWorker } from './mail/outbox.worker';
import { createMailTransport } from './mail/transport';

/** How often pending orders past their hold time are looked for. */
const ORDER_EXPIRY_INTERVAL_MS = 10 * 60_000;
/** After a failed start of the database, requests wait this long before trying again. */
const RETRY_AFTER_FAILURE_MS = 2_000;

/** Process-wide server state: configuration, logger, the database once bootstrapped, caches. */
interface RuntimeState {
  config?: Config;
  log?: Logger;
  handle?: DatabaseHandle;
  starting?: Promise<DatabaseHandle>;
  failedAt?: number;
  /** Delivers the e-mail outbox while the database is up. */
  outbox?: OutboxWorker;
  /** Hourly removal of expired sessions, old rate-limit attempts and reset tokens. */
  purgeTimer?: NodeJS.Timeout;
  /** Cancels pending orders nobody approved within ORDER_HOLD_HOURS. */
  expiryTimer?: NodeJS.Timeout;
  closed: boolean;
}

const state: RuntimeState = { closed: false };

/** The cached serialised catalogue of this process. */
export const catalogCache = new CatalogSnapshotCache({ onBuilt: (report) => getLogger().debug('catalogue snapshot built', { ...report }) });

/** The validated configuration (parsed once; throws ConfigError with one line when invalid). */
export function getConfig(): Config {
  state.config ??= parseConfig(process.env);
  return state.config;
}

/** The process logger, at LOG_LEVEL (info when the configuration is invalid). */
export function getLogger(): Logger {
  if (!state.log) {
    let level: Config['LOG_LEVEL'] = 'info';
    try {
      level = getConfig().LOG_LEVEL;
    } catch {
      // The configuration error is reported by whoever starts the server.
    }
    state.log = createLogger(level);
  }
  return state.log;
}

/** Which engine DATABASE_URL names, without connecting. */
export function getDatabaseKind(): DialectKind {
  return resolveDatabaseTarget(getConfig().DATABASE_URL).kind;
}

/** Opens the database, runs the migrations and seeds an empty catalogue. */
async function startDatabase(): Promise<DatabaseHandle> {
  const config = getConfig();
  const log = getLogger();
  const target = resolveDatabaseTarget(config.DATABASE_URL);
  const handle = openDatabase(target, { onPoolError: (err) => log.warn('database connection lost', { err }) });
  try {
    const ran = await migrateToLatest(handle.db);
    if (ran.length) log.info('migrations applied', { migrations: ran, database: handle.kind });
    const seed = await seedCatalogFromContent(handle.db, resolveDir(config.CONTENT_DIR));
    if (seed.seeded) log.info('catalogue seeded from content', { products: seed.products, categories: seed.categories });
    if (await ensureFirstAdmin(handle.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)) log.info('first admin created', { email: config.ADMIN_EMAIL });
    if (config.SHOP_DEMO) {
      const created = await seedDemoCustomers(handle.db);
      if (created) log.info('demo customers created', { created });
      const staff = await seedDemoStaff(handle.db);
      if (staff) log.info('demo staff created', { created: staff });
    }
    return handle;
  } catch (err) {
    await handle.close().catch(() => undefined);
    throw err;
  }
}

/**
 * Starts the database once (migrations, seed) and returns it. Concurrent callers share one start;
 * after a failure the next call (no sooner than RETRY_AFTER_FAILURE_MS) tries again.
 */
export function bootstrap(): Promise<DatabaseHandle> {
  if (state.handle) return Promise.resolve(state.handle);
  if (state.closed) return Promise.reject(new Error('The server is shutting down.'));
  state.starting ??= startDatabase().then(
    (handle) => {
      state.handle = handle;
      state.failedAt = undefined;
      const config = getConfig();
      state.outbox ??= startOutboxWorker({
        db: handle.db,
        transport: createMailTransport(config.SMTP_URL, resolveDir(config.MAIL_DIR)),
        from: config.MAIL_FROM,
        log: getLogger(),
      });
      if (!state.purgeTimer) {
        const purge = () =>
          purgeExpiredAuthRows(handle.db).then(
            (counts) => getLogger().debug('expired auth rows purged', { ...counts }),
            (err: unknown) => getLogger().warn('auth purge failed', { err }),
          );
        void purge();
        state.purgeTimer = setInterval(purge, AUTH_PURGE_INTERVAL_MS).unref();
      }
      if (!state.expiryTimer) {
        const expire = () =>
          expireStalePendingOrders(handle.db, config.ORDER_HOLD_HOURS * 3_600_000, { siteUrl: config.SITE_URL }).then(
            (expired) => {
              if (expired > 0) {
                getLogger().info('unapproved orders expired', { expired, holdHours: config.ORDER_HOLD_HOURS });
                state.outbox?.poke();
              }
            },
            (err: unknown) => getLogger().warn('order expiry failed', { err }),
          );
        void expire();
        state.expiryTimer = setInterval(expire, ORDER_EXPIRY_INTERVAL_MS).unref();
      }
      return handle;
    },
    (err: unknown) => {
      state.failedAt = Date.now();
      state.starting = undefined;
      getLogger().error('database unavailable', { err, database: getDatabaseKind() });
      throw err;
    },
  );
  return state.starting;
}

/** The bootstrapped database for a request; throws the 503 ApiError when it cannot be reached. */
export async function getDatabase(): Promise<DatabaseHandle> {
  if (state.handle) return state.handle;
  if (state.failedAt !== undefined && Date.now() - state.failedAt < RETRY_AFTER_FAILURE_MS && !state.starting) {
    throw unavailable();
  }
  try {
    return await bootstrap();
  } catch {
    throw unavailable();
  }
}

/** Asks the outbox worker to deliver now (after a request queued an e-mail). */
export function pokeOutbox(): void {
  state.outbox?.poke();
}

/** Closes the database; later requests get 503. */
export async function shutdown(): Promise<void> {
  state.closed = true;
  clearInterval(state.purgeTimer);
  state.purgeTimer = undefined;
  clearInterval(state.expiryTimer);
  state.expiryTimer = undefined;
  await state.outbox?.stop();
  state.outbox = undefined;
  const handle = state.handle ?? (await state.starting?.catch(() => undefined));
  state.handle = undefined;
  state.starting = undefined;
  await handle?.close();
}
