/**
 * What staff read about an order: status and payment labels, the actions the state machine offers
 * from a status, and one line per history event. Pure, so every label is tested once.
 */
import type { OrderStatus, PaymentStatus } from '../../lib/constants';
import { formatMoney, roundToCents } from '../../lib/money';
import { canTransition, type OrderHistoryEntry, type OrderStatusFilter } from '../../lib/schemas/admin';

/** How each status reads (the list, the badge and the status filter). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  declined: 'Declined',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** Options of the status filter. */
export const STATUS_FILTER_LABELS: Record<OrderStatusFilter, string> = { all: 'All statuses', ...ORDER_STATUS_LABELS };

/** How each payment status reads. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Payment pending',
  approved: 'Payment approved',
  declined: 'Payment declined',
  refunded: 'Refunded',
};

/** An action staff can take on an order. */
export type OrderAction = 'approve' | 'decline' | 'processing' | 'shipped' | 'delivered' | 'cancelled';

/** Each action: its button text (the e2e journeys find it by this name) and the status it leads to. */
export const ORDER_ACTIONS: Record<OrderAction, { label: string; to: OrderStatus }> = {
  approve: { label: 'Approve', to: 'approved' },
  decline: { label: 'Decline', to: 'declined' },
  processing: { label: 'Mark as processing', to: 'processing' },
  shipped: { label: 'Mark as shipped', to: 'shipped' },
  delivered: { label: 'Mark as delivered', to: 'delivered' },
  cancelled: { label: 'Cancel order', to: 'cancelled' },
};

const ACTION_ORDER: readonly OrderAction[] = ['approve', 'decline', 'processing', 'shipped', 'delivered', 'cancelled'];

/** The actions the state machine allows from a status, in button order. */
export function availableActions(status: OrderStatus): OrderAction[] {
  return ACTION_ORDER.filter((action) => canTransition(status, ORDER_ACTIONS[action].to));
}

/** One timeline line: what happened and an optional detail (a reason, a note, an e-mail's subject). */
export interface HistoryLine {
  title: string;
  detail?: string;
}

/** Describes one history event for the timeline. */
export function describeHistoryEntry(entry: Pick<OrderHistoryEntry, 'action' | 'from' | 'to' | 'note'>): HistoryLine {
  const note = entry.note?.trim() || undefined;
  switch (entry.action) {
    case 'placed':
      return { title: 'Order placed', detail: note };
    case 'approved':
      return { title: 'Order approved', detail: note };
    case 'declined':
      return { title: 'Order declined', detail: note ? `Reason: ${note.replace(/^Order declined:\s*/i, '')}` : undefined };
    case 'cancelled':
      return { title: 'Order cancelled', detail: note };
    case 'status_changed': {
      const to = entry.to ? ORDER_STATUS_LABELS[entry.to] : 'a new status';
      const title = entry.from ? `Status changed from ${ORDER_STATUS_LABELS[entry.from]} to ${to}` : `Status changed to ${to}`;
      return { title, detail: note };
    }
    case 'email': {
      // The server writes 'E-mail to the customer: <subject>'; the subject is the detail.
      const match = note?.match(/^(E-mail to [^:]+):\s*(.+)$/s);
      return match ? { title: match[1]!, detail: match[2] } : { title: 'E-mail sent', detail: note };
    }
    case 'note':
      return { title: 'Note added', detail: note };
    case 'payment':
      return { title: 'Payment', detail: note };
    case 'refund':
      return { title: 'Refund', detail: note };
    case 'invoice':
      return { title: 'Invoice issued', detail: note };
  }
}

/** A dollar amount of the API as the back office shows it: 1299.5 → '$1,299.50'. */
export function formatDollars(dollars: number): string {
  return formatMoney(roundToCents(dollars));
}
