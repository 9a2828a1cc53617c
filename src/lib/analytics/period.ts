/**
 * The period of the overview and analytics (local dates in the shop's zone, both ends included),
 * the period before it of the same length, and the trend of a figure between the two. Pure.
 */
import { addDays, countDays, type LocalDate } from './days';

/** The period the overview and analytics show when none is asked for, in days (ending today). */
export const DEFAULT_PERIOD_DAYS = 30;
/** The quick choices of the analytics period chooser, in days (ending today). */
export const PERIOD_PRESETS = [7, 30, 90] as const;
/** The longest period that can be asked for, in days. */
export const MAX_PERIOD_DAYS = 366;

/** A run of local days, both ends included. */
export interface Period {
  from: LocalDate;
  to: LocalDate;
  days: number;
}

/** The period asked for (either end may be missing; or the last `days` days) resolved against today's local date. */
export function resolvePeriod(asked: { from?: LocalDate; to?: LocalDate; days?: number }, today: LocalDate): Period {
  if (asked.days !== undefined && !asked.from && !asked.to) return presetPeriod(asked.days, today);
  const to = asked.to ?? (asked.from && asked.from > today ? asked.from : today);
  const from = asked.from ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  return { from, to, days: countDays(from, to) };
}

/** The last `days` days ending today. */
export function presetPeriod(days: number, today: LocalDate): Period {
  return { from: addDays(today, -(days - 1)), to: today, days };
}

/** The period of the same length that ends the day before `period` starts. */
export function previousPeriod(period: Period): Period {
  const to = addDays(period.from, -1);
  return { from: addDays(to, -(period.days - 1)), to, days: period.days };
}

/** How a figure moved against the previous period. */
export interface Trend {
  /** 'none' when the previous period had nothing to compare with. */
  direction: 'up' | 'down' | 'flat' | 'none';
  /** Change in percent of the previous value, one decimal; null when the previous value is 0. */
  percent: number | null;
}

/** The trend from `previous` to `current`: +25% is { direction: 'up', percent: 25 }. */
export function computeTrend(current: number, previous: number): Trend {
  if (previous === 0) return { direction: 'none', percent: null };
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  return { direction: percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat', percent };
}
