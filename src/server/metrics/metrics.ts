import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { MAIL_PRIORITY } from '../mail/templates';
import type { OutboxSummary } from '../mail/outbox';
import type { RouteKind } from '../http/route-kind';

/** What the metrics read from the running server when scraped (set once by the runtime: no import cycle). */
export interface MetricsSources {
  /** The database's state and outbox backlog, as the health check finds it. */
  checkDatabase(): Promise<{ status: 'ok' | 'degraded' | 'unavailable'; mail?: OutboxSummary }>;
  /** 'sqlite' or 'postgres'. */
  databaseKind(): string;
  /** What this process's outbox worker delivered and failed so far. */
  outboxCounters(): { sent: number; failed: number } | undefined;
}

/** The registry GET /api/metrics serves: this process's metrics only (one scrape target per process). */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

let sources: MetricsSources | undefined;

/** Tells the metrics where the database check and the outbox counters come from. */
export function setMetricsSources(given: MetricsSources): void {
  sources = given;
}

// One check per scrape serves every database and mail gauge (checkDatabase itself reuses a probe for a second).
let scrape: { at: number; check: ReturnType<MetricsSources['checkDatabase']> } | undefined;
function currentCheck(): ReturnType<MetricsSources['checkDatabase']> | undefined {
  if (!sources) return undefined;
  const now = Date.now();
  if (!scrape || now - scrape.at > 500) scrape = { at: now, check: sources.checkDatabase() };
  return scrape.check;
}

const DATABASE_STATES = ['ok', 'degraded', 'unavailable'] as const;
/** The names of the MAIL_PRIORITY values, as the priority label shows them. */
const PRIORITY_NAMES = new Map<number, string>(Object.entries(MAIL_PRIORITY).map(([name, value]) => [value, name]));

new Gauge({
  name: 'shop_database_state',
  help: 'The database as the health check found it (1 for the current state): ok, degraded (writes fail) or unavailable.',
  labelNames: ['database', 'state'],
  registers: [metricsRegistry],
  async collect() {
    const check = await currentCheck();
    if (!check || !sources) return;
    for (const state of DATABASE_STATES) this.set({ database: sources.databaseKind(), state }, check.status === state ? 1 : 0);
  },
});

new Gauge({
  name: 'shop_mail_queued',
  help: 'Unsent e-mails in the outbox, by priority: the outbox backlog.',
  labelNames: ['priority'],
  registers: [metricsRegistry],
  async collect() {
    const mail = (await currentCheck())?.mail;
    if (!mail) return;
    for (const [value, name] of PRIORITY_NAMES) this.set({ priority: name }, mail.byPriority.find((b) => b.priority === value)?.queued ?? 0);
  },
});

new Gauge({
  name: 'shop_mail_failing',
  help: 'Unsent e-mails whose delivery failed at least once.',
  registers: [metricsRegistry],
  async collect() {
    const mail = (await currentCheck())?.mail;
    if (mail) this.set(mail.failing);
  },
});

new Gauge({
  name: 'shop_mail_oldest_age_seconds',
  help: 'Age of the oldest unsent e-mail, 0 when none waits.',
  registers: [metricsRegistry],
  async collect() {
    const mail = (await currentCheck())?.mail;
    if (mail) this.set(mail.oldestSeconds);
  },
});

new Counter({
  name: 'shop_mail_sent_total',
  help: 'E-mails this process delivered since it started.',
  registers: [metricsRegistry],
  collect() {
    // The outbox worker keeps the count; the counter shows it.
    this.reset();
    this.inc(sources?.outboxCounters()?.sent ?? 0);
  },
});

new Counter({
  name: 'shop_mail_failed_total',
  help: 'Failed delivery attempts of this process since it started.',
  registers: [metricsRegistry],
  collect() {
    this.reset();
    this.inc(sources?.outboxCounters()?.failed ?? 0);
  },
});

/** Seconds from a request's arrival to its response's end, by route kind and status class. */
const httpRequestDuration = new Histogram({
  name: 'shop_http_request_duration_seconds',
  help: 'Time from a request arriving to its response ending, by route kind (see src/server/http/route-kind.ts) and status class (2xx ... 5xx, or aborted).',
  labelNames: ['route', 'status'],
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

/** Records one finished request: its route kind, status code (or aborted) and duration in seconds. */
export function observeHttpRequest(route: RouteKind, status: number | 'aborted', seconds: number): void {
  httpRequestDuration.observe({ route, status: status === 'aborted' ? 'aborted' : `${Math.floor(status / 100)}xx` }, seconds);
}

const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders placed through this process (a replayed idempotent request is not counted again).',
  registers: [metricsRegistry],
});

/** Counts one order placed. */
export function countOrderPlaced(): void {
  ordersPlaced.inc();
}

const signInsRefused = new Counter({
  name: 'shop_signins_refused_total',
  help: 'Sign-in requests this process refused, by area (customer, staff) and HTTP status (401 wrong password, 404 unknown address, 403 blocked, 422 invalid, 429 too many failures, 503 busy).',
  labelNames: ['area', 'status'],
  registers: [metricsRegistry],
});

/** Counts one refused sign-in of `area` answered with `status`. */
export function countSignInRefused(area: 'customer' | 'staff', status: number): void {
  signInsRefused.inc({ area, status: String(status) });
}

const importRows = new Counter({
  name: 'shop_import_rows_total',
  help: 'Product import rows this process wrote, by outcome (created, updated, unchanged, failed); dry runs are not counted.',
  labelNames: ['outcome'],
  registers: [metricsRegistry],
});

/** Counts the rows of one committed import batch by outcome; a dry run's batch is not counted. */
export function countImportBatch(outcome: { created: number; updated: number; unchanged: number; failed: number }, dryRun: boolean): void {
  if (dryRun) return;
  for (const key of ['created', 'updated', 'unchanged', 'failed'] as const) importRows.inc({ outcome: key }, outcome[key]);
}
