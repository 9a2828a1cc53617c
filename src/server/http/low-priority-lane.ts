import { AsyncResource } from 'node:async_hooks';

/**
 * Requests that may wait for everything else: the ones that check or set a password. A burst of
 * them (even of refusals: each still costs a rate-limit transaction and the Astro pipeline, ten
 * times a static page) must not make pages, the catalogue and orders queue behind it.
 */
export const LOW_PRIORITY_PATHS: ReadonlySet<string> = new Set([
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/reset-password',
  '/api/admin/auth/login',
]);

/**
 * A line of requests served at low priority on the event loop: at most `perTurn` of them start per
 * turn of the loop, after the turn's network events (other requests) have been handled, so a
 * request outside the lane never waits behind more than `perTurn` of them; an idle loop turns at
 * once and lets them through at full speed. Beyond `maxWaiting` waiting a request is refused at
 * once (the caller answers 503 with Retry-After), which is far cheaper than serving it.
 */
export class LowPriorityLane {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  constructor(
    readonly perTurn = 1,
    readonly maxWaiting = 256,
  ) {}

  /** Requests waiting now. */
  get length(): number {
    return this.waiting.length;
  }

  /** Runs `start` at a later turn of the event loop (in the caller's async context); false when the line is full. */
  admit(start: () => void): boolean {
    if (this.waiting.length >= this.maxWaiting) return false;
    this.waiting.push(AsyncResource.bind(start));
    this.schedule();
    return true;
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    // setImmediate runs after the poll phase: the network events already waiting go first.
    setImmediate(() => {
      this.scheduled = false;
      for (let i = 0; i < this.perTurn && this.waiting.length > 0; i++) {
        const start = this.waiting.shift()!;
        try {
          start();
        } catch {
          // A start function answers its own errors; one throwing must not stall the line.
        }
      }
      this.schedule();
    });
  }
}
