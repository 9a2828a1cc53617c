import type { Kysely } from 'kysely';
import { ORDER_STATUSES, type OrderStatus } from '../../lib/constants';
import type { Order, OrderHistoryEntry } from '../../lib/schemas/order';
import type { Database } from '../db/schema';
import { selectEventsOfOrders, type OrderEventWithMail } from './order-admin.repository';
import type { OrderRow } from './orders.repository';

/** How the shop signs its actions in a customer's timeline (staff names stay inside the shop). */
const SHOP_NAME = 'Graphene Coatings';

/** Whether a text is an order status. */
export function isOrderStatus(value: string | null): value is OrderStatus {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** One history entry of an event row; e-mails say whether they left. */
function toHistoryEntry(event: OrderEventWithMail, audience: 'staff' | 'customer'): OrderHistoryEntry {
  const by = audience === 'customer' && event.actor_kind === 'staff' ? SHOP_NAME : event.actor_name;
  let note = event.note ?? undefined;
  let at = event.at;
  if (event.action === 'email') {
    const state = event.mail_sent_at ? 'sent' : event.mail_last_error ? 'not delivered yet' : 'queued';
    if (event.mail_sent_at) at = event.mail_sent_at;
    note = `${note ?? 'E-mail'} (${state})`;
  }
  return {
    at,
    by,
    action: event.action as OrderHistoryEntry['action'],
    ...(isOrderStatus(event.from_status) ? { from: event.from_status } : {}),
    ...(isOrderStatus(event.to_status) ? { to: event.to_status } : {}),
    ...(note ? { note } : {}),
  };
}

/** The timeline of an order: placed (the row itself), then its events in time order. */
export function buildHistory(row: OrderRow, events: OrderEventWithMail[], audience: 'staff' | 'customer'): OrderHistoryEntry[] {
  const placed: OrderHistoryEntry = { at: row.created_at, by: audience === 'customer' ? 'You' : `${row.first_name} ${row.last_name}`, action: 'placed', to: 'pending' };
  const entries = events.map((e) => toHistoryEntry(e, audience));
  return [placed, ...entries].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** Adds the customer's timeline to orders they may see. */
export async function withCustomerHistory(db: Kysely<Database>, orders: Order[], rows: Map<string, OrderRow>): Promise<Order[]> {
  const events = await selectEventsOfOrders(db, orders.map((o) => o.id));
  const byOrder = new Map<string, OrderEventWithMail[]>();
  for (const event of events) byOrder.set(event.order_id, [...(byOrder.get(event.order_id) ?? []), event]);
  return orders.map((order) => {
    const row = rows.get(order.id);
    return row ? { ...order, history: buildHistory(row, byOrder.get(order.id) ?? [], 'customer') } : order;
  });
}

