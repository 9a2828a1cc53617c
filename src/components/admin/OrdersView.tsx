import { constructTable, createColumnHelper, tableFeatures } from '@tanstack/table-core';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE_DEFAULT, ORDER_STATUS_FILTERS, type AdminOrderListItem, type AdminOrdersPage } from '../../lib/schemas/admin';
import { $ordersPage } from '../../stores/admin-orders';
import { $bulkSelection, clearBulkSelection, selectBulkIds, selectionOf } from '../../stores/admin-bulk';
import { useStore } from '@nanostores/react';
import type { OrderSortField } from '../../lib/schemas/admin-sort';
import { BulkBar, ExportSelected, SelectBox, type BulkActionDef } from './BulkBar';
import { PackingSlipsButton } from './PackingSlipsButton';
import { useQuery } from '../../stores/admin-query';
import { adminPath, openOrders } from '../../stores/admin-router';
import { followAdminLink } from './admin-links';
import { ariaSortOf, ListEmpty, ListLoadError, ListPagination, ListViewSkeleton, SkeletonRows, SortHeaderButton, StatusFilterSelect } from './ListParts';
import { countPages, nextSort, ordersExportPath, ordersFiltersToSearch, parseOrdersFilters, type OrdersFilters } from '../../lib/admin/admin-views';
import { OrderPanel } from './OrderPanel';
import { formatDollars, STATUS_FILTER_LABELS } from './order-labels';
import { StatusBadge } from './StatusBadge';

const placedFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const yearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Nov 23, 9:31 PM' this year, 'Nov 23, 2025' before. */
function formatPlaced(iso: string): string {
  const date = new Date(iso);
  return date.getFullYear() === new Date().getFullYear() ? placedFormat.format(date) : yearFormat.format(date);
}

/** Total quantity of an order's lines. */
function countItems(order: AdminOrderListItem): number {
  return order.items.reduce((sum, line) => sum + line.quantity, 0);
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, AdminOrderListItem>();

/** The row context a cell needs beyond its order: the filters its link keeps and the selected id. */
interface RowContext {
  filters: OrdersFilters;
  selectedId: string | null;
  /** Ids ticked for a bulk action, and whether every matching order is. */
  checked: ReadonlySet<string>;
  allMatching: boolean;
  pageIds: readonly string[];
  pageLabels: Record<string, string>;
}

function makeColumns(ctx: { current: RowContext }) {
  return column.columns([
    column.display({
      id: 'select',
      header: () => {
        const { checked, allMatching, pageIds } = ctx.current;
        const on = pageIds.filter((id) => checked.has(id)).length;
        return (
          <SelectBox
            label="Select all orders on this page"
            checked={allMatching || (pageIds.length > 0 && on === pageIds.length)}
            indeterminate={!allMatching && on > 0 && on < pageIds.length}
            onChange={(next) => selectBulkIds('orders', pageIds, next, ctx.current.pageLabels)}
          />
        );
      },
      cell: (info) => {
        const order = info.row.original;
        return <SelectBox label={`Select ${order.orderNumber}`} checked={ctx.current.allMatching || ctx.current.checked.has(order.id)} onChange={(next) => selectBulkIds('orders', [order.id], next, { [order.id]: order.orderNumber })} />;
      },
    }),
    column.accessor('orderNumber', {
      header: 'Order',
      cell: (info) => {
        const order = info.row.original;
        const selected = order.id === ctx.current.selectedId;
        return (
          <>
            <a
              href={adminPath('order', { id: order.id }, ordersFiltersToSearch(ctx.current.filters))}
              onClick={(e) => followAdminLink(e)}
              aria-current={selected ? 'true' : undefined}
              className="font-semibold whitespace-nowrap text-ink underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-none"
            >
              {order.orderNumber}
            </a>
            <span className="block truncate text-sm text-ink-muted @lg:hidden">{order.customerName}</span>
            {/* Where the list is too narrow for a Placed column (beside the order panel too), the time sits under the number. */}
            <time dateTime={order.createdAt} className="block text-sm whitespace-nowrap text-ink-muted tabular @3xl:hidden">
              {formatPlaced(order.createdAt)}
            </time>
            {/* Where the list is too narrow for a status column, the badge sits under the number. */}
            <span className="mt-1 block @md:hidden">
              <StatusBadge status={order.status} />
            </span>
          </>
        );
      },
    }),
    column.accessor('customerName', {
      header: 'Customer',
      cell: (info) => (
        <>
          <span className="block truncate font-medium text-ink">{info.getValue()}</span>
          <span className="block truncate text-sm text-ink-muted">{info.row.original.customerEmail}</span>
        </>
      ),
    }),
    column.accessor('createdAt', {
      header: 'Placed',
      cell: (info) => (
        <time dateTime={info.getValue()} className="whitespace-nowrap text-ink-soft tabular">
          {formatPlaced(info.getValue())}
        </time>
      ),
    }),
    column.display({ id: 'items', header: 'Items', cell: (info) => <span className="tabular">{countItems(info.row.original)}</span> }),
    column.accessor('total', { header: 'Total', cell: (info) => <span className="font-semibold whitespace-nowrap tabular">{formatDollars(info.getValue())}</span> }),
    column.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  ]);
}

/**
 * Cell classes per column: which widths of the list (a container query: the list shares the row
 * with the sidebar and the order panel, so the viewport says little) show which columns, and alignment.
 */
const COLUMN_CLASSES: Record<string, string> = {
  select: 'w-11 !pr-0',
  orderNumber: '@lg:w-[9.75rem]',
  customerName: 'hidden @lg:table-cell',
  createdAt: 'hidden w-[8.5rem] @3xl:table-cell',
  items: 'hidden w-16 text-right @4xl:table-cell',
  total: 'w-[6.75rem] text-right @md:w-[7.25rem]',
  status: 'hidden w-[7.5rem] @md:table-cell',
};

const EMPTY: AdminOrderListItem[] = [];
const EMPTY_IDS: string[] = [];
/** The orders table's placeholder rows: number, customer, total, status. */
function OrdersSkeletonRows() {
  return <SkeletonRows count={8} header row="flex h-[3.75rem] items-center gap-4" cells={['h-3.5 w-28 rounded', 'hidden h-3.5 flex-1 rounded md:block', 'ml-auto h-3.5 w-16 rounded', 'h-5 w-20 rounded-full']} />;
}

/**
 * The orders table: columns and rows from @tanstack/table-core (v9), markup ours. The React adapter's
 * useTable is not used: its store binding is CommonJS and would add an interop helper to the runtime
 * chunk every storefront page loads.
 */
/** The server sort field of each sortable column, and the direction its first click asks for. */
const SORTABLE: Record<string, [OrderSortField, 'asc' | 'desc']> = {
  orderNumber: ['orderNumber', 'desc'],
  customerName: ['customer', 'asc'],
  createdAt: ['createdAt', 'desc'],
  total: ['total', 'desc'],
  status: ['status', 'asc'],
};

function OrdersTable({
  orders,
  filters,
  selectedId,
  busy,
  onSort,
}: {
  orders: AdminOrderListItem[];
  filters: OrdersFilters;
  selectedId: string | null;
  busy: boolean;
  onSort: (field: OrderSortField, first: 'asc' | 'desc') => void;
}) {
  const selection = selectionOf('orders', useStore($bulkSelection));
  const checked = useMemo(() => new Set(selection.ids), [selection.ids]);
  const ctx = useRef<RowContext>({ filters, selectedId, checked, allMatching: false, pageIds: [], pageLabels: {} });
  ctx.current = { filters, selectedId, checked, allMatching: Boolean(selection.allMatching), pageIds: orders.map((o) => o.id), pageLabels: Object.fromEntries(orders.map((o) => [o.id, o.orderNumber])) };
  const columns = useRef(makeColumns(ctx)).current;
  // The page is the server's: no client state, so a plain core table per page of rows.
  const table = useMemo(
    () => constructTable({ features: { coreReactivityFeature: storeReactivityBindings(), ...features }, columns, data: orders, getRowId: (row) => row.id }),
    [orders, columns, selection],
  );
  return (
    <table className={`w-full table-fixed border-separate border-spacing-0 text-[0.9375rem] transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy || undefined}>
      <caption className="sr-only">{filters.sort ? 'Orders, sorted by the marked column' : 'Orders, newest first'}</caption>
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => {
              const sortable = SORTABLE[header.column.id];
              const active = Boolean(sortable && filters.sort?.field === sortable[0]);
              const direction = active ? filters.sort!.direction : (sortable?.[1] ?? 'asc');
              const def = header.column.columnDef.header;
              return (
                <th
                  key={header.id}
                  scope="col"
                  aria-sort={sortable ? (ariaSortOf(active, direction) ?? 'none') : undefined}
                  className={`sticky top-0 z-10 border-b border-line bg-paper px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6 ${COLUMN_CLASSES[header.column.id] ?? ''}`}
                >
                  {header.isPlaceholder ? null : typeof def === 'function' ? (
                    (def as () => ReactNode)()
                  ) : sortable ? (
                    <SortHeaderButton label={def as ReactNode} active={active} direction={direction} onSort={() => onSort(sortable[0], sortable[1])} />
                  ) : (
                    (def as ReactNode)
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      <tbody>
        {table.getRowModel().rows.map((row) => {
          const selected = row.original.id === selectedId;
          const ticked = selection.allMatching !== null || checked.has(row.original.id);
          return (
            <tr key={row.id} className={`group relative ${selected ? 'bg-accent-soft/70' : ticked ? 'bg-accent-soft/30' : 'bg-white hover:bg-paper'}`}>
              {row.getAllCells().map((cell) => (
                <td
                  key={cell.id}
                  className={`h-[3.75rem] border-b border-line px-3 py-2 align-middle first:pl-4 last:pr-4 sm:first:pl-6 sm:last:pr-6 ${COLUMN_CLASSES[cell.column.id] ?? ''} ${
                    cell.column.id === 'select' && selected ? 'shadow-[inset_3px_0_0_var(--color-accent)]' : ''
                  } ${
                    cell.column.id === 'orderNumber' ? `has-[a:focus-visible]:outline-3 has-[a:focus-visible]:-outline-offset-3 has-[a:focus-visible]:outline-accent` : ''
                  }`}
                >
                  {(cell.column.columnDef.cell as (context: ReturnType<typeof cell.getContext>) => ReactNode)(cell.getContext())}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}


/** The bulk actions of the orders list: approve, decline with one reason, move along the state machine. */
const ORDER_BULK_ACTIONS: readonly BulkActionDef[] = [
  {
    id: 'approve',
    label: 'Approve',
    title: (count) => `Approve ${count}?`,
    description: () => 'Each pending order is approved and its customer e-mailed. Orders that are not pending are refused and listed, and stay selected.',
    tone: 'primary',
    fields: () => ({ action: 'approve' }),
  },
  {
    id: 'decline',
    label: 'Decline',
    title: (count) => `Decline ${count}?`,
    description: () => 'Each pending order is declined with this reason, its stock given back and its customer e-mailed. Orders that are not pending are refused.',
    tone: 'danger',
    field: { label: 'Reason (sent to the customers)', required: true },
    fields: (reason) => ({ action: 'decline', reason }),
  },
  {
    id: 'status',
    label: 'Move to…',
    title: (count) => `Move ${count} to another status?`,
    description: () => 'Each order moves to the chosen status where the order workflow allows it, with its history, audit entry and e-mail; the others are refused and listed.',
    tone: 'primary',
    field: {
      label: 'New status',
      options: [
        { value: 'processing', label: 'Processing' },
        { value: 'shipped', label: 'Shipped' },
        { value: 'delivered', label: 'Delivered' },
      ],
    },
    fields: (status) => ({ action: 'status', status }),
  },
];

const exportLink = 'inline-flex min-h-11 items-center rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink hover:border-ink';

/** The orders list (spec §2.13 Orders): filters in the URL, a server-side page of 20, the detail panel beside it. */
export function OrdersView({ selectedId, search }: { selectedId: string | null; search: Record<string, string> }) {
  const filters = parseOrdersFilters(search);
  const { data, error, loading } = useQuery($ordersPage);
  // While the next page or filter loads, the previous rows stay (dimmed) instead of the list collapsing.
  const last = useRef<AdminOrdersPage | undefined>(undefined);
  if (data) last.current = data;
  const shown = data ?? (loading ? last.current : undefined);
  const pages = shown ? countPages(shown.total, shown.pageSize) : 1;
  const selectedRow = shown?.orders.find((o) => o.id === selectedId);
  const filtered = filters.status !== 'all' || filters.q !== '';

  // 'All matching' names the filter it was chosen under: a new filter drops it.
  useEffect(() => {
    const selection = $bulkSelection.get();
    if (selection.kind === 'orders' && selection.allMatching) clearBulkSelection();
  }, [filters.status, filters.q]);

  // A page past the end (orders moved on) goes back to the last page there is.
  useEffect(() => {
    if (data && data.orders.length === 0 && data.total > 0 && filters.page > 1) openOrders({ ...filters, page: countPages(data.total, data.pageSize) }, { id: selectedId ?? undefined, replace: true });
  }, [data]);

  const setFilters = (next: Partial<OrdersFilters>, replace = false) => openOrders({ ...filters, ...next }, { id: selectedId ?? undefined, replace });
  const sortText = filters.sort ? 'sorted' : 'newest first';
  const numberOf = (id: string) => shown?.orders.find((o) => o.id === id)?.orderNumber ?? id;

  return (
    <div className="flex h-full min-h-0">
      {/* On phones an open order replaces the list; the page keeps its one h1. */}
      {selectedId && <h1 className="sr-only lg:hidden">Orders</h1>}
      <section aria-labelledby="orders-heading" className={`min-w-0 flex-1 flex-col ${selectedId ? 'hidden lg:flex' : 'flex'}`}>
        <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3 px-4 pt-5 pb-4 sm:px-6">
          <div>
            <h1 id="orders-heading" className="font-display text-2xl font-semibold text-ink sm:text-3xl">
              Orders
            </h1>
            <p className="mt-0.5 min-h-5 text-sm text-ink-muted tabular" aria-live="polite">
              {shown ? `${shown.total.toLocaleString('en-US')} ${shown.total === 1 ? 'order' : 'orders'}${filtered ? ' match' : ''} · ${sortText}` : '\u00a0'}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <StatusFilterSelect id="orders-status" value={filters.status} options={ORDER_STATUS_FILTERS} labels={STATUS_FILTER_LABELS} onChange={(status) => setFilters({ status, page: 1 })} />
            {filtered && (
              <a href={ordersExportPath(filters)} download className={exportLink}>
                Export filtered
              </a>
            )}
            <a href={ordersExportPath({ status: 'all', q: '', sort: filters.sort })} download className={exportLink}>
              Export all
            </a>
            <a href={adminPath('payments')} onClick={(e) => followAdminLink(e)} className={exportLink}>
              Payments needing attention
            </a>
          </div>
        </div>

        <div className="mx-0 flex min-h-0 flex-1 flex-col overflow-hidden border-y border-line bg-white sm:mx-6 sm:mb-6 sm:rounded-xl sm:border sm:shadow-card">
          <BulkBar
            kind="orders"
            noun={['order', 'orders']}
            total={shown?.total ?? 0}
            pageIds={shown?.orders.map((o) => o.id) ?? EMPTY_IDS}
            filter={{ status: filters.status, q: filters.q }}
            actions={ORDER_BULK_ACTIONS}
            labelOf={numberOf}
            extra={
              <>
                <ExportSelected kind="orders" pathOf={(ids) => ordersExportPath(filters, ids)} />
                <PackingSlipsButton />
              </>
            }
          />
          <div className="@container min-h-0 flex-1 overflow-y-auto">
            {error && !shown ? (
              <ListLoadError what="orders" error={error} />
            ) : !shown ? (
              <OrdersSkeletonRows />
            ) : shown.orders.length === 0 ? (
              <ListEmpty
                title="No orders found"
                text={filtered ? 'No order matches this status and search.' : 'New orders appear here as customers check out.'}
                onClear={filtered ? () => openOrders({}, { id: selectedId ?? undefined }) : undefined}
              />
            ) : (
              <OrdersTable
                orders={shown.orders ?? EMPTY}
                filters={filters}
                selectedId={selectedId}
                busy={loading && !data}
                onSort={(field, first) => setFilters({ sort: nextSort(filters.sort, field, first), page: 1 })}
              />
            )}
          </div>
          <ListPagination
            page={filters.page}
            pages={pages}
            ready={Boolean(shown)}
            onPage={(page) => setFilters({ page })}
            pageSize={filters.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT}
            onPageSize={(pageSize) => setFilters({ pageSize, page: 1 })}
          />
        </div>
      </section>
      <OrderPanel selectedId={selectedId} listRow={selectedRow} filters={filters} />
    </div>
  );
}

/** The orders view's frame before the island hydrates (same boxes, no data). */
OrdersView.Skeleton = function OrdersViewSkeleton() {
  return <ListViewSkeleton title="Orders" rows={<OrdersSkeletonRows />} panel="w-[27rem] lg:block xl:w-[30rem]" />;
};
