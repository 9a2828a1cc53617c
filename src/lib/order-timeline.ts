import type { OrderStatus } from './constants';
import type { OrderHistoryEntry } from './schemas/order';

/** How each status reads in a timeline. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending approval',
  approved: 'Approved',
  declined: 'Declined',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

const MAIL_PREFIX = 'E-mail to the customer: ';

/** One timeline entry as people read it: a title and an optional detail line. */
export function describeHistoryEntry(entry: OrderHistoryEntry): { title: string; detail?: string } {
  switch (entry.action) {
    case 'placed':
      return { title: 'Order placed' };
    case 'approved':
      return { title: 'Order approved' };
    case 'declined':
      return { title: 'Order declined', detail: entry.note ? `Reason: ${entry.note}` : undefined };
    case 'cancelled':
      return { title: 'Order cancelled', detail: entry.note || undefined };
    case 'status_changed':
      return { title: entry.to ? `Marked ${STATUS_LABELS[entry.to].toLowerCase()}` : 'Status changed', detail: entry.note || undefined };
    case 'email':
      return { title: 'E-mail', detail: entry.note?.startsWith(MAIL_PREFIX) ? entry.note.slice(MAIL_PREFIX.length) : entry.note };
    case 'note':
      return { title: 'Note', detail: entry.note };
    case 'payment':
      return { title: 'Payment', detail: entry.note };
    case 'refund':
      return { title: 'Refund', detail: entry.note };
    case 'invoice':
      return { title: 'Invoice issued', detail: entry.note };
  }
}
