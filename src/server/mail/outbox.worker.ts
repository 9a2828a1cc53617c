import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../log';
import { claimMessage, findDueMessages, markFailed, markSent } from './outbox.repository';
import type { MailTransport } from './transport';

/** How often the worker looks for due messages when nobody pokes it. */
const POLL_INTERVAL_MS = 1_000;
/** Messages claimed per round. */
const BATCH_SIZE = 20;
/** A claimed message becomes due again after this long, should its process die mid-delivery. */
const LEASE_MS = 2 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;

/** Delay before retry number `attempts` (1-based): 30 s doubling up to an hour; a message is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

/** Options of the outbox worker. */
export interface OutboxWorkerOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  from: string;
  log: Logger;
}

/** A running worker. */
export interface OutboxWorker {
  /** Looks for due messages now instead of at the next poll. */
  poke(): void;
  /** Delivers whatever is due now; resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Delivers due outbox messages one by one; a failure is recorded with the next attempt time. */
async function deliverDue(options: OutboxWorkerOptions): Promise<number> {
  const { db, transport, from, log } = options;
  const now = new Date();
  const due = await findDueMessages(db, now.toISOString(), BATCH_SIZE);
  let sent = 0;
  for (const message of due) {
    const claimed = await claimMessage(db, message.id, message.next_attempt_at, new Date(now.getTime() + LEASE_MS).toISOString());
    if (!claimed) continue;
    const attempts = message.attempts + 1;
    try {
      await transport.deliver({
        id: message.id,
        from,
        to: message.to_address,
        subject: message.subject,
        html: message.html,
        text: message.text,
        createdAt: message.created_at,
      });
      await markSent(db, message.id, new Date().toISOString(), attempts);
      sent++;
      log.info('mail delivered', { mailId: message.id, kind: message.kind, transport: transport.kind, attempts });
    } catch (err) {
      const next = new Date(Date.now() + retryDelayMs(attempts)).toISOString();
      await markFailed(db, message.id, attempts, err instanceof Error ? err.message : String(err), next);
      log.warn('mail delivery failed; will retry', { mailId: message.id, kind: message.kind, attempts, nextAttemptAt: next, err });
    }
  }
  return sent;
}

/** Starts polling the outbox; at most one round runs at a time. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let failing = false;

  const round = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue(options)
      .then((sent) => {
        if (failing) options.log.info('outbox reachable again');
        failing = false;
        return sent;
      })
      .catch((err: unknown) => {
        // The database may be away for a while: one warning per outage, the next poll tries again.
        if (!failing) options.log.warn('outbox round failed', { err });
        failing = true;
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void round();
        }
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void round().finally(schedule);
    }, POLL_INTERVAL_MS);
    timer.unref();
  };
  schedule();

  return {
    poke: () => {
      if (!stopped) void round();
    },
    runOnce: round,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
}
