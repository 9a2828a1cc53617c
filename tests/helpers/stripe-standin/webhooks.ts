import { createHmac } from 'node:crypto';
import type { StandinEvent } from './store';

/**
 * The Stripe-Signature header Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload">`,
 * keyed with the endpoint's whole signing secret (whsec_… as given).
 */
export function signWebhookPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** One POST of an event to the endpoint, as the endpoint answered it. */
export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** HTTP status of the endpoint's answer, or 0 when it could not be reached. */
  status: number;
  /** The endpoint's answer body (first 2,000 characters), or the connection error. */
  response: string;
  body: string;
  signature: string;
}

/** When events go out: as they happen, or only when a test sends them. */
export type DeliveryMode = 'auto' | 'manual';

/** Options for one {@link WebhookSender.deliver} call. */
export interface DeliverOptions {
  /** Send each event this many times in a row (a duplicate delivery); 1 by default. */
  times?: number;
  /** Sign with this timestamp (seconds) instead of now: an old one tests the tolerance window. */
  timestamp?: number;
}

/**
 * Stripe's webhook sender for one endpoint: signs each event's JSON as Stripe does and POSTs it.
 * In 'auto' mode events go out one at a time in the order they happened; in 'manual' mode they
 * wait in `pending` until a test delivers them, in any order and as often as it likes.
 */
export class WebhookSender {
  url: string | null = null;
  secret: string;
  mode: DeliveryMode;
  /** Event types sent; every type when empty (like an endpoint with enabled_events ['*']). */
  enabledEvents: string[] = [];
  /**
   * In 'auto' mode, how often a delivery the endpoint did not answer with 2xx is tried again, and
   * after how long (Stripe retries for days with growing delays; tests want milliseconds). None by default.
   */
  retry: { attempts: number; delayMs: number };
  readonly deliveries: WebhookDelivery[] = [];
  readonly pending: StandinEvent[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private retriesWaiting = 0;

  constructor(options: {
    secret: string;
    mode: DeliveryMode;
    url?: string | null;
    enabledEvents?: string[];
    retry?: { attempts: number; delayMs: number };
  }) {
    this.secret = options.secret;
    this.mode = options.mode;
    this.url = options.url ?? null;
    this.enabledEvents = options.enabledEvents ?? [];
    this.retry = options.retry ?? { attempts: 0, delayMs: 0 };
  }

  private wants(event: StandinEvent): boolean {
    return this.url !== null && (this.enabledEvents.length === 0 || this.enabledEvents.includes(event.type));
  }

  /** Records a new event: sent at once in 'auto' mode, kept for the test in 'manual' mode. */
  accept(event: StandinEvent): void {
    if (!this.wants(event)) {
      event.pending_webhooks = 0;
      return;
    }
    if (this.mode === 'manual') this.pending.push(event);
    else void this.sendWithRetries(event, this.retry.attempts);
  }

  private async sendWithRetries(event: StandinEvent, attemptsLeft: number): Promise<void> {
    const [delivery] = await this.enqueue([event], {});
    if (delivery && (delivery.status < 200 || delivery.status >= 300) && attemptsLeft > 0) {
      this.retriesWaiting += 1;
      setTimeout(() => {
        this.retriesWaiting -= 1;
        void this.sendWithRetries(event, attemptsLeft - 1);
      }, this.retry.delayMs);
    }
  }

  /** The exact body and header Stripe would send for this event now. */
  sign(event: StandinEvent, timestamp?: number): { body: string; signature: string } {
    // Stripe sends the event pretty-printed with two spaces; the signature covers those exact bytes.
    const body = JSON.stringify(event, null, 2);
    return { body, signature: signWebhookPayload(body, this.secret, timestamp) };
  }

  /**
   * Sends these events in the order given (out of order if the test lists them so), each
   * `times` times; removes them from `pending`. Resolves with this call's deliveries.
   */
  deliver(events: StandinEvent[], options: DeliverOptions = {}): Promise<WebhookDelivery[]> {
    for (const event of events) {
      const index = this.pending.indexOf(event);
      if (index !== -1) this.pending.splice(index, 1);
    }
    return this.enqueue(events, options);
  }

  /** Sends everything pending, oldest first. */
  flush(): Promise<WebhookDelivery[]> {
    return this.deliver([...this.pending]);
  }

  /** Resolves once every delivery started so far has been answered, retries included. */
  async settled(): Promise<void> {
    let current: Promise<unknown>;
    do {
      current = this.chain;
      await current;
      while (this.retriesWaiting > 0 && current === this.chain) await new Promise((r) => setTimeout(r, 5));
    } while (current !== this.chain);
  }

  private enqueue(events: StandinEvent[], options: DeliverOptions): Promise<WebhookDelivery[]> {
    const run = this.chain.then(async () => {
      const done: WebhookDelivery[] = [];
      for (const event of events) {
        for (let i = 0; i < (options.times ?? 1); i += 1) done.push(await this.post(event, options.timestamp));
      }
      return done;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }

  private async post(event: StandinEvent, timestamp?: number): Promise<WebhookDelivery> {
    const { body, signature } = this.sign(event, timestamp);
    const delivery: WebhookDelivery = { eventId: event.id, type: event.type, status: 0, response: '', body, signature };
    if (this.url === null) {
      delivery.response = 'no webhook endpoint configured';
    } else {
      try {
        const response = await fetch(this.url, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Stripe-Signature': signature,
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'Cache-Control': 'no-cache',
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.status = response.status;
        delivery.response = (await response.text()).slice(0, 2000);
      } catch (error) {
        delivery.response = error instanceof Error ? error.message : String(error);
      }
    }
    if (delivery.status >= 200 && delivery.status < 300) event.pending_webhooks = 0;
    this.deliveries.push(delivery);
    return delivery;
  }
}
