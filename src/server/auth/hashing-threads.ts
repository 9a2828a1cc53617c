import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The nice value of the threads that hash passwords (Linux: nice is per thread). The event loop
 * stays at the process's own priority, so when the cores are short the kernel runs the thread
 * serving pages, the catalogue and orders first, and argon2 gets what is left; on an idle machine
 * a niced thread runs exactly as fast. 19 is the lowest priority: a sign-in burst may then wait
 * (and meet the password gate's 503) but never slows a page.
 */
export const HASHING_NICE = 19;

/** One job for a hashing thread: argon2 `hash` or `verify` with @node-rs/argon2's arguments. */
type Job = { id: number; op: 'hash'; args: [password: string, options: object] } | { id: number; op: 'verify'; args: [hash: string, password: string] };

/** A hashing thread's answer to a job. */
type Answer = { id: number; value: string | boolean } | { id: number; error: string };

/**
 * The hashing thread's program (a CommonJS script, evaluated): lowers its own thread's priority,
 * then runs each job synchronously, one at a time, on that thread.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { setPriority } = require('node:os');
try {
  setPriority(workerData.nice);
} catch {
  // Not allowed here: the thread keeps the process's priority.
}
let nice;
try {
  // Fields after the name's ')': the nice value is the 17th.
  nice = Number(readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ')[16]);
} catch {
  // not Linux
}
const argon2 = require(workerData.argon2);
parentPort.postMessage({ ready: true, nice });
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(...args) : argon2.verifySync(...args);
    parentPort.postMessage({ id, value });
  } catch (err) {
    parentPort.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
`;

/** A started hashing thread and the jobs it has been given. */
interface HashingThread {
  worker: Worker;
  pending: Map<number, { resolve: (value: string | boolean) => void; reject: (err: Error) => void }>;
  /** The thread's nice value as it read it from /proc (Linux), once it is ready. */
  nice: Promise<number | undefined>;
}

/**
 * Password hashing on threads of its own, at HASHING_NICE: `size` threads, started on first use,
 * each running one job at a time (the password gate in front keeps at most `size` jobs out at
 * once, so each job finds an idle thread). A thread that dies fails its jobs and is replaced on
 * the next one. Idle threads do not keep the process alive; one with a job does until it answers.
 */
export class HashingThreads {
  private readonly threads: (HashingThread | undefined)[];
  private nextId = 0;
  private turn = 0;

  constructor(
    readonly size: number,
    readonly nice: number = HASHING_NICE,
  ) {
    this.threads = Array.from({ length: size }, () => undefined);
  }

  /** An argon2 hash (PHC string) of `password` with `options`, computed on a hashing thread. */
  hash(password: string, options: object): Promise<string> {
    return this.submit({ op: 'hash', args: [password, options] }) as Promise<string>;
  }

  /** Whether `password` matches the PHC `hash`, checked on a hashing thread; rejects for a malformed hash. */
  verify(hash: string, password: string): Promise<boolean> {
    return this.submit({ op: 'verify', args: [hash, password] }) as Promise<boolean>;
  }

  /** The nice value of each hashing thread started so far, as the thread itself read it (Linux; undefined elsewhere). */
  async niceValues(): Promise<(number | undefined)[]> {
    return Promise.all(this.threads.filter((t) => t !== undefined).map((t) => t.nice));
  }

  /** Stops every hashing thread (their jobs fail). */
  async close(): Promise<void> {
    const started = this.threads.filter((t) => t !== undefined);
    this.threads.fill(undefined);
    await Promise.all(started.map((t) => t.worker.terminate()));
  }

  private submit(job: Omit<Job, 'id'>): Promise<string | boolean> {
    // The least busy thread, round robin among equals.
    let index = this.turn;
    for (let i = 0; i < this.size; i++) {
      const candidate = (this.turn + i) % this.size;
      if ((this.threads[candidate]?.pending.size ?? 0) < (this.threads[index]?.pending.size ?? 0)) index = candidate;
    }
    this.turn = (index + 1) % this.size;
    const thread = (this.threads[index] ??= this.start(index));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      // A thread with work keeps the process alive until the answer; an idle one does not.
      if (thread.pending.size === 0) thread.worker.ref();
      thread.pending.set(id, { resolve, reject });
      thread.worker.postMessage({ ...job, id } as Job);
    });
  }

  private start(index: number): HashingThread {
    const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2, nice: this.nice }, name: 'password-hashing' });
    const pending: HashingThread['pending'] = new Map();
    let ready: (nice: number | undefined) => void = () => undefined;
    const thread: HashingThread = { worker, pending, nice: new Promise((resolve) => (ready = resolve)) };
    worker.on('message', (message: Answer | { ready: true; nice?: number }) => {
      if ('ready' in message) return ready(message.nice);
      const job = pending.get(message.id);
      if (!job) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if ('error' in message) job.reject(new Error(message.error));
      else job.resolve(message.value);
    });
    const fail = (err: Error) => {
      ready(undefined);
      for (const job of pending.values()) job.reject(err);
      pending.clear();
      if (this.threads[index] === thread) this.threads[index] = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password hashing thread stopped (exit code ${code})`)));
    // After the listeners: adding a 'message' listener refs the worker's port again, which kept
    // one-shot scripts (npm run admin:create) running for ever after their work was done.
    worker.unref();
    return thread;
  }
}
