import { ApiError } from '../http/errors';

/** The 503 of a gate whose queue is full or whose wait ran out. */
export const busy = () =>
  new ApiError(503, 'busy', 'The server is busy signing other people in. Please try again in a moment.', undefined, { 'retry-after': '1' });

/**
 * Lets at most `concurrency` tasks run at once; later ones wait in line, at most `maxQueue` of
 * them and for at most `maxWaitMs` each, and are refused with 503 beyond that. Password hashing
 * goes through one, so a burst of sign-ins leaves the event loop (pages, catalogue) a core of its own.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxQueue: number,
    /** Settable: the server gives the password gate PASSWORD_WAIT_MS at start. */
    public maxWaitMs: number,
  ) {}

  /** Tasks running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `task` when a slot is free; rejects with 503 when the line is full or the wait too long. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) throw busy();
      await new Promise<void>((resolve, reject) => {
        const entry = {
          start: () => {
            clearTimeout(entry.timer);
            resolve();
          },
          timer: setTimeout(() => {
            this.waiting.splice(this.waiting.indexOf(entry), 1);
            reject(busy());
          }, this.maxWaitMs),
        };
        this.waiting.push(entry);
      });
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line; only when nobody waits is it given back.
      if (next) next.start();
      else this.running -= 1;
    }
  }
}
