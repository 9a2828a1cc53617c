import { CatalogSnapshotCache } from './catalog/catalog.snapshot';
import { seedCatalogFromContent } from './catalog/catalog.service';
import { syncCatalogFromContent } from './catalog/content-sync.service';
import { rowToCatalogCard } from './catalog/catalog-cards';
import { onOwnCatalogChange } from './catalog/own-changes';
import { parseConfig, resolveDatabaseTarget, resolveDir, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/connection';
import type { DialectKind } from './db/dialect';
import { describeDatabaseFault, isDatabaseUnavailable } from './db/errors';
import { readProbe, writeProbe } from './db/meta.repository';
import { migrateToLatest } from './db/migrate';
import { unavailable } from './http/errors';
import { createLogger, type Logger } from './log';
import { AUTH_PURGE_INTERVAL_MS, purgeExpiredAuthRows } from './auth/maintenance';
import { passwordGate } from './auth/passwords';
import { seedDemoCustomers } from './customers/demo';
import { ensureFirstAdmin, seedDemoStaff } from './staff/staff.service';
import { expireStalePendingOrders } from './orders/order-workflow.service';
import { settleUnfinishedCardOrders } from './payments/card-payments.service';
import { readOutboxSummary, type OutboxSummary } from './mail/outbox';
import { startOutboxWorker, type OutboxCounters, type OutboxWorker } from './mail/outbox.worker';
import { createMailTransport } from './mail/transport';
import { MEDIA_CLEANUP_INTERVAL_MS, removeUnusedMedia } from './media/media.service';
import { createMediaStorage, type MediaStorage } from './media/media.storage';
import type { MediaServing } from './media/media.http';
import { ImportRunner } from './imports/import-runner';
import { BulkJobRunner } from './bulk/bulk-job-runner';
import { changeOneOrder } from './orders/order-bulk.service';
import { changeOneProduct } from './catalog/product-bulk.service';
import { changeOneUser } from './customers/customer-bulk.service';
import type { OrderBulk, ProductBulk, UserBulk } from '../lib/schemas/admin-bulk';
import { createImportFileStore, type ImportFileStore } from './imports/import-files';
import { createImportImageStep } from './imports/import-images';
import { IMAGE_MAX_BYTES } from '../lib/constants';
import { setMetricsSources } from './metrics/metrics';

/** How often pending orders past their hold time are looked for. */
const ORDER_EXPIRY_INTERVAL_MS = 10 * 60_000;
/** After a failed start of the database, requests wait this long before trying again. */
const RETRY_AFTER_FAILURE_MS = 2_000;
/** A replaced database connection is closed this long after, once requests still using it are done. */
const OLD_HANDLE_GRACE_MS = 30_000;
/** How long a health probe may take before the database counts as not answering. */
const PROBE_TIMEOUT_MS = 2_000;
/** Health answers from one probe for this long, so a flood of health checks is not a flood of writes. */
const PROBE_REUSE_MS = 1_000;

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
  /** Where uploaded images are stored (MEDIA_STORE: MEDIA_DIR or the S3 bucket). */
  media?: MediaStorage;
  /** Where uploaded import files wait while their job runs. */
  importFiles?: ImportFileStore;
  /** Hourly removal of images no product uses any more. */
  mediaTimer?: NodeJS.Timeout;
  /** Runs bulk product imports in this process. */
  imports?: ImportRunner;
  /** Runs large bulk actions of the back office in this process. */
  bulkJobs?: BulkJobRunner;
  /** The next attempt to replace a faulty connection. */
  reopenTimer?: NodeJS.Timeout;
  /** An attempt to replace a faulty connection, in progress. */
  reopening?: Promise<void>;
  /** When the last replacement was attempted. */
  reopenedAt?: number;
  /** Whether the current connection met a fault a new one may cure (logged once per fault). */
  faulty?: boolean;
  /** The last health probe and when it started. */
  probe?: { at: number; result: Promise<DatabaseCheck> };
  closed: boolean;
  /** Set when the server began to stop (SIGTERM): the readiness check answers 'stopping' from then on. */
  stopping?: boolean;
  /** Set once the live catalogue's snapshots were first built (warmCatalogue). */
  catalogueWarm?: boolean;
}

/** The database's state: ok, degraded (reads work, writes fail) or unavailable, with why. */
export interface DatabaseCheck {
  status: 'ok' | 'degraded' | 'unavailable';
  /** A short public reason when not ok, e.g. 'the database is read-only'. */
  reason?: string;
  /** The outbox backlog, whenever the database can be read. */
  mail?: OutboxSummary;
}

const state: RuntimeState = { closed: false };

/** The cached serialised catalogue of this process. */
export const catalogCache = new CatalogSnapshotCache({ onBuilt: (report) => getLogger().debug('catalogue snapshot built', { ...report }) });

/** The cached compact catalogue (GET /api/catalog/cards): each product's card only, also by category (?category=<slug>). */
export const catalogCardsCache = new CatalogSnapshotCache({
  keepItems: true,
  project: rowToCatalogCard,
  groupOf: (row) => row.category,
  onBuilt: (report) => getLogger().debug('catalogue cards snapshot built', { ...report }),
});

// An order's stock change reaches both caches as it commits: their next snapshot needs no read.
onOwnCatalogChange((change) => {
  for (const cache of [catalogCache, catalogCardsCache]) {
    try {
      cache.applyOwnChange(change);
    } catch (err) {
      // The order is placed; this cache's next request reads the change instead.
      getLogger().error('catalogue cache not updated from an order', { err, revision: change.to });
    }
  }
});

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

/** The storage of uploaded images: the MEDIA_DIR folder, or the S3 bucket with MEDIA_STORE=s3. */
export function getMediaStorage(): MediaStorage {
  state.media ??= createMediaStorage(getConfig());
  return state.media;
}

/** This process's import file store (IMPORT_STORE: the IMPORT_DIR folder or the bucket's `imports/`). */
export function getImportFiles(): ImportFileStore {
  state.importFiles ??= createImportFileStore(getConfig());
  return state.importFiles;
}

/**
 * Reads the first page of the media store once and logs an error when that fails (a bucket that
 * does not exist, wrong keys, an endpoint that does not answer), so a bad S3 setting is seen at
 * start rather than at the first upload. The local folder needs no check (it is made on first write).
 */
export async function checkMediaStorage(): Promise<void> {
  const config = getConfig();
  if (config.MEDIA_STORE !== 's3') return;
  try {
    for await (const _ of getMediaStorage().list()) break;
  } catch (err) {
    getLogger().error('media store cannot be read', { err, bucket: config.S3_BUCKET, endpoint: config.S3_ENDPOINT || 'AWS' });
  }
}

/** How /media/<key> is answered: streamed from the store, or redirected to MEDIA_PUBLIC_BASE_URL when set. */
export function getMediaServing(): MediaServing {
  const base = getConfig().MEDIA_PUBLIC_BASE_URL;
  return base ? { publicBaseUrl: base } : {};
}

/** Which engine DATABASE_URL names, without connecting. */
export function getDatabaseKind(): DialectKind {
  return resolveDatabaseTarget(getConfig().DATABASE_URL).kind;
}

/** Opens the database, runs the migrations, seeds an empty catalogue and merges content/ into it. */
async function startDatabase(): Promise<DatabaseHandle> {
  const config = getConfig();
  const log = getLogger();
  // Before the first admin's password is hashed below.
  passwordGate.maxWaitMs = config.PASSWORD_WAIT_MS;
  const target = resolveDatabaseTarget(config.DATABASE_URL);
  const handle: DatabaseHandle = openDatabase(target, {
    onPoolError: (err) => log.warn('database connection lost', { err }),
    onRollbackFailure: (err) => log.warn('rollback failed after an error; the error that caused it follows', { err }),
    onFault: (err) => onConnectionFault(handle, err),
  });
  try {
    const ran = await migrateToLatest(handle.db);
    if (ran.length) log.info('migrations applied', { migrations: ran, database: handle.kind });
    handle.prepareStatements();
    const seed = await seedCatalogFromContent(handle.db, resolveDir(config.CONTENT_DIR));
    if (seed.seeded) log.info('catalogue seeded from content', { products: seed.products, categories: seed.categories });
    try {
      const sync = await syncCatalogFromContent(handle.db, resolveDir(config.CONTENT_DIR));
      log.info('content synced', { products: sync.products, categories: sync.categories, conflicts: sync.conflicts, skipped: sync.skipped });
    } catch (err) {
      // The shop still serves what the database holds. A database that cannot take writes now
      // (read-only, unreachable) syncs when a new connection is opened; a bad content file is named.
      if (isDatabaseUnavailable(err)) log.warn('content sync postponed: the database cannot take it now', { err });
      else log.error('content sync failed', { err });
    }
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

/** Resolves with `work`, or rejects when it takes longer than PROBE_TIMEOUT_MS. */
function withinProbeTime<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * A connection met a fault a new one may cure (SQLite opened read-only, an I/O error): a
 * replacement is opened in the background and swapped in once it can write, retried every
 * RETRY_AFTER_FAILURE_MS until it can. Requests keep the old connection meanwhile (reads may work).
 */
function onConnectionFault(handle: DatabaseHandle, err: unknown): void {
  if (state.closed || state.handle !== handle) return;
  if (!state.faulty) getLogger().warn('database connection failing; opening a new one', { err, database: handle.kind });
  state.faulty = true;
  scheduleReopen();
}

/** Plans the next replacement attempt, no sooner than RETRY_AFTER_FAILURE_MS after the last. */
function scheduleReopen(): void {
  if (state.closed || state.reopenTimer || state.reopening) return;
  const wait = Math.max(0, (state.reopenedAt ?? 0) + RETRY_AFTER_FAILURE_MS - Date.now());
  state.reopenTimer = setTimeout(() => {
    state.reopenTimer = undefined;
    state.reopening = reopenDatabase().finally(() => {
      state.reopening = undefined;
    });
  }, wait).unref();
}

/** Opens a new connection; swaps it in when it can read and write, otherwise tries again later. */
async function reopenDatabase(): Promise<void> {
  state.reopenedAt = Date.now();
  const old = state.handle;
  let fresh: DatabaseHandle | undefined;
  try {
    fresh = await startDatabase();
    await readProbe(fresh.db);
    await writeProbe(fresh.db, new Date().toISOString());
  } catch (err) {
    await fresh?.close().catch(() => undefined);
    getLogger().debug('database still failing', { err });
    scheduleReopen();
    return;
  }
  if (state.closed || state.handle !== old) {
    await fresh.close();
    return;
  }
  state.handle = fresh;
  state.faulty = false;
  state.probe = undefined;
  getLogger().info('database connection replaced; writes work again', { database: fresh.kind });
  if (old) setTimeout(() => void old.close().catch(() => undefined), OLD_HANDLE_GRACE_MS).unref();
}

/** Probes the database: a real read, then a small write; reads the outbox backlog when it can. */
async function probeDatabase(): Promise<DatabaseCheck> {
  let handle: DatabaseHandle;
  try {
    handle = await bootstrap();
    await withinProbeTime(readProbe(handle.db));
  } catch (err) {
    getLogger().warn('health check failed', { err, database: getDatabaseKind() });
    return { status: 'unavailable', reason: describeDatabaseFault(err) };
  }
  let check: DatabaseCheck = { status: 'ok' };
  try {
    await withinProbeTime(writeProbe(handle.db, new Date().toISOString()));
  } catch (err) {
    getLogger().warn('health check: writes fail', { err, database: handle.kind });
    check = { status: 'degraded', reason: describeDatabaseFault(err) };
  }
  try {
    check.mail = await withinProbeTime(readOutboxSummary(handle.db, new Date()));
  } catch (err) {
    getLogger().warn('health check: outbox unreadable', { err });
  }
  return check;
}

/**
 * The database's state for /api/health and /api/metrics: one probe (a real read and a small write)
 * serves every caller for PROBE_REUSE_MS.
 */
export function checkDatabase(): Promise<DatabaseCheck> {
  const now = Date.now();
  if (!state.probe || now - state.probe.at >= PROBE_REUSE_MS) state.probe = { at: now, result: probeDatabase() };
  return state.probe.result;
}

/** The database in use now, for background work that must follow a replaced connection. */
function currentDb(): DatabaseHandle['db'] {
  if (!state.handle) throw new Error('The database is not open.');
  return state.handle.db;
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
        db: currentDb,
        transport: createMailTransport(config.SMTP_URL, resolveDir(config.MAIL_DIR), config.MAIL_CONCURRENCY),
        from: config.MAIL_FROM,
        log: getLogger(),
        concurrency: config.MAIL_CONCURRENCY,
      });
      // A file opened read-only opens without complaint: one small write tells now, not at the first order.
      void writeProbe(handle.db, new Date().toISOString()).catch(() => undefined);
      if (!state.purgeTimer) {
        const purge = () =>
          Promise.resolve()
            .then(() => purgeExpiredAuthRows(currentDb()))
            .then(
              (counts) => getLogger().debug('expired auth rows purged', { ...counts }),
              (err: unknown) => getLogger().warn('auth purge failed', { err }),
            );
        void purge();
        state.purgeTimer = setInterval(purge, AUTH_PURGE_INTERVAL_MS).unref();
      }
      if (!state.expiryTimer) {
        const expire = () =>
          Promise.resolve()
            .then(async () => {
              const unfinished = await settleUnfinishedCardOrders(currentDb(), config.CARD_PAYMENT_TIMEOUT_MINUTES * 60_000, { siteUrl: config.SITE_URL, config });
              if (unfinished > 0) getLogger().info('unfinished card payments settled', { orders: unfinished, timeoutMinutes: config.CARD_PAYMENT_TIMEOUT_MINUTES });
              return expireStalePendingOrders(currentDb(), config.ORDER_HOLD_HOURS * 3_600_000, { siteUrl: config.SITE_URL, config });
            })
            .then(
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
      if (!state.imports) {
        state.imports = new ImportRunner({
          db: currentDb,
          log: getLogger(),
          files: getImportFiles(),
          prepare: createImportImageStep({ db: currentDb, storage: getMediaStorage(), maxBytes: Math.min(IMAGE_MAX_BYTES, config.MAX_UPLOAD_BYTES), allowedHosts: config.IMPORT_ALLOWED_HOSTS, imageDir: resolveDir(config.IMPORT_IMAGE_DIR) }),
          batchRows: config.IMPORT_BATCH_ROWS,
        });
        state.imports.start();
      }
      if (!state.bulkJobs) {
        const facts = { siteUrl: config.SITE_URL, config };
        state.bulkJobs = new BulkJobRunner({
          db: currentDb,
          log: getLogger(),
          changeOne: {
            orders: (db, input, id, actor) => changeOneOrder(db, input as OrderBulk, id, actor, facts),
            products: (db, input, id, actor) => changeOneProduct(db, input as ProductBulk, id, actor),
            users: (db, input, id, actor) => changeOneUser(db, input as UserBulk, id, actor),
          },
          afterSlice: (kind) => (kind === 'orders' ? state.outbox?.poke() : undefined),
        });
        state.bulkJobs.start();
      }
      if (!state.mediaTimer) {
        const clean = () =>
          Promise.resolve()
            .then(() => removeUnusedMedia(currentDb(), getMediaStorage()))
            .then(
              (removed) => (removed > 0 ? getLogger().info('unused images removed', { removed }) : undefined),
              (err: unknown) => getLogger().warn('image cleanup failed', { err }),
            );
        void clean();
        state.mediaTimer = setInterval(clean, MEDIA_CLEANUP_INTERVAL_MS).unref();
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

/** The import runner of this process (after the database started). */
export async function getImportRunner(): Promise<ImportRunner> {
  await getDatabase();
  if (!state.imports) throw unavailable();
  return state.imports;
}

/** The bulk job runner of this process (after the database started). */
export async function getBulkJobRunner(): Promise<BulkJobRunner> {
  await getDatabase();
  if (!state.bulkJobs) throw unavailable();
  return state.bulkJobs;
}

/** Asks the outbox worker to deliver now (after a request queued an e-mail). */
export function pokeOutbox(): void {
  state.outbox?.poke();
}

/** What the outbox worker of this process delivered and failed so far (undefined before the database started). */
export function getOutboxCounters(): OutboxCounters | undefined {
  return state.outbox?.counters();
}

/**
 * Whether this process should be sent traffic: 'starting' until the database is migrated and seeded
 * and the live catalogue first built, 'stopping' once a stop began.
 */
export function getReadiness(): 'ready' | 'starting' | 'stopping' {
  if (state.stopping || state.closed) return 'stopping';
  return state.handle && state.catalogueWarm ? 'ready' : 'starting';
}

/** Starts the database if needed and builds the live catalogue's snapshots, so the first shoppers after a start do not wait for them. */
export async function warmCatalogue(): Promise<void> {
  const { readDb } = await getDatabase();
  await catalogCache.get(readDb);
  await catalogCardsCache.get(readDb);
  state.catalogueWarm = true;
}

/** Marks the process as stopping (SIGTERM received) before it stops accepting connections. */
export function markStopping(): void {
  state.stopping = true;
}

setMetricsSources({ checkDatabase, databaseKind: getDatabaseKind, outboxCounters: getOutboxCounters });

/** Closes the database; later requests get 503. */
export async function shutdown(): Promise<void> {
  state.closed = true;
  clearInterval(state.purgeTimer);
  state.purgeTimer = undefined;
  clearInterval(state.expiryTimer);
  state.expiryTimer = undefined;
  clearInterval(state.mediaTimer);
  state.mediaTimer = undefined;
  clearTimeout(state.reopenTimer);
  state.reopenTimer = undefined;
  await state.reopening;
  await state.imports?.stop();
  state.imports = undefined;
  await state.bulkJobs?.stop();
  state.bulkJobs = undefined;
  await state.outbox?.stop();
  state.outbox = undefined;
  const handle = state.handle ?? (await state.starting?.catch(() => undefined));
  state.handle = undefined;
  state.starting = undefined;
  await handle?.close();
}
