import type { OrderStatus, PaymentStatus } from '../../lib/constants';
import { formatMoney, roundToCents } from '../../lib/money';
import { CARD_BRANDS } from '../../lib/payment-card';
import { describeHistoryEntry } from '../../lib/order-timeline';
import { LineColour } from '../cart/LineColour';
import type { Order } from '../../lib/schemas/order';
import { formatOrderDelivery } from '../../lib/shipping-methods';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const deliveryFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dollars = (amount: number) => formatMoney(roundToCents(amount));

/** Label and AA-contrast colours of each order status. */
const STATUS_STYLES: Record<OrderStatus, { label: string; className: string }> = {
  pending: { label: 'Pending approval', className: 'bg-amber-100 text-amber-900 ring-amber-300' },
  approved: { label: 'Approved', className: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  declined: { label: 'Declined', className: 'bg-red-100 text-red-900 ring-red-300' },
  processing: { label: 'Processing', className: 'bg-sky-100 text-sky-900 ring-sky-300' },
  shipped: { label: 'Shipped', className: 'bg-indigo-100 text-indigo-900 ring-indigo-300' },
  delivered: { label: 'Delivered', className: 'bg-green-700 text-white ring-green-800' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-200 text-slate-800 ring-slate-300' },
};

const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  approved: 'Payment approved',
  declined: 'Payment declined',
  refunded: 'Refunded',
};

/** The status of an order as a coloured badge. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const style = STATUS_STYLES[status];
  return <span className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ring-1 ring-inset ${style.className}`}>{style.label}</span>;
}

/** One order as its customer sees it: number, date, status, lines, totals, delivery and payment. */
export function OrderCard({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const delivered = order.status === 'delivered';
  const closed = order.status === 'declined' || order.status === 'cancelled';
  return (
    <article aria-labelledby={`order-${order.id}`} className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-card">
      <header className="flex flex-wrap items-start justify-between gap-3 border-b border-line bg-paper px-5 py-4 sm:px-6">
        <div>
          <Heading id={`order-${order.id}`} className="font-sans text-lg font-semibold tabular">
            {order.orderNumber}
          </Heading>
          <p className="text-sm text-ink-muted">
            Placed <time dateTime={order.createdAt}>{dateFormat.format(new Date(order.createdAt))}</time>
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <OrderStatusBadge status={order.status} />
          <span className="text-xs font-medium text-ink-muted">{PAYMENT_LABELS[order.paymentStatus]}</span>
        </div>
      </header>

      <ul className="divide-y divide-line px-5 sm:px-6" aria-label={`Items in ${order.orderNumber}`}>
        {order.items.map((item, i) => (
          <li key={`${item.product.id}-${i}`} className="flex items-center gap-4 py-3">
            <img src={item.product.image} alt="" width={56} height={56} loading="lazy" className="h-14 w-14 shrink-0 rounded-lg border border-line bg-canvas object-contain p-1" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">{item.product.name}</p>
              {item.colour && <LineColour colour={item.colour} />}
              <p className="text-sm text-ink-muted tabular">
                Qty {item.quantity} × {dollars(item.price)}
              </p>
            </div>
            <p className="font-semibold tabular">{dollars(item.price * item.quantity)}</p>
          </li>
        ))}
      </ul>

      <div className="grid gap-5 border-t border-line px-5 py-4 text-sm sm:grid-cols-[1fr_auto] sm:px-6">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{delivered ? 'Delivered' : 'Estimated delivery'}</dt>
            <dd className="mt-0.5 font-medium">{closed ? '—' : deliveryFormat.format(new Date(`${order.estimatedDelivery}T00:00:00Z`))}</dd>
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Payment</dt>
            <dd className="mt-0.5 font-medium">
              {/* The brand may wrap; the dots and the last four stay together. */}
              {order.paymentMethod ? (
                <>
                  {CARD_BRANDS[order.paymentMethod.brand].label} <span className="whitespace-nowrap">•••• {order.paymentMethod.last4}</span>
                </>
              ) : order.payment.method === 'card' ? (
                // A card order whose card was never authorised (declined, abandoned) has no card to show.
                'Card'
              ) : (
                'Bank transfer'
              )}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Ship to</dt>
            <dd className="mt-0.5 font-medium">
              {order.shippingAddress.firstName} {order.shippingAddress.lastName}, {order.shippingAddress.address}, {order.shippingAddress.city} {order.shippingAddress.postalCode}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">Delivery</dt>
            <dd className="mt-0.5 font-medium">{formatOrderDelivery(order)}</dd>
          </div>
        </dl>
        <dl className="grid min-w-56 grid-cols-[1fr_auto] gap-y-1 tabular [&>dd]:pl-6">
          <dt className="text-ink-muted">Subtotal</dt>
          <dd className="text-right">{dollars(order.subtotal)}</dd>
          <dt className="text-ink-muted">Shipping</dt>
          <dd className="text-right">{order.shipping === 0 ? 'FREE' : dollars(order.shipping)}</dd>
          <dt className="text-ink-muted">VAT (20%)</dt>
          <dd className="text-right">{dollars(order.tax)}</dd>
          <dt className="mt-1 border-t border-line pt-1 font-semibold">Total</dt>
          <dd className="mt-1 border-t border-line pt-1 text-right font-semibold">{dollars(order.total)}</dd>
        </dl>
      </div>

      {order.invoice || (order.payment.method === 'bank_transfer' && order.payment.outstandingCents > 0) ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-5 py-3 text-sm sm:px-6">
          {order.payment.method === 'bank_transfer' && order.payment.outstandingCents > 0 ? (
            <p>
              <span className="font-semibold">To pay by bank transfer:</span> <span className="tabular">{formatMoney(order.payment.outstandingCents)}</span>, reference{' '}
              <span className="font-semibold tabular">{order.payment.reference}</span>
              {' · '}
              {/* The amount and reference alone leave a customer who lost the e-mail without the account to pay into. */}
              <a href={`/checkout/success?order=${encodeURIComponent(order.orderNumber)}`} className="font-semibold text-accent-strong underline-offset-4 hover:underline">
                Bank details
              </a>
            </p>
          ) : (
            <span />
          )}
          {order.invoice ? (
            // The order's e-mail authorises the download as it does the look-up; a signed-in owner's cookie does too.
            <a href={`${order.invoice.url}?email=${encodeURIComponent(order.customerEmail)}`} download className="font-semibold text-accent-strong underline-offset-4 hover:underline">
              Download invoice {order.invoice.number} (PDF)
            </a>
          ) : null}
          {order.creditNotes?.map((note) => (
            <a key={note.number} href={`${note.url}?email=${encodeURIComponent(order.customerEmail)}`} download className="font-semibold text-accent-strong underline-offset-4 hover:underline">
              Download credit note {note.number} (PDF)
            </a>
          ))}
        </div>
      ) : null}

      {order.carrier || order.trackingNumber ? (
        <p className="border-t border-line px-5 py-3 text-sm sm:px-6">
          <span className="font-semibold">Tracking:</span> {[order.carrier, order.trackingNumber].filter(Boolean).join(' ')}
        </p>
      ) : null}

      {order.history && order.history.length > 0 ? (
        <details className="border-t border-line px-5 py-3 text-sm sm:px-6">
          <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-ink">Order history</summary>
          <ol className="mt-2 space-y-3 border-l-2 border-line pl-4" aria-label={`History of ${order.orderNumber}`}>
            {order.history.map((entry, index) => {
              const { title, detail } = describeHistoryEntry(entry);
              return (
                <li key={`${entry.at}-${index}`}>
                  <p className="font-medium text-ink">{title}</p>
                  {detail ? <p className="text-ink-muted">{detail}</p> : null}
                  <p className="text-xs text-ink-muted">
                    <time dateTime={entry.at}>{timeFormat.format(new Date(entry.at))}</time>
                  </p>
                </li>
              );
            })}
          </ol>
        </details>
      ) : null}
    </article>
  );
}
