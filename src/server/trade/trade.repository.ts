import { sql } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { TradeAccountsTable, TradePricesTable } from '../db/schema';

/** A trade account row. */
export type TradeAccountRow = TradeAccountsTable;
/** A price-list row. */
export type TradePriceRow = TradePricesTable;

/** The provider id of orders paid on account. */
export const ACCOUNT_PROVIDER_ID = 'account';

/** A customer's trade account, if they have one. */
export function selectTradeAccount(db: Db, customerId: string): Promise<TradeAccountRow | undefined> {
  return db.selectFrom('trade_accounts').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

/** A customer's price-list rows, for the given products only when `productIds` is passed. */
export function selectTradePrices(db: Db, customerId: string, productIds?: readonly string[]): Promise<TradePriceRow[]> {
  let query = db.selectFrom('trade_prices').selectAll().where('customer_id', '=', customerId);
  if (productIds) {
    if (productIds.length === 0) return Promise.resolve([]);
    query = query.where('product_id', 'in', [...productIds]);
  }
  return query.orderBy('product_id').orderBy('min_quantity').execute();
}

/** Inserts or replaces the account row (its creation time kept). */
export async function upsertTradeAccount(db: Db, row: TradeAccountRow): Promise<void> {
  await db
    .insertInto('trade_accounts')
    .values(row)
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet({
        company: row.company,
        vat_number: row.vat_number,
        discount_bp: row.discount_bp,
        terms_days: row.terms_days,
        credit_limit_cents: row.credit_limit_cents,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Replaces a customer's whole price list. */
export async function replaceTradePrices(db: Db, customerId: string, rows: readonly TradePriceRow[]): Promise<void> {
  await db.deleteFrom('trade_prices').where('customer_id', '=', customerId).execute();
  if (rows.length > 0) await db.insertInto('trade_prices').values([...rows]).execute();
}

/** Deletes the account and its price list; whether there was one. */
export async function deleteTradeAccount(db: Db, customerId: string): Promise<boolean> {
  await db.deleteFrom('trade_prices').where('customer_id', '=', customerId).execute();
  const result = await db.deleteFrom('trade_accounts').where('customer_id', '=', customerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Which of these ids are live products (not withdrawn). */
export async function selectLiveProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', [...ids]).where('withdrawn_at', 'is', null).execute();
  return new Set(rows.map((r) => r.id));
}

/** List prices and public tiers of live, sellable products among these ids. */
export function selectListPrices(db: Db, ids: readonly string[]): Promise<{ id: string; price_cents: number; price_tiers?: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'price_cents', 'price_tiers']).where('id', 'in', [...ids]).where('withdrawn_at', 'is', null).execute();
}

/** A customer's orders paid on account still owed money (not declined or cancelled), oldest first. */
export function selectOpenAccountOrders(db: Db, customerId: string) {
  return db
    .selectFrom('orders')
    .select(['id', 'order_number', 'invoice_number', 'total_cents', 'captured_cents', 'created_at'])
    .where('customer_id', '=', customerId)
    .where('payment_provider', '=', ACCOUNT_PROVIDER_ID)
    .where('status', 'not in', ['declined', 'cancelled'])
    .where(sql<boolean>`captured_cents < total_cents`)
    .orderBy('created_at')
    .execute();
}
