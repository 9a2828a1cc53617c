import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../src/lib/schemas/api';
import { baseUrl, errorOf } from './helpers/http';
import { createTestDatabase } from './helpers/lane';
import { q } from './helpers/orders';
import { startServer, type TestServer } from './helpers/server';
import { runSql } from './helpers/sql';

/** The SMTP sink of bench/mail-smtp-sink.mjs. */
interface SmtpSink {
  url: string;
  messages: { at: number; data: string }[];
  pause(): void;
  resume(): void;
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const METRICS_TOKEN = 'metrics-token-for-the-mail-test';
/** Bulk mails queued ahead of the reset. */
const BACKLOG = 200;
/** Deliveries at once; the worker claims max(8, 4 × this) per batch. */
const CONCURRENCY = 2;
const BATCH = Math.max(8, CONCURRENCY * 4);

/** The health body of a server. */
async function health(url: string) {
  return healthResponseSchema.parse(await (await fetch(`${url}/api/health`)).json());
}

/** One bulk outbox row as the services write them, created `ageMs` ago. */
function bulkRow(index: number, ageMs: number): string {
  const at = new Date(Date.now() - ageMs).toISOString();
  const values = [randomUUID(), 'contact-received', `bulk.${index}@example.com`, `Bulk ${index}`, '<p>bulk</p>', 'bulk', at, 0, at, null, null, 2, 0];
  return `(${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : q(v))).join(', ')})`;
}

describe('the outbox over SMTP', () => {
  let sink: SmtpSink;
  let server: TestServer;
  let databaseUrl: string;

  beforeAll(async () => {
    const { startSmtpSink } = (await import('../../bench/mail-smtp-sink.mjs')) as { startSmtpSink: () => Promise<SmtpSink> };
    sink = await startSmtpSink();
    databaseUrl = await createTestDatabase();
    server = await startServer({ env: { DATABASE_URL: databaseUrl, SMTP_URL: sink.url, MAIL_CONCURRENCY: String(CONCURRENCY), METRICS_TOKEN } });
  });

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  it('delivers a password reset ahead of the bulk mail queued before it, and keeps no link once sent', async () => {
    const email = `reset.${randomUUID().slice(0, 8)}@example.com`;
    const password = 'Harbour7!Lights';
    const register = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fullName: 'Rita Reset', email, phone: '+12145550123', dateOfBirth: '1990-05-17', password, confirmPassword: password, acceptTerms: true }),
    });
    expect(register.status).toBe(201);
    await sink.waitFor(1);

    // The relay stops answering while a backlog of receipts piles up ahead of the reset.
    sink.pause();
    const rows = Array.from({ length: BACKLOG }, (_, i) => bulkRow(i, 60_000 - i));
    await runSql(
      databaseUrl,
      `INSERT INTO outbox (id, kind, to_address, subject, html, text, created_at, attempts, next_attempt_at, sent_at, last_error, priority, redact_when_sent) VALUES ${rows.join(', ')}`,
    );
    const forgot = await fetch(`${server.url}/api/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
    expect(forgot.status).toBe(202);

    // Health reuses one probe for a second: the backlog shows at the latest one probe later.
    await expect.poll(async () => (await health(server.url)).mail?.queued, { timeout: 5_000, interval: 200 }).toBe(BACKLOG + 1);
    const waiting = await health(server.url);
    expect(waiting.status).toBe('ok');
    expect(waiting.mail).toMatchObject({ queued: BACKLOG + 1, urgent: 1, failing: 0 });
    expect(waiting.mail!.oldestSeconds).toBeGreaterThanOrEqual(59);

    const metrics = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toContain('shop_mail_queued{priority="security"} 1\n');
    expect(text).toContain(`shop_mail_queued{priority="bulk"} ${BACKLOG}\n`);
    expect(text).toMatch(/^shop_mail_oldest_age_seconds (59|[6-9]\d|\d{3,})$/m);
    expect(text).toContain('shop_database_state{database="');
    expect(text).not.toMatch(/@example\.com|reset-password/);

    const started = Date.now();
    sink.resume();
    await sink.waitFor(BACKLOG + 2);
    const elapsed = Date.now() - started;
    const order = sink.messages.slice(1).map((m) => /^Subject: (.*)$/m.exec(m.data)?.[1]);
    const position = order.indexOf('Reset your Graphene Coatings password');
    // At most the batch already handed to the stalled relay goes before it, never the 200 older ones.
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(BATCH);
    console.info(`outbox: ${BACKLOG + 1} mails over SMTP in ${elapsed} ms; the reset left as number ${position + 1}`);

    await expect.poll(async () => (await health(server.url)).mail?.queued, { timeout: 10_000 }).toBe(0);
    const [reset] = await runSql<{ html: string; text: string; sent_at: string | null; attempts: number }>(
      databaseUrl,
      `SELECT html, text, sent_at, attempts FROM outbox WHERE to_address = ${q(email)} AND kind = 'password-reset'`,
    );
    expect(reset!.sent_at).toBeTruthy();
    expect(`${reset!.html}${reset!.text}`).not.toMatch(/token=/);
    expect(sink.messages.find((m) => m.data.includes('Subject: Reset your'))!.data).toMatch(/token=/);
    const [welcome] = await runSql<{ text: string }>(databaseUrl, `SELECT text FROM outbox WHERE to_address = ${q(email)} AND kind = 'welcome'`);
    expect(welcome!.text).toContain('Welcome, Rita Reset');
  });

  it('keeps /api/metrics from anyone without the token, and off where no token is set', async () => {
    const none = await fetch(`${server.url}/api/metrics`);
    expect(none.status).toBe(401);
    expect(errorOf(await none.json()).code).toBe('unauthorized');
    const wrong = await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
    const off = await fetch(`${baseUrl()}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(off.status).toBe(404);
    expect(errorOf(await off.json()).code).toBe('not_found');
  });
});
