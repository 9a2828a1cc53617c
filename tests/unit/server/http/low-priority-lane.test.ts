import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { LOW_PRIORITY_PATHS, LowPriorityLane } from '../../../../src/server/http/low-priority-lane';

/** Resolves after one turn of the event loop (its check phase). */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('LowPriorityLane', () => {
  it('starts at most `perTurn` requests per turn of the event loop, in arrival order', async () => {
    const lane = new LowPriorityLane(1, 10);
    const started: number[] = [];
    for (const n of [1, 2, 3]) expect(lane.admit(() => started.push(n))).toBe(true);
    expect(started).toEqual([]);
    expect(lane.length).toBe(3);
    await nextTurn();
    expect(started).toEqual([1]);
    await nextTurn();
    await nextTurn();
    expect(started).toEqual([1, 2, 3]);
    expect(lane.length).toBe(0);
  });

  it('lets work that arrived meanwhile run between two of its requests', async () => {
    const lane = new LowPriorityLane(1, 10);
    const order: string[] = [];
    lane.admit(() => {
      order.push('lane 1');
      // A page request arriving now is handled before the next sign-in starts.
      setImmediate(() => order.push('page'));
    });
    lane.admit(() => order.push('lane 2'));
    for (let i = 0; i < 4; i++) await nextTurn();
    expect(order).toEqual(['lane 1', 'page', 'lane 2']);
  });

  it('refuses a request once `maxWaiting` wait, and takes new ones as the line moves', async () => {
    const lane = new LowPriorityLane(1, 2);
    const started: string[] = [];
    expect(lane.admit(() => started.push('a'))).toBe(true);
    expect(lane.admit(() => started.push('b'))).toBe(true);
    expect(lane.admit(() => started.push('c'))).toBe(false);
    await nextTurn();
    expect(lane.admit(() => started.push('d'))).toBe(true);
    for (let i = 0; i < 3; i++) await nextTurn();
    expect(started).toEqual(['a', 'b', 'd']);
  });

  it("runs each request in its own async context (request id, client address)", async () => {
    const context = new AsyncLocalStorage<string>();
    const lane = new LowPriorityLane(2, 10);
    const seen: (string | undefined)[] = [];
    context.run('request-1', () => lane.admit(() => seen.push(context.getStore())));
    context.run('request-2', () => lane.admit(() => seen.push(context.getStore())));
    context.run('request-3', () => lane.admit(() => seen.push(context.getStore())));
    await nextTurn();
    await nextTurn();
    expect(seen).toEqual(['request-1', 'request-2', 'request-3']);
  });

  it('keeps going when a request throws', async () => {
    const lane = new LowPriorityLane(1, 10);
    const started: string[] = [];
    lane.admit(() => {
      throw new Error('boom');
    });
    lane.admit(() => started.push('next'));
    await nextTurn();
    await nextTurn();
    expect(started).toEqual(['next']);
  });

  it('holds the routes that check or set a password, and no page or catalogue', () => {
    expect([...LOW_PRIORITY_PATHS].sort()).toEqual(['/api/admin/auth/login', '/api/auth/login', '/api/auth/register', '/api/auth/reset-password']);
  });
});
