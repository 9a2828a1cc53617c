import { WrappedEmail } from './admin-fields';
import { useRef, type ReactNode } from 'react';
import type { AdminOrder, AdminOrderListItem } from '../../lib/schemas/admin';
import { $selectedOrder, refreshSelectedOrder } from '../../stores/admin-orders';
import { useQuery } from '../../stores/admin-query';
import { openOrders } from '../../stores/admin-router';
import type { OrdersFilters } from '../../lib/admin/admin-views';
import { DETAIL_PANEL_CLASS, DetailPanelBar, DetailPanelEmpty, DetailPanelSkeleton, useDetailPanelSync } from './DetailPanel';
import { OrderActions } from './OrderActions';
import { OrderPayment } from './OrderPayment';
import { describeHistoryEntry, formatDollars } from './order-labels';
import { StatusBadge } from './StatusBadge';
import { formatOrderDelivery } from '../../lib/shipping-methods';
import { LineColour } from '../cart/LineColour';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A small labelled section of the panel. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line px-5 py-4 sm:px-6">
      <h3 className="mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">{title}</h3>
      {children}
    </section>
  );
}

/** A label and its value in a two-column list. */
function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 ${strong ? 'border-t border-line pt-2 text-base font-semibold text-ink' : 'text-ink-soft'}`}>
      <dt>{label}</dt>
      <dd className="tabular">{children}</dd>
    </div>
  );
}

/** The detail of one order: lines, totals, customer, ship-to, payment, shipment, notes and history. */
function OrderDetail({ order }: { order: AdminOrder }) {
  const address = order.shippingAddress;
  return (
    <>
      <Section title={`Items (${order.items.reduce((n, l) => n + l.quantity, 0)})`}>
        <ul className="divide-y divide-line">
          {order.items.map((line, i) => (
            <li key={`${line.product.id}-${i}`} className="flex items-center gap-3 py-2.5 first:pt-0">
              <img src={line.product.image} alt="" width={44} height={44} loading="lazy" className="h-11 w-11 shrink-0 rounded-lg border border-line bg-canvas object-contain p-0.5" />
              <div className="min-w-0 flex-1">
                <p className="line-clamp-2 text-[0.9375rem] font-medium text-ink">{line.product.name}</p>
                <p className="text-sm text-ink-muted">
                  <span className="tabular">
                    {line.quantity} × {formatDollars(line.price)}
                  </span>
                  {line.product.sku ? ` · ${line.product.sku}` : ''}
                </p>
                {line.colour && <LineColour colour={line.colour} className="mt-0.5 text-sm" />}
              </div>
              <p className="font-semibold text-ink tabular">{formatDollars(line.price * line.quantity)}</p>
            </li>
          ))}
        </ul>
        <dl className="mt-3 grid gap-1.5 text-[0.9375rem]">
          <Row label="Subtotal">{formatDollars(order.subtotal)}</Row>
          <Row label="Shipping">{order.shipping === 0 ? 'Free' : formatDollars(order.shipping)}</Row>
          <Row label="VAT (20%)">{formatDollars(order.tax)}</Row>
          <Row label="Total" strong>
            {formatDollars(order.total)}
          </Row>
        </dl>
        {order.tintedAcceptedAt && (
          <p className="mt-3 rounded-md bg-canvas px-3 py-2 text-sm text-ink-soft">
            Tinted lines are mixed to order: the customer accepted they cannot be returned on {dateTimeFormat.format(new Date(order.tintedAcceptedAt))}.
          </p>
        )}
      </Section>

      <div className="grid border-t border-line sm:grid-cols-2">
        <section className="px-5 py-4 sm:px-6">
          <h3 className="mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">Customer</h3>
          <p className="font-medium text-ink">{order.customerName}</p>
          <p className="text-sm [overflow-wrap:anywhere]">
            <a href={`mailto:${order.customerEmail}`} className="text-accent-strong underline-offset-4 hover:underline">
              <WrappedEmail email={order.customerEmail} />
            </a>
          </p>
          <p className="text-sm">
            <a href={`tel:${address.phone}`} className="text-ink-soft tabular underline-offset-4 hover:underline">
              {address.phone}
            </a>
          </p>
          <p className="mt-1 text-xs text-ink-muted">{order.customerId ? 'Has an account' : 'Guest checkout'}</p>
        </section>
        <section className="border-t border-line px-5 py-4 sm:border-t-0 sm:border-l sm:px-6">
          <h3 className="mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">Ship to</h3>
          <address className="text-sm leading-relaxed text-ink-soft not-italic">
            <span className="font-medium text-ink">
              {address.firstName} {address.lastName}
            </span>
            <br />
            {address.address}
            <br />
            {address.city} {address.postalCode}
            <br />
            {address.country}
          </address>
        </section>
      </div>

      <div className="grid border-t border-line sm:grid-cols-2">
        <OrderPayment order={order} />
        <section className="border-t border-line px-5 py-4 sm:border-t-0 sm:border-l sm:px-6">
          <h3 className="mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase">Shipment</h3>
          {order.carrier || order.trackingNumber ? (
            <dl className="grid gap-1 text-sm">
              <div>
                <dt className="text-xs text-ink-muted">Carrier</dt>
                <dd className="font-medium text-ink">{order.carrier || '—'}</dd>
              </div>
              <div>
                <dt className="text-xs text-ink-muted">Tracking number</dt>
                <dd className="font-medium text-ink tabular [overflow-wrap:anywhere]">{order.trackingNumber || '—'}</dd>
              </div>
            </dl>
          ) : (
            <p className="text-sm text-ink-muted">Not shipped yet</p>
          )}
          <p className="mt-1 text-xs text-ink-muted">Est. delivery {dayFormat.format(new Date(`${order.estimatedDelivery}T00:00:00Z`))}</p>
          <p className="mt-2 text-sm text-ink">{formatOrderDelivery(order)}</p>
          <a href={`/api/admin/orders/${order.id}/packing-slip.pdf`} download className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
            Packing slip <span className="ml-1 whitespace-nowrap">(PDF)</span>
          </a>
        </section>
      </div>

      <Section title="Notes">
        <p className="text-sm whitespace-pre-line text-ink-soft">{order.notes || 'No notes.'}</p>
      </Section>

      <Section title="Timeline">
        <ol className="relative" aria-label={`History of ${order.orderNumber}`}>
          {order.history.map((entry, index) => {
            const line = describeHistoryEntry(entry);
            const last = index === order.history.length - 1;
            return (
              <li key={`${entry.at}-${index}`} className="relative pb-4 pl-6 last:pb-0">
                {!last && <span className="absolute top-3 bottom-0 left-[5px] w-px bg-line" aria-hidden="true" />}
                <span
                  className={`absolute top-1.5 left-0 h-[11px] w-[11px] rounded-full ring-2 ring-white ${entry.action === 'declined' || entry.action === 'cancelled' ? 'bg-danger' : entry.action === 'email' ? 'bg-ink-muted' : 'bg-ink'}`}
                  aria-hidden="true"
                />
                <p className="text-sm font-semibold text-ink">{line.title}</p>
                {line.detail && <p className="text-sm break-words whitespace-pre-line text-ink-soft">{line.detail}</p>}
                <p className="text-xs text-ink-muted">
                  {entry.by} · <time dateTime={entry.at}>{dateTimeFormat.format(new Date(entry.at))}</time>
                </p>
              </li>
            );
          })}
        </ol>
      </Section>
    </>
  );
}

/**
 * The detail side panel (spec §2.13): 'Select an Order' when none; otherwise a region named after
 * the order number. Below 1024 px it is a full-screen view with a Back button.
 */
export function OrderPanel({ selectedId, listRow, filters }: { selectedId: string | null; listRow: AdminOrderListItem | undefined; filters: OrdersFilters }) {
  const { data, error } = useQuery($selectedOrder);
  const order = data && data.id === selectedId ? data : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const header = order ?? listRow;

  useDetailPanelSync({ selectedId, detail: order, listRow, refresh: refreshSelectedOrder, heading });

  if (!selectedId) {
    return (
      <DetailPanelEmpty
        id="order-panel-empty"
        title="Select an Order"
        text="Choose an order in the list to see its lines, customer, payment and history, and to act on it."
        icon={
          <>
            <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
            <path d="M9 8h6M9 12h6M9 16h3" />
          </>
        }
      />
    );
  }

  const notFound = !order && error && (error as { status?: number }).status === 404;
  return (
    <section className={`${DETAIL_PANEL_CLASS} flex`} aria-labelledby="order-panel-heading">
      <div className="shrink-0 border-b border-line px-5 pt-3 pb-4 sm:px-6">
        <DetailPanelBar backLabel="Back to orders" label="Order details" closeLabel="Close order details" onClose={() => openOrders(filters)} />
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1.5">
          <h2 id="order-panel-heading" ref={heading} tabIndex={-1} className="font-sans text-xl font-bold text-ink outline-none">
            {header?.orderNumber ?? (notFound ? 'Order not found' : 'Loading order…')}
          </h2>
          {header && <StatusBadge status={header.status} size="md" />}
        </div>
        {header && (
          <p className="mt-1 text-sm text-ink-muted tabular">
            Placed {dateTimeFormat.format(new Date(header.createdAt))} · <span className="font-semibold text-ink">{formatDollars(header.total)}</span>
          </p>
        )}
        {order && <OrderActions order={order} onSettled={() => heading.current?.focus({ preventScroll: true })} />}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {order ? (
          <OrderDetail order={order} />
        ) : error ? (
          <div role="alert" className="px-5 py-5 text-sm sm:px-6">
            <p className="font-semibold text-danger">{notFound ? 'This order does not exist or was removed.' : 'The order could not be loaded.'}</p>
            {!notFound && (
              <>
                <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
                <button type="button" onClick={refreshSelectedOrder} className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-line px-4 font-semibold text-ink hover:border-ink">
                  Try again
                </button>
              </>
            )}
          </div>
        ) : (
          <DetailPanelSkeleton />
        )}
      </div>
    </section>
  );
}
