// Mail delivery rate of the outbox over SMTP: a local sink (bench/mail-smtp-sink.mjs) as relay,
// N bulk mails queued while it holds its greeting, then one password reset; prints how long the
// N + 1 took once the relay answers, the rate, and where the reset left in the order.
//   npm run bench:mail -- [N=2000]   env: MAIL_CONCURRENCY (8), SINK_LATENCY_MS (0: a relay that answers
//   each message after that long), SHOP_DIST_DIR (another build, e.g. an older one, to compare).
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { startBenchServer } from './bench-server.mjs';
import { startSmtpSink } from './mail-smtp-sink.mjs';

const count = Number(process.argv[2] ?? 2000);
const sink = await startSmtpSink({ latencyMs: Number(process.env.SINK_LATENCY_MS ?? 0) });
process.env.SMTP_URL = sink.url;
const server = await startBenchServer();
try {
  const file = server.databaseUrl.replace(/^file:/, '');
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  // Old schemas (before the priority migration) lack the two columns: the bench then runs without them.
  const columns = db.prepare('PRAGMA table_info(outbox)').all().map((c) => c.name);
  const withPriority = columns.includes('priority');
  const insert = db.prepare(
    `INSERT INTO outbox (id, kind, to_address, subject, html, text, created_at, attempts, next_attempt_at${withPriority ? ', priority, redact_when_sent' : ''})
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?${withPriority ? ', ?, ?' : ''})`,
  );
  const row = (kind, subject, priority, at) => [randomUUID(), kind, 'bench@example.com', subject, '<p>bench</p>', 'bench', at, at, ...(withPriority ? [priority, 0] : [])];

  sink.pause();
  const start = Date.now() - 60_000;
  db.transaction(() => {
    for (let i = 0; i < count; i++) insert.run(...row('order-received', `Bulk ${i}`, 2, new Date(start + i).toISOString()));
    insert.run(...row('password-reset', 'Reset', 0, new Date().toISOString()));
  })();
  db.close();

  const began = performance.now();
  sink.resume();
  await sink.waitFor(count + 1, 30 * 60_000);
  const seconds = (performance.now() - began) / 1000;
  const position = sink.messages.findIndex((m) => /^Subject: Reset$/m.test(m.data)) + 1;
  console.log(
    JSON.stringify({
      mails: count + 1,
      concurrency: Number(process.env.MAIL_CONCURRENCY ?? 8),
      sinkLatencyMs: Number(process.env.SINK_LATENCY_MS ?? 0),
      seconds: Number(seconds.toFixed(2)),
      perSecond: Math.round((count + 1) / seconds),
      resetPosition: position,
    }),
  );
} finally {
  await server.stop();
  await sink.close();
}
