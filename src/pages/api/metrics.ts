import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIRoute } from 'astro';
import { ApiError, notFound } from '../../server/http/errors';
import { MAIL_PRIORITY } from '../../server/mail/templates';
import { checkDatabase, getConfig, getDatabaseKind, getOutboxCounters } from '../../server/runtime';

export const prerender = false;

/** The names of the MAIL_PRIORITY values, as the priority label shows them. */
const PRIORITY_NAMES = new Map<number, string>(Object.entries(MAIL_PRIORITY).map(([name, value]) => [value, name]));
const DATABASE_STATES = ['ok', 'degraded', 'unavailable'] as const;

/** Whether the Authorization header carries the bearer `token` (compared in constant time). */
function hasToken(header: string | null, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return given !== '' && timingSafeEqual(digest(given), digest(token));
}

/** One metric in the Prometheus text format: HELP, TYPE and its samples. */
function metric(name: string, type: 'gauge' | 'counter', help: string, samples: [labels: string, value: number][]): string {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...samples.map(([labels, value]) => `${name}${labels} ${value}`)].join('\n');
}

/**
 * Metrics in the Prometheus text format for a scraper holding METRICS_TOKEN (off, 404, without
 * it): the database state, the outbox backlog per priority with its failures and oldest age, the
 * mail this process delivered, and its memory. Counts and ages only: no address, subject or id.
 */
export const GET: APIRoute = async ({ request }) => {
  const token = getConfig().METRICS_TOKEN;
  if (!token) throw notFound();
  if (!hasToken(request.headers.get('authorization'), token)) {
    throw new ApiError(401, 'unauthorized', 'A valid metrics token is required.', undefined, { 'www-authenticate': 'Bearer' });
  }
  const check = await checkDatabase();
  const counters = getOutboxCounters();
  const memory = process.memoryUsage();
  const database = getDatabaseKind();
  const parts = [
    metric(
      'shop_database_state',
      'gauge',
      'The database as the health check found it (1 for the current state): ok, degraded (writes fail) or unavailable.',
      DATABASE_STATES.map((s) => [`{database="${database}",state="${s}"}`, check.status === s ? 1 : 0]),
    ),
  ];
  if (check.mail) {
    const { mail } = check;
    const queued = [...PRIORITY_NAMES].map(([value, name]): [string, number] => [`{priority="${name}"}`, mail.byPriority.find((b) => b.priority === value)?.queued ?? 0]);
    parts.push(
      metric('shop_mail_queued', 'gauge', 'Unsent e-mails in the outbox, by priority.', queued),
      metric('shop_mail_failing', 'gauge', 'Unsent e-mails whose delivery failed at least once.', [['', mail.failing]]),
      metric('shop_mail_oldest_age_seconds', 'gauge', 'Age of the oldest unsent e-mail, 0 when none waits.', [['', mail.oldestSeconds]]),
    );
  }
  parts.push(
    metric('shop_mail_sent_total', 'counter', 'E-mails this process delivered since it started.', [['', counters?.sent ?? 0]]),
    metric('shop_mail_failed_total', 'counter', 'Failed delivery attempts of this process since it started.', [['', counters?.failed ?? 0]]),
    metric('process_resident_memory_bytes', 'gauge', 'Resident memory of the server process.', [['', memory.rss]]),
    metric('nodejs_heap_used_bytes', 'gauge', 'JavaScript heap in use.', [['', memory.heapUsed]]),
    metric('process_uptime_seconds', 'gauge', 'Seconds since the server process started.', [['', Math.floor(process.uptime())]]),
  );
  return new Response(`${parts.join('\n')}\n`, {
    headers: { 'content-type': 'text/plain; version=0.0.4; charset=utf-8', 'cache-control': 'no-store' },
  });
};
