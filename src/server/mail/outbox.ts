import type { Db } from '../customers/customers.repository';
import { insertOutboxMessage, selectOutboxBacklog, type OutboxBacklog } from './outbox.repository';
import { MAIL_PRIORITY, type RenderedMail } from './templates';

/** Puts a rendered e-mail in the outbox, due now; pass the transaction of the event that causes it. */
export async function enqueueMail(db: Db, to: string, mail: RenderedMail, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await insertOutboxMessage(db, {
    id,
    kind: mail.kind,
    to_address: to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    created_at: now.toISOString(),
    attempts: 0,
    next_attempt_at: now.toISOString(),
    sent_at: null,
    last_error: null,
    priority: mail.priority ?? MAIL_PRIORITY.normal,
    redact_when_sent: mail.singleUseLink ? 1 : 0,
  });
  return id;
}

/** The outbox backlog in total and per priority. */
export interface OutboxSummary {
  queued: number;
  /** Unsent messages of MAIL_PRIORITY.security. */
  urgent: number;
  failing: number;
  /** Age of the oldest unsent message in whole seconds, 0 when none waits. */
  oldestSeconds: number;
  byPriority: OutboxBacklog[];
}

/** Reads the backlog of unsent mail at `now`. */
export async function readOutboxSummary(db: Db, now: Date): Promise<OutboxSummary> {
  const byPriority = await selectOutboxBacklog(db);
  const oldest = byPriority.reduce<string | null>((min, b) => (b.oldestCreatedAt && (!min || b.oldestCreatedAt < min) ? b.oldestCreatedAt : min), null);
  return {
    queued: byPriority.reduce((n, b) => n + b.queued, 0),
    urgent: byPriority.find((b) => b.priority === MAIL_PRIORITY.security)?.queued ?? 0,
    failing: byPriority.reduce((n, b) => n + b.failing, 0),
    oldestSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - Date.parse(oldest)) / 1000)) : 0,
    byPriority,
  };
}
