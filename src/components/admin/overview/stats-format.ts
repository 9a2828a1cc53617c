/**
 * How the overview and analytics write their figures: trends as words and arrows, dates of the
 * shop's zone, links of activity and alerts. Pure; shared by both views.
 */
import type { Trend } from '../../../lib/analytics/period';
import type { StatsLink } from '../../../lib/schemas/analytics';
import { adminPath } from '../../../stores/admin-router';

/** A trend as a short label and a sentence for screen readers: '▲ 12.5%', 'up 12.5% on the previous period'. */
export function describeTrend(trend: Trend): { label: string; spoken: string; tone: 'up' | 'down' | 'flat' | 'none' } {
  if (trend.direction === 'none' || trend.percent === null) return { label: 'No previous data', spoken: 'no previous data to compare with', tone: 'none' };
  const amount = `${Math.abs(trend.percent).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  if (trend.direction === 'flat') return { label: 'No change', spoken: 'no change on the previous period', tone: 'flat' };
  return trend.direction === 'up'
    ? { label: `▲ ${amount}`, spoken: `up ${amount} on the previous period`, tone: 'up' }
    : { label: `▼ ${amount}`, spoken: `down ${amount} on the previous period`, tone: 'down' };
}

/** 'Mar 2' for a local date 'YYYY-MM-DD'. */
export function formatDay(date: string, withYear = false): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
}

/** 'Mar 2 – Mar 10, 2026' for a period. */
export function formatPeriod(period: { from: string; to: string }): string {
  return period.from === period.to ? formatDay(period.from, true) : `${formatDay(period.from)} – ${formatDay(period.to, true)}`;
}

/**
 * An instant on the staff member's own clock, 'Nov 25, 3:04 PM', like every list of the back office
 * (the Orders and Audit views); only the period's days are counted in the shop's zone.
 */
export function formatInstant(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** The dashboard path a stats link leads to. */
export function statsLinkPath(link: StatsLink): string {
  if (link.view === 'orders' && link.id) return adminPath('order', { id: link.id });
  return adminPath(link.view, {}, link.search ?? {});
}
