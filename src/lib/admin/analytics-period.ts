/**
 * The analytics period as the URL carries it: `?days=7|30|90` (a quick choice, 30 when absent) or
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD` (custom). Pure; shared by the store (API key) and the view.
 */
import { DEFAULT_PERIOD_DAYS, PERIOD_PRESETS } from '../analytics/period';
import { parseLocalDate } from '../analytics/days';

/** The chosen period: one of the presets, or custom dates. */
export type AnalyticsPeriod = { kind: 'preset'; days: (typeof PERIOD_PRESETS)[number] } | { kind: 'custom'; from: string; to: string };

/** Reads the period from URL search parameters; anything unreadable is the default 30 days. */
export function parseAnalyticsPeriod(search: Record<string, string | undefined>): AnalyticsPeriod {
  const { from, to } = search;
  if (from && to && parseLocalDate(from) && parseLocalDate(to) && from <= to) return { kind: 'custom', from, to };
  const days = Number(search.days);
  const preset = PERIOD_PRESETS.find((p) => p === days);
  return { kind: 'preset', days: preset ?? DEFAULT_PERIOD_DAYS };
}

/** URL search parameters of a period (the default left out). */
export function analyticsPeriodToSearch(period: AnalyticsPeriod): Record<string, string> {
  if (period.kind === 'custom') return { from: period.from, to: period.to };
  return period.days === DEFAULT_PERIOD_DAYS ? {} : { days: String(period.days) };
}

/** The query string the stats API takes for a period. */
export function analyticsPeriodQuery(period: AnalyticsPeriod): string {
  return new URLSearchParams(period.kind === 'custom' ? { from: period.from, to: period.to } : { days: String(period.days) }).toString();
}
