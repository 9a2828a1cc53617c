import { describe, expect, it } from 'vitest';
import { formatLastLogin } from '../../../src/lib/last-login';

const NOW = new Date('2026-11-25T12:00:00.000Z');
/** The ISO time `ms` before NOW. */
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formatLastLogin (spec §9 last login text)', () => {
  it('says Never for a customer who never signed in', () => {
    expect(formatLastLogin(null, NOW)).toBe('Never');
    expect(formatLastLogin(undefined, NOW)).toBe('Never');
    expect(formatLastLogin('', NOW)).toBe('Never');
  });

  it('says Just now under one hour, and for a time slightly ahead of the clock', () => {
    expect(formatLastLogin(ago(0), NOW)).toBe('Just now');
    expect(formatLastLogin(ago(59 * MINUTE + 59_999), NOW)).toBe('Just now');
    expect(formatLastLogin(ago(-2 * MINUTE), NOW)).toBe('Just now');
  });

  it("says 'Nh ago' from one hour up to 24 hours", () => {
    expect(formatLastLogin(ago(HOUR), NOW)).toBe('1h ago');
    expect(formatLastLogin(ago(5 * HOUR + 30 * MINUTE), NOW)).toBe('5h ago');
    expect(formatLastLogin(ago(24 * HOUR - 1), NOW)).toBe('23h ago');
  });

  it("says 'Nd ago' from 24 hours up to 168 hours", () => {
    expect(formatLastLogin(ago(24 * HOUR), NOW)).toBe('1d ago');
    expect(formatLastLogin(ago(47 * HOUR + 59 * MINUTE), NOW)).toBe('1d ago');
    expect(formatLastLogin(ago(48 * HOUR), NOW)).toBe('2d ago');
    expect(formatLastLogin(ago(168 * HOUR - 1), NOW)).toBe('6d ago');
  });

  it('gives the date from 168 hours on', () => {
    expect(formatLastLogin(ago(168 * HOUR), NOW, 'UTC')).toBe('Nov 18, 2026');
    expect(formatLastLogin('2025-02-03T23:30:00.000Z', NOW, 'UTC')).toBe('Feb 3, 2025');
    // The date is the one of the reader's time zone.
    expect(formatLastLogin('2025-02-03T23:30:00.000Z', NOW, 'Asia/Tokyo')).toBe('Feb 4, 2025');
  });

  it('treats an unreadable time as no sign-in', () => {
    expect(formatLastLogin('not a time', NOW)).toBe('Never');
  });
});
