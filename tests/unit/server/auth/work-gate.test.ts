import { describe, expect, it } from 'vitest';
import { WorkGate } from '../../../../src/server/auth/work-gate';
import { ApiError } from '../../../../src/server/http/errors';

/** A task that resolves when `release` is called, noting when it started. */
function deferred(log: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => (log.push(name), done), release: () => release() };
}

describe('WorkGate', () => {
  it('runs at most `concurrency` tasks at once, the rest in arrival order', async () => {
    const gate = new WorkGate(1, 10, 1_000);
    const log: string[] = [];
    const a = deferred(log, 'a');
    const b = deferred(log, 'b');
    const c = deferred(log, 'c');
    const runs = [gate.run(a.task), gate.run(b.task), gate.run(c.task)];
    await Promise.resolve();
    expect(log).toEqual(['a']);
    expect(gate.load).toEqual({ running: 1, waiting: 2 });
    a.release();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(log).toEqual(['a', 'b']);
    b.release();
    c.release();
    await Promise.all(runs);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with 503 and Retry-After when the line is full or the wait runs out', async () => {
    const gate = new WorkGate(1, 1, 50);
    const log: string[] = [];
    const a = deferred(log, 'a');
    const first = gate.run(a.task);
    const second = gate.run(async () => 'late');
    const third = await gate.run(async () => 'never').catch((e: unknown) => e);
    expect(third).toBeInstanceOf(ApiError);
    expect((third as ApiError).status).toBe(503);
    expect((third as ApiError).headers?.['retry-after']).toBe('1');
    const timedOut = await second.catch((e: unknown) => e);
    expect((timedOut as ApiError).status).toBe(503);
    a.release();
    await first;
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });
});
