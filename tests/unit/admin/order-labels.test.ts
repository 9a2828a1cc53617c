import { describe, expect, it } from 'vitest';
import { availableActions, describeHistoryEntry, formatDollars, ORDER_ACTIONS } from '../../../src/components/admin/order-labels';

describe('order actions offered by status (ORDER_TRANSITIONS)', () => {
  it('offers Approve, Decline and Cancel order on a pending order', () => {
    expect(availableActions('pending').map((a) => ORDER_ACTIONS[a].label)).toEqual(['Approve', 'Decline', 'Cancel order']);
  });

  it('moves an approved order to processing or cancels it', () => {
    expect(availableActions('approved').map((a) => ORDER_ACTIONS[a].label)).toEqual(['Mark as processing', 'Cancel order']);
  });

  it('ships a processing order or cancels it', () => {
    expect(availableActions('processing').map((a) => ORDER_ACTIONS[a].label)).toEqual(['Mark as shipped', 'Cancel order']);
  });

  it('only delivers a shipped order', () => {
    expect(availableActions('shipped').map((a) => ORDER_ACTIONS[a].label)).toEqual(['Mark as delivered']);
  });

  it('offers nothing on a final status', () => {
    expect(availableActions('delivered')).toEqual([]);
    expect(availableActions('declined')).toEqual([]);
    expect(availableActions('cancelled')).toEqual([]);
  });
});

describe('timeline lines', () => {
  it('describes placing and approving', () => {
    expect(describeHistoryEntry({ action: 'placed' })).toEqual({ title: 'Order placed', detail: undefined });
    expect(describeHistoryEntry({ action: 'approved', note: 'Order approved by admin' })).toEqual({ title: 'Order approved', detail: 'Order approved by admin' });
  });

  it('shows the reason of a decline once, without the stored prefix', () => {
    expect(describeHistoryEntry({ action: 'declined', note: 'Order declined: Card flagged' }).detail).toBe('Reason: Card flagged');
    expect(describeHistoryEntry({ action: 'declined', note: 'Card flagged' }).detail).toBe('Reason: Card flagged');
  });

  it('names both statuses of a status change', () => {
    expect(describeHistoryEntry({ action: 'status_changed', from: 'approved', to: 'processing' }).title).toBe('Status changed from Approved to Processing');
    expect(describeHistoryEntry({ action: 'status_changed', to: 'shipped' }).title).toBe('Status changed to Shipped');
  });

  it('describes e-mails, notes and cancellations', () => {
    expect(describeHistoryEntry({ action: 'email', note: 'E-mail to the customer: Order ORD-12345678 shipped (sent)' })).toEqual({
      title: 'E-mail to the customer',
      detail: 'Order ORD-12345678 shipped (sent)',
    });
    expect(describeHistoryEntry({ action: 'email', note: 'Receipt resent' })).toEqual({ title: 'E-mail sent', detail: 'Receipt resent' });
    expect(describeHistoryEntry({ action: 'note', note: '  ' })).toEqual({ title: 'Note added', detail: undefined });
    expect(describeHistoryEntry({ action: 'cancelled' }).title).toBe('Order cancelled');
  });
});

describe('formatDollars', () => {
  it('shows API dollars with cents and thousands separators', () => {
    expect(formatDollars(1299.5)).toBe('$1,299.50');
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30');
  });
});
