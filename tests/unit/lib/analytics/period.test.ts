import { describe, expect, it } from 'vitest';
import { computeTrend, presetPeriod, previousPeriod, resolvePeriod } from '../../../../src/lib/analytics/period';
import { statsQuerySchema, ANALYTICS_MESSAGES } from '../../../../src/lib/schemas/analytics-query';
import { formatCsv, formatCsvCell } from '../../../../src/lib/csv';

describe('the period of the overview and analytics', () => {
  it('is the last 30 days ending today when none is asked for', () => {
    expect(resolvePeriod({}, '2026-11-25')).toEqual({ from: '2026-10-27', to: '2026-11-25', days: 30 });
  });

  it('keeps a custom period and ends an open one today', () => {
    expect(resolvePeriod({ from: '2026-11-01', to: '2026-11-07' }, '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-07', days: 7 });
    expect(resolvePeriod({ from: '2026-11-20' }, '2026-11-25')).toEqual({ from: '2026-11-20', to: '2026-11-25', days: 6 });
    expect(resolvePeriod({ to: '2026-11-10' }, '2026-11-25')).toEqual({ from: '2026-10-12', to: '2026-11-10', days: 30 });
  });

  it('takes the last N days ending today', () => {
    expect(resolvePeriod({ days: 7 }, '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25', days: 7 });
    expect(statsQuerySchema.parse({ days: '90' })).toEqual({ days: 90 });
    expect(statsQuerySchema.safeParse({ days: '0' }).error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.days);
  });

  it('compares with the period of the same length just before', () => {
    expect(previousPeriod({ from: '2026-11-01', to: '2026-11-07', days: 7 })).toEqual({ from: '2026-10-25', to: '2026-10-31', days: 7 });
    expect(previousPeriod(presetPeriod(90, '2026-11-25'))).toEqual({ from: '2026-05-30', to: '2026-08-27', days: 90 });
  });

  it('refuses unreadable, reversed and too long periods with their messages', () => {
    expect(statsQuerySchema.safeParse({ from: '2026-13-01' }).error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.from);
    expect(statsQuerySchema.safeParse({ to: 'yesterday' }).error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.to);
    expect(statsQuerySchema.safeParse({ from: '2026-11-08', to: '2026-11-07' }).error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.order);
    expect(statsQuerySchema.safeParse({ from: '2025-01-01', to: '2026-11-07' }).error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.tooLong);
    expect(statsQuerySchema.parse({ from: '', to: '' })).toEqual({});
  });
});

describe('trends against the previous period', () => {
  it('gives the change in percent with one decimal', () => {
    expect(computeTrend(125, 100)).toEqual({ direction: 'up', percent: 25 });
    expect(computeTrend(2, 3)).toEqual({ direction: 'down', percent: -33.3 });
    expect(computeTrend(7, 7)).toEqual({ direction: 'flat', percent: 0 });
    expect(computeTrend(0, 40)).toEqual({ direction: 'down', percent: -100 });
  });

  it('has no percent when the previous period had nothing', () => {
    expect(computeTrend(10, 0)).toEqual({ direction: 'none', percent: null });
    expect(computeTrend(0, 0)).toEqual({ direction: 'none', percent: null });
  });
});

describe('CSV downloads', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const evil of ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(formatCsvCell(evil).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(formatCsvCell(-5)).toBe('-5');
    expect(formatCsvCell('Satin, white "pure"')).toBe('"Satin, white ""pure"""');
  });

  it('writes a header and CRLF lines', () => {
    expect(formatCsv(['a', 'b'], [[1, 'x'], [2, null]])).toBe('a,b\r\n1,x\r\n2,\r\n');
  });
});
