import { describe, expect, it } from 'vitest';
import { addDays, countDays, dayBounds, isTimeZone, localDateOf, parseLocalDate, startOfLocalDay, zoneOffsetMs } from '../../../../src/lib/analytics/days';

const iso = (ms: number) => new Date(ms).toISOString();

describe('local days in the shop zone', () => {
  it('knows IANA zones and refuses made-up ones', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('reads the offset of Chicago in winter (-6 h) and summer (-5 h)', () => {
    expect(zoneOffsetMs(Date.parse('2026-01-15T12:00:00Z'), 'America/Chicago')).toBe(-6 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'America/Chicago')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(5.5 * 3_600_000);
  });

  it('puts an instant on the local date either side of midnight', () => {
    // 05:59 UTC is 23:59 the day before in Chicago (winter); 06:00 UTC is midnight.
    expect(localDateOf('2026-11-20T05:59:59.999Z', 'America/Chicago')).toBe('2026-11-19');
    expect(localDateOf('2026-11-20T06:00:00.000Z', 'America/Chicago')).toBe('2026-11-20');
    expect(localDateOf('2026-11-20T05:59:59.999Z', 'UTC')).toBe('2026-11-20');
  });

  it('finds the UTC start of a local day, in standard and daylight time', () => {
    expect(iso(startOfLocalDay('2026-11-20', 'America/Chicago'))).toBe('2026-11-20T06:00:00.000Z');
    expect(iso(startOfLocalDay('2026-07-04', 'America/Chicago'))).toBe('2026-07-04T05:00:00.000Z');
    expect(iso(startOfLocalDay('2026-07-04', 'Asia/Kolkata'))).toBe('2026-07-03T18:30:00.000Z');
    expect(iso(startOfLocalDay('2026-07-04', 'UTC'))).toBe('2026-07-04T00:00:00.000Z');
  });

  it('starts a day whose midnight the clock skips at the first moment that exists', () => {
    // Santiago springs forward at midnight: 2026-09-06 00:00 does not exist, the day starts at 01:00 (-03).
    const start = startOfLocalDay('2026-09-06', 'America/Santiago');
    expect(localDateOf(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDateOf(start - 1, 'America/Santiago')).toBe('2026-09-05');
  });

  it('gives 23- and 25-hour days across the DST changes of Chicago', () => {
    const spring = dayBounds('2026-03-07', '2026-03-09', 'America/Chicago');
    expect(spring.map((d) => d.date)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(spring[1]).toEqual({ date: '2026-03-08', start: '2026-03-08T06:00:00.000Z', end: '2026-03-09T05:00:00.000Z' });
    const autumn = dayBounds('2026-11-01', '2026-11-01', 'America/Chicago');
    expect(autumn).toEqual([{ date: '2026-11-01', start: '2026-11-01T05:00:00.000Z', end: '2026-11-02T06:00:00.000Z' }]);
  });

  it('makes consecutive days meet without gaps or overlaps', () => {
    const days = dayBounds('2026-01-01', '2026-12-31', 'Europe/London');
    expect(days).toHaveLength(365);
    for (let i = 1; i < days.length; i += 1) expect(days[i]!.start).toBe(days[i - 1]!.end);
  });

  it('does date arithmetic on calendar dates', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(countDays('2026-11-01', '2026-11-30')).toBe(30);
    expect(countDays('2026-03-01', '2026-03-31')).toBe(31);
    expect(parseLocalDate('2026-02-30')).toBeNull();
    expect(parseLocalDate('2026-2-3')).toBeNull();
    expect(parseLocalDate('2026-02-03')).toEqual({ year: 2026, month: 2, day: 3 });
  });
});
