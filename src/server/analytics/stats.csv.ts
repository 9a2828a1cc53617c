/**
 * The analytics series as CSV downloads (one per chart): money as dollars with two decimals, the
 * way the catalogue files and spreadsheets write it; product names neutralised against formulas.
 */
import { formatCsv } from '../../lib/csv';
import type { Analytics } from '../../lib/schemas/analytics';
import type { StatsSeries } from '../../lib/schemas/analytics-query';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The file name and CSV text of one series of an analytics answer. */
export function renderStatsCsv(analytics: Analytics, series: StatsSeries): { filename: string; csv: string } {
  const { from, to } = analytics.period;
  const filename = `graphene-${series}-${from}-to-${to}.csv`;
  switch (series) {
    case 'daily':
      return {
        filename,
        csv: formatCsv(
          ['date', 'orders', 'revenue', 'approved_revenue', 'new_customers'],
          analytics.days.map((d) => [d.date, d.orders, dollars(d.revenueCents), dollars(d.approvedRevenueCents), d.newCustomers]),
        ),
      };
    case 'statuses':
      return { filename, csv: formatCsv(['status', 'orders', 'revenue'], analytics.byStatus.map((s) => [s.status, s.orders, dollars(s.revenueCents)])) };
    case 'top-units':
    case 'top-revenue': {
      const list = series === 'top-units' ? analytics.topByUnits : analytics.topByRevenue;
      return { filename, csv: formatCsv(['rank', 'product_id', 'product', 'units', 'revenue'], list.map((p, i) => [i + 1, p.productId, p.name, p.units, dollars(p.revenueCents)])) };
    }
  }
}
