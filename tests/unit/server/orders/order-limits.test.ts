import { describe, expect, it } from 'vitest';
import { orderRateChecks, pendingOrderCap, placerLockKeys, SIGNED_IN_ORDER_ROOM, tooManyPendingOrders, type OrderLimits } from '../../../../src/server/orders/order-limits';

const LIMITS: OrderLimits = { perHour: 10, pendingMax: 3, holdMs: 48 * 3_600_000 };
const guest = { address: '203.0.113.9', email: '  Buyer@Example.COM ', signedIn: false };

describe('order limits', () => {
  it('counts an order under its client address and its e-mail, lower-cased', () => {
    expect(orderRateChecks(LIMITS, guest)).toEqual([
      { scope: 'order:address:203.0.113.9', limit: { max: 10, windowMs: 3_600_000 } },
      { scope: 'order:email:buyer@example.com', limit: { max: 10, windowMs: 3_600_000 } },
    ]);
    expect(placerLockKeys(guest)).toEqual(['order:address:203.0.113.9', 'order:email:buyer@example.com']);
  });

  it('gives a signed-in customer more room on the same counters', () => {
    const signedIn = { ...guest, signedIn: true };
    expect(orderRateChecks(LIMITS, signedIn).map((c) => c.scope)).toEqual(orderRateChecks(LIMITS, guest).map((c) => c.scope));
    expect(orderRateChecks(LIMITS, signedIn)[0]!.limit.max).toBe(10 * SIGNED_IN_ORDER_ROOM);
    expect(pendingOrderCap(LIMITS, guest)).toBe(3);
    expect(pendingOrderCap(LIMITS, signedIn)).toBe(3 * SIGNED_IN_ORDER_ROOM);
  });

  it('answers 429 naming the pending orders, with Retry-After until the oldest lapses', () => {
    const now = new Date('2026-05-01T12:00:00Z');
    const error = tooManyPendingOrders(3, '2026-05-01T11:00:00Z', LIMITS, now);
    expect(error.status).toBe(429);
    expect(error.code).toBe('too_many_pending_orders');
    expect(error.message).toBe('You already have 3 orders awaiting approval. Please wait until we have reviewed them before placing another.');
    expect(error.headers).toEqual({ 'retry-after': String(47 * 3600) });
    expect(tooManyPendingOrders(1, undefined, LIMITS, now).message).toMatch(/^You already have an order awaiting approval\./);
  });
});
