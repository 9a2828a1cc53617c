import type { Db } from '../customers/customers.repository';
import { insertOutboxMessage } from './outbox.repository';
import type { RenderedMail } from './templates';

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
  });
  return id;
}
