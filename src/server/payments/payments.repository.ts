import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { getDialectKind } from '../db/dialect';
import type { PaymentEventsTable, ProviderEventsTable, RefundsTable } from '../db/schema';
import type { OrderRow } from '../orders/orders.repository';

/** A payment event row as stored. */
export type PaymentEventRow = Selectable<PaymentEventsTable>;
/** A refund (credit note) row as stored. */
export type RefundRow = Selectable<RefundsTable>;

/** The order with this id, its row locked until the transaction ends (PostgreSQL; SQLite has one writer at a time). */
export function selectOrderForUpdate(db: Db, id: string): Promise<OrderRow | undefined> {
  const query = db.selectFrom('orders').selectAll().where('id', '=', id);
  return (getDialectKind(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/**
 * The next number of a document sequence ('invoice', 'credit_note'): the counter row is moved in
 * the caller's transaction and stays locked until it ends, so concurrent issuers queue on it and a
 * rolled-back issue gives its number back: numbers are gapless and never reused.
 */
export async function takeNextDocumentNumber(db: Db, name: 'invoice' | 'credit_note'): Promise<number> {
  const row = await db
    .updateTable('document_counters')
    .set({ last_number: sql`last_number + 1` })
    .where('name', '=', name)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Sets an order's invoice number if it has none; whether it did. */
export async function setInvoiceNumber(db: Db, orderId: string, number: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ invoice_number: number, invoice_issued_at: at })
    .where('id', '=', orderId)
    .where('invoice_number', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The money columns of an order that a payment change writes. */
export type PaymentChanges = Partial<Pick<OrderRow, 'authorised_cents' | 'captured_cents' | 'refunded_cents' | 'payment_status' | 'payment_problem' | 'payment_reference'>> & {
  updated_at: string;
};

/** Writes an order's payment columns. */
export async function updateOrderPayment(db: Db, orderId: string, changes: PaymentChanges): Promise<void> {
  await db.updateTable('orders').set(changes).where('id', '=', orderId).execute();
}

/**
 * Adds `amountCents` to what was refunded, only while it stays within what was captured: the guard
 * that keeps two refunds at once from returning more than was taken. Whether it did.
 */
export async function reserveRefund(db: Db, orderId: string, amountCents: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ refunded_cents: sql`refunded_cents + ${amountCents}`, updated_at: at })
    .where('id', '=', orderId)
    .where(sql<boolean>`captured_cents - refunded_cents >= ${amountCents}`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Gives back a refund's reservation that the provider refused. */
export async function unreserveRefund(db: Db, orderId: string, amountCents: number, at: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ refunded_cents: sql`refunded_cents - ${amountCents}`, updated_at: at })
    .where('id', '=', orderId)
    .execute();
}

/** Stores one payment event; false when its provider event id was applied before. */
export async function insertPaymentEvent(db: Db, row: Insertable<PaymentEventsTable>): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values(row)
    .onConflict((oc) => oc.column('provider_event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Stores a refund and its credit note. */
export async function insertRefund(db: Db, row: RefundRow): Promise<void> {
  await db.insertInto('refunds').values(row).execute();
}

/** An order's refunds, oldest first. */
export function selectRefundsOfOrder(db: Db, orderId: string): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('credit_note_number').execute();
}

/** The refunds of several orders, oldest first. */
export function selectRefundsOfOrders(db: Db, orderIds: readonly string[]): Promise<RefundRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('refunds').selectAll().where('order_id', 'in', orderIds).orderBy('created_at').orderBy('credit_note_number').execute();
}

/** An order's payment events, oldest first. */
export function selectPaymentEventsOfOrder(db: Db, orderId: string): Promise<PaymentEventRow[]> {
  return db.selectFrom('payment_events').selectAll().where('order_id', '=', orderId).orderBy('at').orderBy('id').execute();
}

/** The order whose payment has this provider reference. */
export function selectOrderByPaymentReference(db: Db, provider: string, reference: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('payment_provider', '=', provider).where('payment_reference', '=', reference).executeTakeFirst();
}

/** Bank-transfer orders still owed money (not those placed before payments were kept: provider 'legacy'), placed before `before`, not declined or cancelled: oldest first, with the count. */
export async function selectOverdueTransfers(db: Db, before: string, limit: number): Promise<{ rows: OrderRow[]; count: number }> {
  const base = db
    .selectFrom('orders')
    .where('payment_provider', '=', 'bank_transfer')
    .where('created_at', '<', before)
    .where('status', 'not in', ['declined', 'cancelled'])
    .where(sql<boolean>`captured_cents < total_cents`);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(count?.n ?? 0) };
}

/** Orders whose payment needs staff (a failed capture or refund), oldest first, with the count. */
export async function selectPaymentProblems(db: Db, limit: number): Promise<{ rows: OrderRow[]; count: number }> {
  const base = db.selectFrom('orders').where('payment_problem', 'is not', null);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(count?.n ?? 0) };
}

/** Card authorisations still held on orders placed before `before` (they lapse at the provider), oldest first, with the count. */
export async function selectLapsingAuthorisations(db: Db, before: string, limit: number): Promise<{ rows: OrderRow[]; count: number }> {
  const base = db.selectFrom('orders').where('authorised_cents', '>', 0).where('created_at', '<', before);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at').limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, count: Number(count?.n ?? 0) };
}

/** Marks a provider's event as applied; false when it was applied before (a repeated delivery). */
export async function insertProviderEvent(db: Db, row: Insertable<ProviderEventsTable>): Promise<boolean> {
  const result = await db
    .insertInto('provider_events')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Records a card authorisation on an order: the amount held and the card's brand and last 4. */
export async function setCardAuthorisation(db: Db, orderId: string, changes: { authorised_cents: number; card_brand: string; card_last4: string; updated_at: string }): Promise<void> {
  await db.updateTable('orders').set({ ...changes, payment_problem: null }).where('id', '=', orderId).execute();
}

/** Card orders still pending with nothing authorised or captured, placed before `before`: oldest first. */
export async function selectUnauthorisedCardOrderIds(db: Db, before: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('payment_method', '=', 'card')
    .where('status', '=', 'pending')
    .where('authorised_cents', '=', 0)
    .where('captured_cents', '=', 0)
    .where('created_at', '<', before)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
