import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearAttempts, REFUSAL_MEMORY_MS, releaseAttempts, reserveAttempts, signInLimits, underReservation, type LimitCheck } from '../../../../src/server/auth/rate-limit';
import { openDatabase, type DatabaseHandle } from '../../../../src/server/db/connection';
import { migrateToLatest } from '../../../../src/server/db/migrate';
import { ApiError } from '../../../../src/server/http/errors';

let handle: DatabaseHandle;

beforeEach(async () => {
  handle = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-limits-db-')), 'shop.db') });
  await migrateToLatest(handle.db);
});

afterEach(async () => {
  await handle.close();
});

const checks: LimitCheck[] = [{ scope: 'test:address:203.0.113.7', limit: { max: 5, windowMs: 60_000 } }];

/** Whether a reservation went through (true) or was refused with 429 (false). */
const tryReserve = (now: Date) =>
  reserveAttempts(handle.db, checks, now).then(
    () => true,
    (err: unknown) => {
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(429);
      return false;
    },
  );

describe('reserveAttempts', () => {
  it('lets exactly `max` of a burst sent at once through and counts nothing for the refused ones', async () => {
    const now = new Date('2026-11-24T01:00:00Z');
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => tryReserve(now)));
    expect(outcomes.filter(Boolean)).toHaveLength(5);
    const rows = await handle.db.selectFrom('login_attempts').select('id').where('scope', '=', checks[0]!.scope).execute();
    expect(rows).toHaveLength(5);
  });

  it('frees a place when a reservation is given back, and when the oldest attempt leaves the window', async () => {
    const start = new Date('2026-11-24T01:00:00Z');
    const ids = await reserveAttempts(handle.db, checks, start);
    for (let i = 0; i < 4; i++) await reserveAttempts(handle.db, checks, new Date(start.getTime() + 10_000));
    expect(await tryReserve(new Date(start.getTime() + 20_000))).toBe(false);
    await releaseAttempts(handle.db, ids);
    expect(await tryReserve(new Date(start.getTime() + 20_000))).toBe(true);
    expect(await tryReserve(new Date(start.getTime() + 69_000))).toBe(false);
    expect(await tryReserve(new Date(start.getTime() + 70_001))).toBe(true);
  });
});

describe('refusals remembered', () => {
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
  const attempts = () => handle.db.selectFrom('login_attempts').select('id').where('scope', '=', checks[0]!.scope).execute();

  it('answers 429 from memory for REFUSAL_MEMORY_MS after the database said so, writing nothing', async () => {
    const start = new Date('2026-11-24T01:00:00Z');
    for (let i = 0; i < 5; i++) await reserveAttempts(handle.db, checks, start);
    expect(await tryReserve(at(start, 1_000))).toBe(false);
    // Another server gives the places back behind this one's back: this one keeps refusing a moment.
    await handle.db.deleteFrom('login_attempts').execute();
    expect(await tryReserve(at(start, 1_000 + REFUSAL_MEMORY_MS - 1))).toBe(false);
    expect(await attempts()).toHaveLength(0);
    expect(await tryReserve(at(start, 1_000 + REFUSAL_MEMORY_MS))).toBe(true);
  });

  it('names the same wait as the database did', async () => {
    const start = new Date('2026-11-24T01:00:00Z');
    for (let i = 0; i < 5; i++) await reserveAttempts(handle.db, checks, start);
    const retryAfter = (now: Date) =>
      reserveAttempts(handle.db, checks, now).then(
        () => undefined,
        (err: ApiError) => err.headers?.['retry-after'],
      );
    expect(await retryAfter(at(start, 10_000))).toBe('50');
    expect(await retryAfter(at(start, 10_500))).toBe('50');
  });

  it('forgets them as soon as a place is given back or cleared in this process', async () => {
    const start = new Date('2026-11-24T01:00:00Z');
    const first = await reserveAttempts(handle.db, checks, start);
    for (let i = 0; i < 4; i++) await reserveAttempts(handle.db, checks, start);
    expect(await tryReserve(at(start, 100))).toBe(false);
    await releaseAttempts(handle.db, first);
    expect(await tryReserve(at(start, 200))).toBe(true);
    expect(await tryReserve(at(start, 300))).toBe(false);
    await clearAttempts(handle.db, checks[0]!.scope);
    expect(await tryReserve(at(start, 400))).toBe(true);
  });

  it('never outlives the window: the refusal ends when the oldest attempt leaves it', async () => {
    const start = new Date('2026-11-24T01:00:00Z');
    for (let i = 0; i < 5; i++) await reserveAttempts(handle.db, checks, start);
    expect(await tryReserve(at(start, 59_800))).toBe(false);
    expect(await tryReserve(at(start, 60_001))).toBe(true);
  });

  it('are kept per database', async () => {
    const other = openDatabase({ kind: 'sqlite', file: join(mkdtempSync(join(tmpdir(), 'shop-limits-db-')), 'shop.db') });
    try {
      await migrateToLatest(other.db);
      const start = new Date('2026-11-24T01:00:00Z');
      for (let i = 0; i < 5; i++) await reserveAttempts(handle.db, checks, start);
      expect(await tryReserve(at(start, 100))).toBe(false);
      await expect(reserveAttempts(other.db, checks, at(start, 200))).resolves.toHaveLength(1);
    } finally {
      await other.close();
    }
  });
});

describe('underReservation', () => {
  it('gives the reservation back when the work fails, and keeps it when the work is done', async () => {
    const now = new Date('2026-11-24T01:00:00Z');
    const count = async () => (await handle.db.selectFrom('login_attempts').select('id').execute()).length;
    const failed = await reserveAttempts(handle.db, checks, now);
    await expect(underReservation(handle.db, failed, () => Promise.reject(new ApiError(503, 'busy', 'Busy.')))).rejects.toThrow('Busy.');
    expect(await count()).toBe(0);
    const done = await reserveAttempts(handle.db, checks, now);
    expect(await underReservation(handle.db, done, async () => 'judged')).toBe('judged');
    expect(await count()).toBe(1);
  });
});

describe('signInLimits', () => {
  it('limits an account and address pair hardest, the account softer, and the address on its own', () => {
    const [pair, account, address] = signInLimits('login', 'ann@example.com', '203.0.113.7');
    expect(pair!.scope).toBe('login:pair:203.0.113.7:ann@example.com');
    expect(account!.scope).toBe('login:account:ann@example.com');
    expect(address!.scope).toBe('login:address:203.0.113.7');
    expect(pair!.limit.max).toBeLessThan(address!.limit.max);
    expect(address!.limit.max).toBeLessThan(account!.limit.max);
  });
});

describe('a limit that applies only after attempts of the client’s own (onlyAfter)', () => {
  const start = new Date('2026-11-24T01:00:00Z');
  /** Sign-in checks of one account from `address`: the account's limit applies once the address has failed for it. */
  const from = (address: string) => signInLimits('login', 'ann@example.com', address);
  const reserve = (address: string, ms = 0) =>
    reserveAttempts(handle.db, from(address), new Date(start.getTime() + ms)).then(
      () => true,
      (err: unknown) => {
        expect((err as ApiError).status).toBe(429);
        return false;
      },
    );

  it('lets an address that has not failed for the account through past its limit, once; then that address waits', async () => {
    for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) expect(await reserve(`198.51.100.${a}`)).toBe(true);
    // The account has its 50: every one of those addresses waits, a fresh one is tried.
    expect(await reserve('198.51.100.0', 1_000)).toBe(false);
    expect(await reserve('203.0.113.9', 1_000)).toBe(true);
    expect(await reserve('203.0.113.9', 2_000)).toBe(false);
    // Remembered under the address's own scope: another fresh address is not refused from memory.
    expect(await reserve('203.0.113.10', 2_000)).toBe(true);
  });

  it('applies to nobody once the account’s window has moved past its failures', async () => {
    for (let a = 0; a < 10; a++) for (let i = 0; i < 5; i++) expect(await reserve(`198.51.100.${a}`)).toBe(true);
    expect(await reserve('198.51.100.0', 1_000)).toBe(false);
    expect(await reserve('198.51.100.0', 15 * 60_000 + 1)).toBe(true);
  });
});

