import type { OrderStatus, PaymentStatus } from '../../lib/constants';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from './order-labels';

/** Distinct, AA-contrast colours per status: waiting is amber, moving is blue, done is green, stopped is red/grey. */
const STATUS_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  declined: 'bg-red-50 text-red-800 ring-red-300',
  processing: 'bg-sky-50 text-sky-900 ring-sky-300',
  shipped: 'bg-indigo-50 text-indigo-800 ring-indigo-300',
  delivered: 'bg-green-700 text-white ring-green-800',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

const DOT_CLASSES: Record<OrderStatus, string> = {
  pending: 'bg-amber-500',
  approved: 'bg-emerald-600',
  declined: 'bg-red-600',
  processing: 'bg-sky-600',
  shipped: 'bg-indigo-600',
  delivered: 'bg-white',
  cancelled: 'bg-slate-500',
};

/** An order status as a compact coloured badge. */
export function StatusBadge({ status, size = 'sm' }: { status: OrderStatus; size?: 'sm' | 'md' }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_CLASSES[status]} ${size === 'md' ? 'px-3 py-1 text-sm' : 'px-2.5 py-0.5 text-xs'}`}
    >
      <span className={`h-1.5 w-1.5 rounded-full ${DOT_CLASSES[status]}`} aria-hidden="true" />
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

const PAYMENT_CLASSES: Record<PaymentStatus, string> = {
  pending: 'text-amber-900 bg-amber-50 ring-amber-200',
  approved: 'text-emerald-800 bg-emerald-50 ring-emerald-200',
  declined: 'text-red-800 bg-red-50 ring-red-200',
  refunded: 'text-slate-700 bg-slate-100 ring-slate-300',
};

/** A payment status as a quiet pill. */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${PAYMENT_CLASSES[status]}`}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}
