import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { PERIOD_PRESETS } from '../../../lib/analytics/period';
import { formatMoney } from '../../../lib/money';
import type { Analytics, ProductSales } from '../../../lib/schemas/analytics';
import type { StatsSeries } from '../../../lib/schemas/analytics-query';
import { useQuery } from '../../../stores/admin-query';
import { adminPath, navigateAdmin } from '../../../stores/admin-router';
import { $analytics } from '../../../stores/admin-stats';
import { ORDER_STATUS_LABELS } from '../order-labels';
import { formatDay, formatPeriod } from '../overview/stats-format';
import { analyticsPeriodQuery, analyticsPeriodToSearch, parseAnalyticsPeriod, type AnalyticsPeriod } from '../../../lib/admin/analytics-period';
import { DailyChart } from './DailyChart';
import type { DailySeries } from './uplot-chart';

const INK = '#0f1b2d';
const ACCENT = '#c0391b';
const GOLD = '#b7862b';
const SUCCESS = '#17704a';

const count = (n: number) => n.toLocaleString('en-US');
const money = (cents: number) => formatMoney(Math.round(cents));
/** Axis dollars without cents, thousands as k: '$1.5k'. */
const axisMoney = (cents: number) => (Math.abs(cents) >= 100_000 ? `$${(cents / 100_000).toLocaleString('en-US', { maximumFractionDigits: 1 })}k` : `$${Math.round(cents / 100).toLocaleString('en-US')}`);
/** Axis counts: whole numbers only. */
const axisCount = (n: number) => (Number.isInteger(n) ? count(n) : '');

/** Opens the analytics view for a period. */
function openPeriod(period: AnalyticsPeriod): void {
  navigateAdmin(adminPath('analytics', {}, analyticsPeriodToSearch(period)));
}

/** The period chooser: 7, 30 or 90 days, or custom dates (kept in the URL). */
function PeriodChooser({ period }: { period: AnalyticsPeriod }) {
  const id = useId();
  const [from, setFrom] = useState(period.kind === 'custom' ? period.from : '');
  const [to, setTo] = useState(period.kind === 'custom' ? period.to : '');
  const [error, setError] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setError('Please choose both dates.');
    if (from > to) return setError('The start date must be on or before the end date.');
    setError('');
    openPeriod({ kind: 'custom', from, to });
  };
  const base = 'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {PERIOD_PRESETS.map((days) => {
          const active = period.kind === 'preset' && period.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              onClick={() => openPeriod({ kind: 'preset', days })}
              className={`${base} ${active ? 'border-ink bg-ink text-paper' : 'border-line bg-white text-ink hover:border-ink'}`}
            >
              Last {days} days
            </button>
          );
        })}
      </div>
      <form onSubmit={apply} className="flex flex-wrap items-end gap-2" aria-label="Custom period" noValidate>
        <label className="flex flex-col text-xs font-semibold text-ink-muted" htmlFor={`${id}-from`}>
          From
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="mt-1 min-h-11 rounded-lg border border-line bg-white px-3 text-sm text-ink" />
        </label>
        <label className="flex flex-col text-xs font-semibold text-ink-muted" htmlFor={`${id}-to`}>
          To
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} className="mt-1 min-h-11 rounded-lg border border-line bg-white px-3 text-sm text-ink" />
        </label>
        <button type="submit" aria-pressed={period.kind === 'custom'} className={`${base} ${period.kind === 'custom' ? 'border-ink bg-ink text-paper' : 'border-line bg-white text-ink hover:border-ink'}`}>
          Apply dates
        </button>
        {error && (
          <p role="alert" className="basis-full text-sm text-danger">
            {error}
          </p>
        )}
      </form>
    </div>
  );
}

/** A panel of the view: heading, CSV download, content. */
function Panel({ title, series, period, children }: { title: string; series: StatsSeries; period: AnalyticsPeriod; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-line bg-white shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2">
        <h2 id={id} className="font-sans text-base font-semibold text-ink">
          {title}
        </h2>
        <a
          href={`/api/admin/stats/export.csv?series=${series}&${analyticsPeriodQuery(period)}`}
          download
          className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
        >
          Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
        </a>
      </div>
      <div className="space-y-4 p-4">{children}</div>
    </section>
  );
}

const TH = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase';
const TD = 'px-3 py-1.5 text-sm text-ink tabular';

/** The daily figures as a table (the charts' accessible twin), scrollable when the period is long. */
function DailyTable({ analytics }: { analytics: Analytics }) {
  return (
    <div role="region" aria-label="Figures by day" tabIndex={0} className="max-h-72 overflow-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-ink">
      <table className="w-full min-w-[32rem] border-collapse">
        <caption className="sr-only">Orders, revenue and new customers by day</caption>
        <thead className="sticky top-0 bg-paper">
          <tr>
            <th scope="col" className={TH}>Day</th>
            <th scope="col" className={`${TH} text-right`}>Orders</th>
            <th scope="col" className={`${TH} text-right`}>Revenue</th>
            <th scope="col" className={`${TH} text-right`}>Approved &amp; later</th>
            <th scope="col" className={`${TH} text-right`}>New customers</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {analytics.days.map((d) => (
            <tr key={d.date}>
              <th scope="row" className={`${TD} text-left font-medium`}>
                <time dateTime={d.date}>{formatDay(d.date, true)}</time>
              </th>
              <td className={`${TD} text-right`}>{count(d.orders)}</td>
              <td className={`${TD} text-right`}>{money(d.revenueCents)}</td>
              <td className={`${TD} text-right`}>{money(d.approvedRevenueCents)}</td>
              <td className={`${TD} text-right`}>{count(d.newCustomers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A table whose figure column carries a bar: orders by status, best sellers. */
function BarTable({ caption, columns, rows, max }: { caption: string; columns: [string, string, string]; rows: { key: string; name: string; bar: number; first: string; second: string }[]; max: number }) {
  if (rows.length === 0) return <p className="py-6 text-center text-sm text-ink-muted">No sales in this period.</p>;
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className={TH}>{columns[0]}</th>
          <th scope="col" className={`${TH} text-right`}>{columns[1]}</th>
          <th scope="col" className={`${TH} text-right`}>{columns[2]}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className={`${TD} w-1/2 text-left font-medium`}>
              <span className="line-clamp-2">{row.name}</span>
              <span aria-hidden="true" className="mt-1 block h-1.5 rounded-full bg-canvas">
                <span className="block h-1.5 rounded-full bg-ink" style={{ width: `${max > 0 ? Math.max(2, (row.bar / max) * 100) : 0}%` }} />
              </span>
            </th>
            <td className={`${TD} text-right`}>{row.first}</td>
            <td className={`${TD} text-right`}>{row.second}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function productRows(list: ProductSales[], by: 'units' | 'revenue') {
  return list.map((p) => ({ key: p.productId, name: p.name, bar: by === 'units' ? p.units : p.revenueCents, first: count(p.units), second: money(p.revenueCents) }));
}

/** The analytics of one answer: totals, daily charts with their table, statuses, best sellers. */
function AnalyticsBody({ analytics, period }: { analytics: Analytics; period: AnalyticsPeriod }) {
  const labels = useMemo(() => analytics.days.map((d) => formatDay(d.date)), [analytics]);
  const revenueSeries = useMemo<DailySeries[]>(
    () => [
      { label: 'Revenue', values: analytics.days.map((d) => d.revenueCents), color: INK, kind: 'line', format: money, axis: axisMoney },
      { label: 'Approved & later', values: analytics.days.map((d) => d.approvedRevenueCents), color: ACCENT, kind: 'line', format: money },
    ],
    [analytics],
  );
  const orderSeries = useMemo<DailySeries[]>(
    () => [
      { label: 'Orders', values: analytics.days.map((d) => d.orders), color: GOLD, kind: 'bars', format: count, axis: axisCount },
      { label: 'New customers', values: analytics.days.map((d) => d.newCustomers), color: SUCCESS, kind: 'line', format: count },
    ],
    [analytics],
  );
  const { totals } = analytics;
  const statusMax = Math.max(0, ...analytics.byStatus.map((s) => s.orders));
  const empty = totals.orders === 0 && totals.newCustomers === 0;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        {[
          ['Orders', count(totals.orders)],
          ['Revenue', money(totals.revenueCents)],
          ['Approved & later', money(totals.approvedRevenueCents)],
          ['Average order', totals.approvedOrders > 0 ? money(totals.averageOrderValueCents) : '–'],
          ['New customers', count(totals.newCustomers)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-line bg-white px-4 py-3 shadow-card">
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
            <dd className="mt-0.5 font-display text-2xl font-semibold text-ink tabular">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-ink-muted">Average order: revenue of approved-and-later orders divided by their number ({count(totals.approvedOrders)}). Declined, cancelled and pending orders are left out of it and of the best sellers.</p>
      {empty ? (
        <div className="rounded-xl border border-dashed border-ink/20 bg-white/70 px-6 py-12 text-center">
          <p className="font-display text-xl font-semibold text-ink">No orders in this period</p>
          <p className="mt-1 text-sm text-ink-muted">Charts appear here once customers place orders. Try a longer period.</p>
        </div>
      ) : (
        <>
          <Panel title="Revenue and orders by day" series="daily" period={period}>
            <div className="grid gap-4 xl:grid-cols-2">
              <DailyChart title="Revenue by day" labels={labels} series={revenueSeries} />
              <DailyChart title="Orders and new customers by day" labels={labels} series={orderSeries} />
            </div>
            <DailyTable analytics={analytics} />
          </Panel>
          <div className="grid gap-5 xl:grid-cols-3">
            <Panel title="Orders by status" series="statuses" period={period}>
              <BarTable
                caption="Orders and their totals by status"
                columns={['Status', 'Orders', 'Total']}
                max={statusMax}
                rows={analytics.byStatus.map((s) => ({ key: s.status, name: ORDER_STATUS_LABELS[s.status], bar: s.orders, first: count(s.orders), second: money(s.revenueCents) }))}
              />
            </Panel>
            <Panel title="Top products by units" series="top-units" period={period}>
              <BarTable caption="Best sellers by units sold" columns={['Product', 'Units', 'Revenue']} max={analytics.topByUnits[0]?.units ?? 0} rows={productRows(analytics.topByUnits, 'units')} />
            </Panel>
            <Panel title="Top products by revenue" series="top-revenue" period={period}>
              <BarTable caption="Best sellers by revenue" columns={['Product', 'Units', 'Revenue']} max={analytics.topByRevenue[0]?.revenueCents ?? 0} rows={productRows(analytics.topByRevenue, 'revenue')} />
            </Panel>
          </div>
        </>
      )}
    </>
  );
}

/** The Analytics view (issue #13): a period chooser in the URL, charts with tables and CSV downloads. */
export function AnalyticsView({ search }: { search: Record<string, string> }) {
  const period = parseAnalyticsPeriod(search);
  const { data, error, loading } = useQuery($analytics);
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-6 lg:p-8">
      <div className="mx-auto max-w-7xl space-y-5">
        <header>
          <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Analytics</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {data ? `${formatPeriod(data.period)} · days in ${data.timeZone.replace(/_/g, ' ')}` : '\u00a0'}
          </p>
        </header>
        <PeriodChooser key={analyticsPeriodQuery(period)} period={period} />
        {error && !data ? (
          <p role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger">
            {error instanceof Error ? error.message : 'The analytics could not be loaded.'}
          </p>
        ) : !data ? (
          <div aria-busy={loading} className="h-96 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
        ) : (
          <AnalyticsBody analytics={data} period={period} />
        )}
      </div>
    </div>
  );
}
