import type { ReactNode } from 'react';
import { formatMoney } from '../../../lib/money';
import type { ActivityEntry, Overview, Stat, StatsAlert } from '../../../lib/schemas/analytics';
import { useQuery } from '../../../stores/admin-query';
import { $overview } from '../../../stores/admin-stats';
import { $contentConflicts } from '../../../stores/admin-content-conflicts';
import { adminPath } from '../../../stores/admin-router';
import { describeContentSync } from './stats-format';
import { followAdminLink } from '../admin-links';
import { describeTrend, formatInstant, formatPeriod, statsLinkPath } from './stats-format';

const TONES = {
  up: 'bg-success-soft text-success',
  down: 'bg-danger-soft text-danger',
  flat: 'bg-canvas text-ink-soft',
  none: 'bg-canvas text-ink-muted',
} as const;

/** A trend chip: '▲ 12.5%' (spoken as a sentence), 'No change' or 'No previous data'. */
export function TrendChip({ stat }: { stat: Stat }) {
  const trend = describeTrend(stat.trend);
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold tabular ${TONES[trend.tone]}`}>
      <span aria-hidden="true">{trend.label}</span>
      <span className="sr-only">{trend.spoken}</span>
    </span>
  );
}

/** One stat card: the figure, its trend and the previous period's figure. */
function StatCard({ label, stat, format, days, children }: { label: string; stat: Stat; format: (n: number) => string; days: number; children?: ReactNode }) {
  return (
    <div className="flex flex-col rounded-xl border border-line bg-white p-4 shadow-card">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-1 flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <span className="font-display text-3xl font-semibold text-ink tabular">{format(stat.current)}</span>
        <TrendChip stat={stat} />
      </dd>
      <dd className="mt-1 text-xs text-ink-muted tabular">
        {format(stat.previous)} in the previous {days} days
      </dd>
      {children}
    </div>
  );
}

const count = (n: number) => n.toLocaleString('en-US');

/** The four cards: revenue (with approved-and-later beside it), orders, new customers, live products. */
function Cards({ overview }: { overview: Overview }) {
  const { cards, period } = overview;
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      <StatCard label="Revenue" stat={cards.revenueCents} format={formatMoney} days={period.days}>
        <dd className="mt-3 border-t border-line pt-2 text-sm text-ink-soft">
          <span className="font-semibold text-ink tabular">{formatMoney(cards.approvedRevenueCents.current)}</span> approved and later{' '}
          <TrendChip stat={cards.approvedRevenueCents} />
          <span className="mt-0.5 block text-xs text-ink-muted">Declined, cancelled and pending orders left out</span>
        </dd>
      </StatCard>
      <StatCard label="Orders" stat={cards.orders} format={count} days={period.days} />
      <StatCard label="New customers" stat={cards.newCustomers} format={count} days={period.days} />
      <StatCard label="Live products" stat={cards.liveProducts} format={count} days={period.days}>
        <dd className="mt-auto pt-2 text-xs text-ink-muted">In the catalogue at the end of each period</dd>
      </StatCard>
    </dl>
  );
}

/** The recent activity: the newest things that happened, as sentences, each linking to its record. */
function Activity({ entries }: { entries: ActivityEntry[] }) {
  return (
    <section aria-labelledby="activity-heading" className="rounded-xl border border-line bg-white shadow-card">
      <h2 id="activity-heading" className="border-b border-line px-4 py-3 font-sans text-base font-semibold text-ink">
        Recent activity
      </h2>
      {entries.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-ink-muted">No activity yet. Orders and staff changes appear here as they happen.</p>
      ) : (
        <ol className="divide-y divide-line">
          {entries.map((entry, i) => (
            <li key={`${entry.at}-${i}`} className="flex flex-col gap-0.5 px-4 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={entry.at} className="shrink-0 text-xs text-ink-muted tabular sm:w-32">
                {formatInstant(entry.at)}
              </time>
              {entry.link ? (
                <a href={statsLinkPath(entry.link)} onClick={(e) => followAdminLink(e)} className="min-w-0 text-sm text-ink underline-offset-4 hover:underline">
                  {entry.text}
                </a>
              ) : (
                <span className="min-w-0 text-sm text-ink">{entry.text}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

const ALERT_LINKS: Record<StatsAlert['kind'], string> = {
  low_stock: 'Open Products',
  pending_orders: 'Review pending orders',
  failing_email: '',
  overdue_transfers: 'Open payments needing attention',
  payment_problems: 'Open payments needing attention',
};

/** The alerts computed from the data, or a calm line when there are none. */
function Alerts({ alerts }: { alerts: StatsAlert[] }) {
  return (
    <section aria-labelledby="alerts-heading" className="rounded-xl border border-line bg-white shadow-card">
      <h2 id="alerts-heading" className="border-b border-line px-4 py-3 font-sans text-base font-semibold text-ink">
        Alerts {alerts.length > 0 && <span className="ml-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger tabular">{alerts.length}</span>}
      </h2>
      {alerts.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-ink-muted">Nothing needs attention: stock, pending orders and e-mail are all fine.</p>
      ) : (
        <ul className="divide-y divide-line">
          {alerts.map((alert) => (
            <li key={alert.kind} className="px-4 py-3">
              <h3 className="flex items-center gap-2 font-sans text-sm font-semibold text-ink">
                <span className={`h-2 w-2 shrink-0 rounded-full ${alert.kind === 'low_stock' ? 'bg-gold' : 'bg-danger'}`} aria-hidden="true" />
                {alert.title}
              </h3>
              <p className="mt-0.5 text-sm text-ink-soft">{alert.text}</p>
              {alert.items.length > 0 && (
                <ul className="mt-2 space-y-1 text-sm">
                  {alert.items.map((item) => (
                    // A product's long name gives way to its short stock note; an order's short number
                    // never does (it was cut to 'ORD-…' beside the customer, amount and date).
                    <li key={item.id} className="flex justify-between gap-3">
                      <span className={`${alert.kind === 'low_stock' ? 'min-w-0 truncate' : 'shrink-0 tabular'} text-ink`}>{item.label}</span>
                      <span className={`${alert.kind === 'low_stock' ? 'shrink-0' : 'min-w-0 truncate'} text-ink-muted tabular`} title={alert.kind === 'low_stock' ? undefined : item.detail}>
                        {item.detail}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {alert.link && (
                <a
                  href={statsLinkPath(alert.link)}
                  onClick={(e) => followAdminLink(e)}
                  className="mt-2 inline-flex min-h-11 items-center text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
                >
                  {ALERT_LINKS[alert.kind]}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The last merge of content/ into the catalogue (staff who manage products): when, what it changed, what waits for a decision. */
function ContentSync() {
  const { data } = useQuery($contentConflicts);
  const sync = data?.lastSync;
  if (!sync) return null;
  const waiting = data.conflicts.length;
  return (
    <section aria-labelledby="content-sync-heading" className="flex flex-col gap-1 rounded-xl border border-line bg-white px-4 py-3 shadow-card sm:flex-row sm:items-center sm:gap-4">
      <h2 id="content-sync-heading" className="shrink-0 font-sans text-sm font-semibold text-ink">
        Content sync
      </h2>
      <p className="min-w-0 flex-1 text-sm text-ink-soft">
        <time dateTime={sync.at} className="tabular">
          {formatInstant(sync.at)}
        </time>
        : {describeContentSync(sync)}
      </p>
      {waiting > 0 && (
        <a href={adminPath('products')} onClick={(e) => followAdminLink(e)} className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold text-accent-strong underline-offset-4 hover:underline">
          {waiting} {waiting === 1 ? 'change needs' : 'changes need'} a decision
        </a>
      )}
    </section>
  );
}

/** The dashboard's overview (spec §2.13): four stat cards with trends, recent activity, alerts. */
export function OverviewView() {
  const { data, error, loading } = useQuery($overview);
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-6 lg:p-8">
      <div className="mx-auto max-w-7xl space-y-5">
        <header>
          <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Dashboard</h1>
          <p className="mt-1 text-sm text-ink-muted">
            {data
              ? `${formatPeriod(data.period)}, compared with the ${data.period.days} days before. Days run midnight to midnight in ${data.timeZone.replace(/_/g, ' ')}.`
              : 'The last 30 days, compared with the 30 days before.'}
          </p>
        </header>
        {error && !data ? (
          <p role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger">
            {error instanceof Error ? error.message : 'The overview could not be loaded.'}
          </p>
        ) : !data ? (
          <OverviewView.Skeleton inline busy={loading} />
        ) : (
          <>
            <Cards overview={data} />
            <ContentSync />
            {data.cards.orders.current === 0 && (
              <p className="rounded-xl border border-dashed border-ink/20 bg-white/70 px-4 py-3 text-sm text-ink-soft">No orders in this period yet. Revenue and order figures fill in as customers check out.</p>
            )}
            <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
              <Activity entries={data.activity} />
              <Alerts alerts={data.alerts} />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** Grey shapes of the cards and panels while the overview loads (or before the island hydrates). */
OverviewView.Skeleton = function OverviewSkeleton({ inline = false, busy = true }: { inline?: boolean; busy?: boolean }) {
  const body = (
    <div aria-hidden="true" className="space-y-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-[7.5rem] animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
        ))}
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="h-80 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
        <div className="h-80 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
      </div>
    </div>
  );
  if (inline) return <div aria-busy={busy}>{body}</div>;
  return (
    <div className="h-full overflow-y-auto p-4 sm:p-6 lg:p-8">
      <div className="mx-auto max-w-7xl space-y-5">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Dashboard</h1>
        {body}
      </div>
    </div>
  );
};
