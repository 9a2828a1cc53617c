import type { PaymentStatus } from '../../lib/constants';
import { formatInvoiceNumber } from '../../lib/schemas/payments';
import type { OrderPayment, PaymentMethod } from '../../lib/schemas/order';
import type { OrderRow } from '../orders/orders.repository';
import type { PaymentRecord } from './payment-provider';

/** The money columns of an order. */
type Money = Pick<OrderRow, 'status' | 'total_cents' | 'captured_cents' | 'refunded_cents' | 'authorised_cents'>;

/**
 * The spec's payment status from the money alone: 'refunded' once everything captured is given
 * back, 'approved' once the total is captured (a partial refund keeps it), 'declined' for a
 * declined or cancelled order that kept nothing, 'pending' otherwise (waiting for a transfer, part
 * paid, or authorised and not yet captured).
 */
export function derivePaymentStatus(money: Money): PaymentStatus {
  if (money.refunded_cents > 0 && money.refunded_cents >= money.captured_cents) return 'refunded';
  if (money.captured_cents >= money.total_cents && money.total_cents > 0) return 'approved';
  if ((money.status === 'declined' || money.status === 'cancelled') && money.captured_cents === 0) return 'declined';
  return 'pending';
}

/** What the customer still owes: the total less what was captured, 0 for a declined or cancelled order. */
export function outstandingCentsOf(money: Money): number {
  if (money.status === 'declined' || money.status === 'cancelled') return 0;
  return Math.max(0, money.total_cents - money.captured_cents);
}

/** The API's payment object of an order row. */
export function toOrderPayment(row: OrderRow): OrderPayment {
  return {
    method: (row.payment_method === 'card' ? 'card' : 'bank_transfer') as PaymentMethod,
    status: (['pending', 'approved', 'declined', 'refunded'].includes(row.payment_status) ? row.payment_status : 'pending') as PaymentStatus,
    authorisedCents: Number(row.authorised_cents),
    capturedCents: Number(row.captured_cents),
    refundedCents: Number(row.refunded_cents),
    outstandingCents: outstandingCentsOf(row),
    reference: row.payment_reference ?? row.order_number,
  };
}

/** The invoice of an order row for its customer, or null before it is issued. */
export function toOrderInvoice(row: OrderRow): { number: string; url: string } | null {
  if (row.invoice_number === null || row.invoice_number === undefined) return null;
  return { number: formatInvoiceNumber(Number(row.invoice_number)), url: `/api/orders/${row.order_number}/invoice.pdf` };
}

/** The provider's view of an order's payment. */
export function paymentRecordOf(row: OrderRow): PaymentRecord {
  return {
    orderId: row.id,
    orderNumber: row.order_number,
    method: row.payment_method === 'card' ? 'card' : 'bank_transfer',
    provider: row.payment_provider,
    reference: row.payment_reference,
    totalCents: Number(row.total_cents),
    authorisedCents: Number(row.authorised_cents),
    capturedCents: Number(row.captured_cents),
    refundedCents: Number(row.refunded_cents),
  };
}
