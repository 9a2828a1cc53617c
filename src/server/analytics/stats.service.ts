/**
 * The back office's overview and analytics (spec §2.13, issue #13): figures of a period of local
 * days in the shop's time zone, each beside the period before it; recent activity as sentences;
 * alerts computed from the data. Sums and counts come from SQL (./stats.repository.ts); this layer
 * turns local days into UTC ranges and rows into the contract of src/lib/schemas/analytics.ts.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../lib/constants';
import { addDays, dayBounds, localDateOf, startOfLocalDay } from '../../lib/analytics/days';
import { computeTrend, previousPeriod, resolvePeriod, type Period } from '../../lib/analytics/period';
import { formatMoney } from '../../lib/money';
import { outstandingCentsOf } from '../payments/payment-status';
import { selectOverdueTransfers, selectPaymentProblems } from '../payments/payments.repository';
import type { ActivityEntry, Analytics, Overview, Stat, Stats, StatsAlert } from '../../lib/schemas/analytics';
import type { StatsQuery } from '../../lib/schemas/analytics-query';
import type { Db } from '../customers/customers.repository';
import {
  selectFailingMail,
  selectLiveProductCounts,
  selectLowStock,
  selectNewCustomerTotals,
  selectNewCustomersByBucket,
  selectNewestAuditEntries,
  selectNewestOrderEvents,
  selectNewestOrders,
  selectOrdersByBucket,
  selectOrdersByStatus,
  selectOrderTotals,
  selectPendingBefore,
  selectProductNames,
  selectProductSales,
  type UtcRange,
  selectImportSummaries,
} from './stats.repository';

/** What the figures depend on besides the data: the shop's zone, the low-stock threshold, the clock. */
export interface StatsSettings {
  timeZone: string;
  lowStockThreshold: number;
  /** Days a bank transfer may stay unpaid before it is overdue (BANK_TRANSFER_DUE_DAYS); no such alert when absent. */
  transferDueDays?: number;
  now?: Date;
}

/** Entries of the recent activity. */
export const ACTIVITY_LIMIT = 10;
/** Products in each top list. */
export const TOP_PRODUCTS_LIMIT = 10;
/** Records named under an alert. */
export const ALERT_ITEMS_LIMIT = 5;
/** A pending order older than this needs attention. */
export const PENDING_ALERT_MS = 24 * 3_600_000;
/** An unsent e-mail that failed this many times keeps failing. */
export const FAILING_MAIL_ATTEMPTS = 3;

/** A period of local days as a UTC range [first midnight, midnight after the last day). */
function rangeOf(period: Period, zone: string): UtcRange {
  return { start: new Date(startOfLocalDay(period.from, zone)).toISOString(), end: new Date(startOfLocalDay(addDays(period.to, 1), zone)).toISOString() };
}

/** The period asked for and the one before it, resolved in the shop's zone. */
export function resolveStatsPeriods(query: StatsQuery, settings: StatsSettings) {
  const now = settings.now ?? new Date();
  const period = resolvePeriod(query, localDateOf(now, settings.timeZone));
  const previous = previousPeriod(period);
  return { now, period, previous, range: rangeOf(period, settings.timeZone), previousRange: rangeOf(previous, settings.timeZone) };
}

function stat(current: number, previous: number): Stat {
  return { current, previous, trend: computeTrend(current, previous) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** JSON text of an audit record, or an empty object when it is missing or unreadable. */
function readJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** The name an audited record carries (after the change, else before), quoted, or ''. */
function recordName(after: Record<string, unknown>, before: Record<string, unknown>): string {
  const name = after.name ?? before.name;
  return typeof name === 'string' && name ? ` “${name}”` : '';
}

const AUDIT_VERBS: Record<string, string> = { create: 'added', update: 'updated', delete: 'removed', erase: 'deleted', upload: 'uploaded' };
const AUDIT_NOUNS: Record<string, string> = { product: 'product', category: 'category', staff: 'staff account', media: 'an image' };

/** One audit entry as a sentence: 'Dana Whitfield added product “Floor Sealer”'. */
function describeAudit(entry: { actor_name: string; action: string; entity_type: string; before_json: string | null; after_json: string | null }): string {
  // The content sync writes 'content.product.update' as actor 'content'; it read 'content: content product update'.
  const parts = entry.action.split('.');
  const fromContent = parts[0] === 'content' && parts.length === 3;
  const verb = (fromContent ? parts[2] : parts[1]) ?? '';
  const actor = fromContent ? 'The content sync' : entry.actor_name;
  const noun = AUDIT_NOUNS[entry.entity_type];
  const known = AUDIT_VERBS[verb];
  if (noun && known) {
    const name = recordName(readJson(entry.after_json), readJson(entry.before_json));
    return entry.entity_type === 'media' ? `${actor} ${known} ${noun}` : `${actor} ${known} ${noun}${name}`;
  }
  return `${entry.actor_name}: ${entry.action.replace(/[._]/g, ' ')}`;
}

/** An import's own audit entry as one grouped sentence: 'Priya Shah imported 9,812 products from products.csv'. */
function describeImport(entry: { actor_name: string; action: string }, job: { file_name: string; created: number; updated: number } | undefined): string {
  const file = job?.file_name ?? 'a file';
  if (entry.action === 'import.cancel') return `${entry.actor_name} cancelled the import of ${file}`;
  if (entry.action === 'import.undo') return `${entry.actor_name} undid the import of ${file}`;
  const count = (job?.created ?? 0) + (job?.updated ?? 0);
  return `${entry.actor_name} imported ${count.toLocaleString('en-US')} product${count === 1 ? '' : 's'} from ${file}`;
}

/** One order event as a sentence: 'Omar Reyes approved order ORD-12345678'. */
function describeOrderEvent(event: { actor_name: string; action: string; order_number: string; to_status: string | null }): string {
  switch (event.action) {
    case 'approved':
      return `${event.actor_name} approved order ${event.order_number}`;
    case 'declined':
      return `${event.actor_name} declined order ${event.order_number}`;
    case 'cancelled':
      return event.actor_name === 'System' ? `Order ${event.order_number} was cancelled automatically` : `${event.actor_name} cancelled order ${event.order_number}`;
    case 'payment':
      return `${event.actor_name} recorded a payment of order ${event.order_number}`;
    case 'refund':
      return `${event.actor_name} refunded order ${event.order_number}`;
    default:
      return `${event.actor_name} marked order ${event.order_number} as ${event.to_status ?? 'changed'}`;
  }
}

/** The newest ACTIVITY_LIMIT things that happened: orders placed, order changes, other staff changes. */
export async function loadRecentActivity(db: Db): Promise<ActivityEntry[]> {
  const [orders, events, audit] = await Promise.all([selectNewestOrders(db, ACTIVITY_LIMIT), selectNewestOrderEvents(db, ACTIVITY_LIMIT), selectNewestAuditEntries(db, ACTIVITY_LIMIT)]);
  const jobs = await selectImportSummaries(db, audit.filter((a) => a.entity_type === 'import' && a.entity_id).map((a) => a.entity_id!));
  const entries: (ActivityEntry & { key: string })[] = [
    ...orders.map((o) => ({
      key: `o${o.id}`,
      at: o.created_at,
      kind: 'order',
      text: `${o.first_name} ${o.last_name} placed order ${o.order_number} (${formatMoney(Number(o.total_cents))})`,
      link: { view: 'orders' as const, id: o.id },
    })),
    ...events.map((e) => ({ key: `e${e.id}`, at: e.at, kind: 'order', text: describeOrderEvent(e), link: { view: 'orders' as const, id: e.order_id } })),
    ...audit.map((a) => ({
      key: `a${a.id}`,
      at: a.at,
      kind: a.entity_type,
      text: a.entity_type === 'import' ? describeImport(a, jobs.get(a.entity_id ?? '')) : describeAudit(a),
      link: a.entity_type === 'product' || a.entity_type === 'category' || a.entity_type === 'import' ? { view: 'products' as const } : null,
    })),
  ];
  entries.sort((a, b) => (a.at === b.at ? (a.key < b.key ? 1 : -1) : a.at < b.at ? 1 : -1));
  return entries.slice(0, ACTIVITY_LIMIT).map(({ key: _key, ...entry }) => entry);
}

/** The alerts that hold now: low stock, pending orders waiting over 24 h, e-mails that keep failing. */
export async function loadAlerts(db: Db, settings: StatsSettings): Promise<StatsAlert[]> {
  const now = settings.now ?? new Date();
  const threshold = settings.lowStockThreshold;
  const dueDays = settings.transferDueDays;
  const [lowStock, pending, failing, overdue, problems] = await Promise.all([
    selectLowStock(db, threshold, ALERT_ITEMS_LIMIT),
    selectPendingBefore(db, new Date(now.getTime() - PENDING_ALERT_MS).toISOString(), ALERT_ITEMS_LIMIT),
    selectFailingMail(db, FAILING_MAIL_ATTEMPTS, ALERT_ITEMS_LIMIT),
    dueDays ? selectOverdueTransfers(db, new Date(now.getTime() - dueDays * 86_400_000).toISOString(), ALERT_ITEMS_LIMIT) : Promise.resolve({ rows: [], count: 0 }),
    selectPaymentProblems(db, ALERT_ITEMS_LIMIT),
  ]);
  const alerts: StatsAlert[] = [];
  if (lowStock.count > 0) {
    alerts.push({
      kind: 'low_stock',
      count: lowStock.count,
      title: 'Low stock',
      text: `${plural(lowStock.count - lowStock.out, 'product')} low (${plural(threshold, 'unit')} or fewer left), ${lowStock.out} out of stock.`,
      items: lowStock.rows.map((p) => ({ id: p.id, label: p.name, detail: Number(p.in_stock) === 0 || Number(p.stock_quantity) === 0 ? 'Out of stock' : `${p.stock_quantity} left` })),
      link: { view: 'products', search: { stock: 'short' } },
    });
  }
  if (pending.count > 0) {
    alerts.push({
      kind: 'pending_orders',
      count: pending.count,
      title: 'Orders waiting for approval',
      text: `${plural(pending.count, 'order')} pending for more than 24 hours.`,
      items: pending.rows.map((o) => ({ id: o.id, label: o.order_number, detail: `${o.first_name} ${o.last_name}, placed ${localDateOf(o.created_at, settings.timeZone)}` })),
      link: { view: 'orders', search: { status: 'pending' } },
    });
  }
  if (overdue.count > 0) {
    alerts.push({
      kind: 'overdue_transfers',
      count: overdue.count,
      title: 'Bank transfers overdue',
      text: `${plural(overdue.count, 'order')} not paid in full ${plural(dueDays ?? 0, 'day')} after ordering by bank transfer.`,
      items: overdue.rows.map((o) => ({
        id: o.id,
        label: o.order_number,
        detail: `${o.first_name} ${o.last_name}, ${formatMoney(outstandingCentsOf(o))} owed, placed ${localDateOf(o.created_at, settings.timeZone)}`,
      })),
      link: { view: 'payments' },
    });
  }
  if (problems.count > 0) {
    alerts.push({
      kind: 'payment_problems',
      count: problems.count,
      title: 'Payments that failed',
      text: `${plural(problems.count, 'order')} with a capture or refund the payment provider refused.`,
      items: problems.rows.map((o) => ({ id: o.id, label: o.order_number, detail: (o.payment_problem ?? '').slice(0, 160) })),
      link: { view: 'payments' },
    });
  }
  if (failing.count > 0) {
    alerts.push({
      kind: 'failing_email',
      count: failing.count,
      title: 'E-mails failing',
      text: `${plural(failing.count, 'e-mail')} could not be delivered after ${FAILING_MAIL_ATTEMPTS} or more attempts; the outbox keeps retrying. Check the mail settings (SMTP_URL).`,
      items: failing.rows.map((m) => ({ id: m.id, label: `${m.kind} to ${m.to_address}`, detail: `${m.attempts} attempts: ${(m.last_error ?? '').slice(0, 120)}` })),
      link: null,
    });
  }
  return alerts;
}

/** The overview of a period: the four cards with trends, recent activity and alerts. */
export async function getOverview(db: Db, query: StatsQuery, settings: StatsSettings): Promise<Overview> {
  const { now, period, previous, range, previousRange } = resolveStatsPeriods(query, settings);
  const productsAt = range.end < now.toISOString() ? range.end : now.toISOString();
  const [orders, customers, products, activity, alerts] = await Promise.all([
    selectOrderTotals(db, previousRange, range),
    selectNewCustomerTotals(db, previousRange, range),
    selectLiveProductCounts(db, previousRange.end, productsAt),
    loadRecentActivity(db),
    loadAlerts(db, { ...settings, now }),
  ]);
  return {
    timeZone: settings.timeZone,
    period,
    previousPeriod: previous,
    cards: {
      revenueCents: stat(orders.current.revenueCents, orders.previous.revenueCents),
      approvedRevenueCents: stat(orders.current.approvedRevenueCents, orders.previous.approvedRevenueCents),
      orders: stat(orders.current.orders, orders.previous.orders),
      newCustomers: stat(customers.current, customers.previous),
      liveProducts: stat(products.current, products.previous),
    },
    activity,
    alerts,
  };
}

/** The TOP_PRODUCTS_LIMIT best sellers by units and by revenue (ties: the other figure, then the id), named. */
async function rankProducts(db: Db, sales: { productId: string; units: number; revenueCents: number }[]) {
  const byId = (a: { productId: string }, b: { productId: string }) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);
  const units = [...sales].sort((a, b) => b.units - a.units || b.revenueCents - a.revenueCents || byId(a, b)).slice(0, TOP_PRODUCTS_LIMIT);
  const revenue = [...sales].sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units || byId(a, b)).slice(0, TOP_PRODUCTS_LIMIT);
  const names = await selectProductNames(db, [...new Set([...units, ...revenue].map((p) => p.productId))]);
  const named = (list: typeof sales) => list.map((p) => ({ ...p, name: names.get(p.productId) ?? p.productId }));
  return { topByUnits: named(units), topByRevenue: named(revenue) };
}

/** The analytics of a period: figures per local day, per status, the best sellers and the average order. */
export async function getAnalytics(db: Db, query: StatsQuery, settings: StatsSettings): Promise<Analytics> {
  const { period, range } = resolveStatsPeriods(query, settings);
  const days = dayBounds(period.from, period.to, settings.timeZone);
  const starts = days.map((d) => d.start);
  const [byDay, customersByDay, statuses, sales] = await Promise.all([
    selectOrdersByBucket(db, starts, range.end),
    selectNewCustomersByBucket(db, starts, range.end),
    selectOrdersByStatus(db, range),
    selectProductSales(db, range),
  ]);
  const { topByUnits, topByRevenue } = await rankProducts(db, sales);
  const series = days.map((d) => ({ date: d.date, orders: 0, revenueCents: 0, approvedRevenueCents: 0, newCustomers: 0 }));
  let approvedOrders = 0;
  for (const row of byDay) {
    const day = series[row.bucket]!;
    day.orders += row.orders;
    day.revenueCents += row.revenueCents;
    day.approvedRevenueCents += row.saleRevenueCents;
    approvedOrders += row.saleOrders;
  }
  for (const row of customersByDay) series[row.bucket]!.newCustomers = row.customers;
  const sum = (pick: (d: (typeof series)[number]) => number) => series.reduce((total, d) => total + pick(d), 0);
  const byStatus = ORDER_STATUSES.map((status: OrderStatus) => {
    const row = statuses.find((s) => s.status === status);
    return { status, orders: row?.orders ?? 0, revenueCents: row?.revenueCents ?? 0 };
  });
  const approvedRevenueCents = sum((d) => d.approvedRevenueCents);
  return {
    timeZone: settings.timeZone,
    period,
    totals: {
      orders: sum((d) => d.orders),
      revenueCents: sum((d) => d.revenueCents),
      approvedRevenueCents,
      approvedOrders,
      averageOrderValueCents: approvedOrders === 0 ? 0 : Math.round(approvedRevenueCents / approvedOrders),
      newCustomers: sum((d) => d.newCustomers),
    },
    days: series,
    byStatus,
    topByUnits,
    topByRevenue,
  };
}

/** GET /api/admin/stats: the overview with the analytics series of the same period. */
export async function getStats(db: Db, query: StatsQuery, settings: StatsSettings): Promise<Stats> {
  const now = settings.now ?? new Date();
  const [overview, analytics] = await Promise.all([getOverview(db, query, { ...settings, now }), getAnalytics(db, query, { ...settings, now })]);
  return { ...overview, analytics };
}
