import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../log';
import { claimDueMessages, markFailed, markSent, type OutboxRow } from './outbox.repository';
import type { MailTransport } from './transport';

/** How often the worker looks for due messages when nobody pokes it (retries, other processes). */
const POLL_INTERVAL_MS = 1_000;
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
  /** The database in use now (the runtime replaces it after a fault); throws when there is none. */
  db: () => Kysely<Database>;
  transport: MailTransport;
  from: string;
  log: Logger;
  /** Deliveries in flight at once (the SMTP pool gets as many connections). */
  concurrency: number;
}

/** What the worker did since the process started. */
export interface OutboxCounters {
  sent: number;
  failed: number;
  /** Whether the last round could not reach the database. */
  roundFailing: boolean;
}

/** A running worker. */
export interface OutboxWorker {
  /** Looks for due messages now instead of at the next poll. */
  poke(): void;
  /** Delivers whatever is due now (until nothing is); resolves with how many were sent. */
  runOnce(): Promise<number>;
  /** Deliveries and failures so far. */
  counters(): OutboxCounters;
  /** Stops polling and waits for a round in progress. */
  stop(): Promise<void>;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** Starts delivering the outbox: at once when poked, otherwise every POLL_INTERVAL_MS; one round at a time. */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { transport, from, log } = options;
  // A batch is a few deliveries per lane: small enough that an urgent mail queued meanwhile waits
  // for at most one batch, large enough that claiming costs little beside delivering.
  const batchSize = Math.max(8, options.concurrency * 4);
  const counters: OutboxCounters = { sent: 0, failed: 0, roundFailing: false };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  /** Delivers one claimed message and records the outcome; a failure gets the next attempt time. */
  const deliver = async (db: Kysely<Database>, message: OutboxRow): Promise<boolean> => {
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
    } catch (err) {
      const next = new Date(Date.now() + retryDelayMs(attempts)).toISOString();
      counters.failed++;
      await markFailed(db, message.id, attempts, err instanceof Error ? err.message : String(err), next);
      log.warn('mail delivery failed; will retry', { mailId: message.id, kind: message.kind, attempts, nextAttemptAt: next, err });
      return false;
    }
    counters.sent++;
    await markSent(db, message, new Date().toISOString(), attempts);
    log.info('mail delivered', { mailId: message.id, kind: message.kind, transport: transport.kind, attempts });
    return true;
  };

  /** Claims and delivers batches until none is full; resolves with how many were sent. */
  const drain = async (): Promise<number> => {
    let sent = 0;
    for (;;) {
      const db = options.db();
      const now = Date.now();
      const batch = await claimDueMessages(db, new Date(now).toISOString(), new Date(now + LEASE_MS).toISOString(), batchSize);
      await forEachLimited(batch, options.concurrency, async (message) => {
        if (await deliver(db, message)) sent++;
      });
      if (batch.length < batchSize || stopped) return sent;
    }
  };

  const round = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .then((sent) => {
        if (counters.roundFailing) log.info('outbox reachable again');
        counters.roundFailing = false;
        return sent;
      })
      .catch((err: unknown) => {
        // The database may be away for a while: one warning per outage, the next poll tries again.
        if (!counters.roundFailing) log.warn('outbox round failed', { err });
        counters.roundFailing = true;
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
    counters: () => ({ ...counters }),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      options.transport.close();
    },
  };
}
