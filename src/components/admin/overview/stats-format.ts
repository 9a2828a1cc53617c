/**
 * How the overview and analytics write their figures: trends as words and arrows, dates of the
 * shop's zone, links of activity and alerts. Pure; shared by both views.
 */
import type { Trend } from '../../../lib/analytics/period';
import type { ContentSyncSummary } from '../../../lib/schemas/admin-catalog';
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

/** What a content sync did, as a sentence: '2 products updated, 1 brand created' or 'no changes'. */
export function describeContentSync(sync: ContentSyncSummary): string {
  const parts: string[] = [];
  const add = (n: number, one: string, many: string, verb: string) => {
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many} ${verb}`);
  };
  add(sync.products.created, 'product', 'products', 'created');
  add(sync.products.updated, 'product', 'products', 'updated');
  add(sync.products.restored, 'product', 'products', 'back on sale');
  add(sync.products.withdrawn, 'product', 'products', 'withdrawn');
  add(sync.categories.created, 'brand', 'brands', 'created');
  add(sync.categories.updated, 'brand', 'brands', 'updated');
  add(sync.categories.removed, 'brand', 'brands', 'removed');
  add(sync.conflicts.new, 'new conflict', 'new conflicts', 'found');
  add(sync.skipped, 'change', 'changes', 'skipped');
  return parts.length ? parts.join(', ') : 'no changes from content/';
}
