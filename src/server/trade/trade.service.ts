import type { Kysely } from 'kysely';
import { formatMoney } from '../../lib/money';
import {
  TRADE_MESSAGES,
  type AccountPricesResponse,
  type CustomerPrice,
  type ParsedTradeAccountInput,
  type TradeAccount,
  type TradeStatement,
} from '../../lib/schemas/trade';
import { tradeUnitPrice, withPublicTiers, type PriceTier, type ProductPriceTerms } from '../../lib/trade-pricing';
import { parseStoredTiers } from '../catalog/catalog.rows';
import { recordAudit, type Actor } from '../audit/audit.service';
import type { Db } from '../customers/customers.repository';
import { findCustomerById } from '../customers/customers.repository';
import { lockAdvisoryKeys } from '../db/dialect';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import {
  deleteTradeAccount,
  replaceTradePrices,
  selectListPrices,
  selectLiveProductIds,
  selectOpenAccountOrders,
  selectTradeAccount,
  selectTradePrices,
  upsertTradeAccount,
  type TradeAccountRow,
  type TradePriceRow,
} from './trade.repository';

const DAY_MS = 86_400_000;

/** Pay-on-account terms of a trade customer. */
export interface AccountTerms {
  termsDays: number;
  creditLimitCents: number | null;
}

/** The date (YYYY-MM-DD) an order on account placed at `createdAt` is due under `termsDays`. */
export function dueDateOf(createdAt: string, termsDays: number): string {
  return new Date(Date.parse(createdAt) + termsDays * DAY_MS).toISOString().slice(0, 10);
}

/** Where the account stands now: balance on account, credit used and available, overdue invoices. */
async function statementOf(db: Db, account: TradeAccountRow, now: Date): Promise<TradeStatement> {
  const open = await selectOpenAccountOrders(db, account.customer_id);
  const today = now.toISOString().slice(0, 10);
  let balanceCents = 0;
  const overdue: TradeStatement['overdue'] = [];
  for (const order of open) {
    const outstandingCents = Number(order.total_cents) - Number(order.captured_cents);
    balanceCents += outstandingCents;
    const dueDate = dueDateOf(order.created_at, account.terms_days ?? 0);
    if (dueDate < today) {
      overdue.push({
        orderId: order.id,
        orderNumber: order.order_number,
        invoiceNumber: order.invoice_number === null ? null : Number(order.invoice_number),
        totalCents: Number(order.total_cents),
        outstandingCents,
        dueDate,
      });
    }
  }
  const limit = account.credit_limit_cents;
  return {
    balanceCents,
    creditUsedPercent: limit === null || limit === 0 ? 0 : Math.round((balanceCents / limit) * 1000) / 10,
    creditAvailableCents: limit === null ? null : Math.max(0, limit - balanceCents),
    overdue,
    overdueCents: overdue.reduce((sum, o) => sum + o.outstandingCents, 0),
  };
}

/** The API view of an account and its price list. */
async function toTradeAccount(db: Db, account: TradeAccountRow, prices: TradePriceRow[], now: Date): Promise<TradeAccount> {
  return {
    customerId: account.customer_id,
    company: account.company,
    vatNumber: account.vat_number,
    discountPercent: Number(account.discount_bp) / 100,
    prices: prices.filter((p) => Number(p.min_quantity) === 1).map((p) => ({ productId: p.product_id, unitCents: Number(p.unit_cents) })),
    tiers: prices.filter((p) => Number(p.min_quantity) > 1).map((p) => ({ productId: p.product_id, minQuantity: Number(p.min_quantity), unitCents: Number(p.unit_cents) })),
    termsDays: account.terms_days === null ? null : Number(account.terms_days),
    creditLimitCents: account.credit_limit_cents === null ? null : Number(account.credit_limit_cents),
    updatedAt: account.updated_at,
    statement: await statementOf(db, account, now),
  };
}

/** A customer's trade account with its statement; null when they are not trade; 404 for an unknown customer. */
export async function getTradeAccount(db: Kysely<Database>, customerId: string, now: Date = new Date()): Promise<TradeAccount | null> {
  if (!(await findCustomerById(db, customerId))) throw notFound(TRADE_MESSAGES.notFound);
  const account = await selectTradeAccount(db, customerId);
  return account ? toTradeAccount(db, account, await selectTradePrices(db, customerId), now) : null;
}

/**
 * Marks a customer as trade (or changes their account) and replaces their whole price list, with
 * an audit entry of before and after: 404 for an unknown customer, 422 naming a product the
 * catalogue does not have.
 */
export async function saveTradeAccount(
  db: Kysely<Database>,
  customerId: string,
  input: ParsedTradeAccountInput,
  actor: Actor,
  now: Date = new Date(),
): Promise<TradeAccount> {
  return db.transaction().execute(async (trx) => {
    if (!(await findCustomerById(trx, customerId))) throw notFound(TRADE_MESSAGES.notFound);
    const named = [...new Set([...input.prices.map((p) => p.productId), ...input.tiers.map((t) => t.productId)])];
    const live = await selectLiveProductIds(trx, named);
    const fields: Record<string, string> = {};
    input.prices.forEach((p, i) => {
      if (!live.has(p.productId)) fields[`prices.${i}.productId`] = `${TRADE_MESSAGES.unknownProduct} ${p.productId}`;
    });
    input.tiers.forEach((t, i) => {
      if (!live.has(t.productId)) fields[`tiers.${i}.productId`] = `${TRADE_MESSAGES.unknownProduct} ${t.productId}`;
    });
    if (Object.keys(fields).length > 0) throw new ApiError(422, 'invalid_fields', Object.values(fields)[0]!, fields);

    const before = await selectTradeAccount(trx, customerId);
    const beforePrices = before ? await selectTradePrices(trx, customerId) : [];
    const at = now.toISOString();
    const row: TradeAccountRow = {
      customer_id: customerId,
      company: input.company,
      vat_number: input.vatNumber,
      discount_bp: Math.round(input.discountPercent * 100),
      terms_days: input.termsDays ?? null,
      credit_limit_cents: input.creditLimitCents ?? null,
      created_at: before?.created_at ?? at,
      updated_at: at,
    };
    const prices: TradePriceRow[] = [
      ...input.prices.map((p) => ({ customer_id: customerId, product_id: p.productId, min_quantity: 1, unit_cents: p.unitCents })),
      ...input.tiers.map((t) => ({ customer_id: customerId, product_id: t.productId, min_quantity: t.minQuantity, unit_cents: t.unitCents })),
    ];
    await upsertTradeAccount(trx, row);
    await replaceTradePrices(trx, customerId, prices);
    const summary = (a: TradeAccountRow, list: TradePriceRow[]) => ({
      company: a.company,
      vatNumber: a.vat_number,
      discountPercent: Number(a.discount_bp) / 100,
      termsDays: a.terms_days,
      creditLimitCents: a.credit_limit_cents,
      prices: list.map((p) => `${p.product_id}@${p.min_quantity}=${p.unit_cents}`),
    });
    await recordAudit(
      trx,
      actor,
      { action: 'customer.trade', entityType: 'customer', entityId: customerId, before: before ? summary(before, beforePrices) : null, after: summary(row, prices) },
      now,
    );
    return toTradeAccount(trx, row, await selectTradePrices(trx, customerId), now);
  });
}

/** Ends a customer's trade account (their orders keep what they were charged): 404 when they have none. */
export async function removeTradeAccount(db: Kysely<Database>, customerId: string, actor: Actor, now: Date = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await selectTradeAccount(trx, customerId);
    if (!before || !(await deleteTradeAccount(trx, customerId))) throw notFound(TRADE_MESSAGES.notFound);
    await recordAudit(trx, actor, { action: 'customer.trade_remove', entityType: 'customer', entityId: customerId, before: { company: before.company }, after: null }, now);
  });
}

/** The price terms of a customer for these products (by product id); undefined when they are not trade. */
export async function loadPriceTerms(db: Db, customerId: string | undefined, productIds: readonly string[]): Promise<Map<string, ProductPriceTerms> | undefined> {
  if (!customerId) return undefined;
  const account = await selectTradeAccount(db, customerId);
  if (!account) return undefined;
  const rows = await selectTradePrices(db, customerId, productIds);
  const terms = new Map<string, ProductPriceTerms>();
  for (const id of productIds) terms.set(id, { discountBp: Number(account.discount_bp), fixedCents: null, tiers: [] });
  for (const row of rows) {
    const entry = terms.get(row.product_id)!;
    if (Number(row.min_quantity) === 1) entry.fixedCents = Number(row.unit_cents);
    else (entry.tiers as { minQuantity: number; unitCents: number }[]).push({ minQuantity: Number(row.min_quantity), unitCents: Number(row.unit_cents) });
  }
  return terms;
}

/**
 * The one pricing step of an order: the unit price in cents of each line for the customer placing
 * it (tradeUnitPrice's rule over their trade terms, if any, and the product's public tiers
 * `publicTiers`; the list price when neither applies), by product id.
 */
export async function priceOrderLines(
  db: Db,
  customerId: string | undefined,
  lines: readonly { productId: string; quantity: number; listCents: number; publicTiers?: readonly PriceTier[] }[],
): Promise<Map<string, number>> {
  const terms = await loadPriceTerms(
    db,
    customerId,
    lines.map((l) => l.productId),
  );
  return new Map(
    lines.map((l) => [l.productId, tradeUnitPrice(l.listCents, l.quantity, withPublicTiers(terms?.get(l.productId), l.publicTiers ?? [])).unitCents]),
  );
}

/** The signed-in customer's prices of these products (live ones only, in the order asked). */
export async function getCustomerPrices(db: Kysely<Database>, customerId: string, ids: readonly string[]): Promise<AccountPricesResponse> {
  const [account, list] = await Promise.all([selectTradeAccount(db, customerId), selectListPrices(db, ids)]);
  const listById = new Map(list.map((p) => [p.id, p]));
  const terms = account ? await loadPriceTerms(db, customerId, ids) : undefined;
  const prices: CustomerPrice[] = [];
  for (const id of ids) {
    const product = listById.get(id);
    if (product === undefined) continue;
    const listCents = Number(product.price_cents);
    const own = withPublicTiers(terms?.get(id), parseStoredTiers(product.price_tiers));
    const unit = tradeUnitPrice(listCents, 1, own);
    const tiers = [...(own?.tiers ?? [])]
      .sort((a, b) => a.minQuantity - b.minQuantity)
      .map((t) => ({ minQuantity: t.minQuantity, unitCents: tradeUnitPrice(listCents, t.minQuantity, own).unitCents }))
      .filter((t) => t.unitCents < unit.unitCents);
    prices.push({ productId: id, listCents, unitCents: unit.unitCents, source: unit.source, tiers });
  }
  return { trade: account !== undefined, payOnAccount: account?.terms_days != null, prices };
}

/** The session profile's trade flags of a customer: `{ trade: true, payOnAccount?: true }`, or nothing for everyone else. */
export async function tradeFlagsOf(db: Db, customerId: string): Promise<{ trade?: true; payOnAccount?: true }> {
  const account = await selectTradeAccount(db, customerId);
  if (!account) return {};
  return account.terms_days === null ? { trade: true } : { trade: true, payOnAccount: true };
}

/** A customer's pay-on-account terms; undefined when they may not pay on account. */
export async function findAccountTerms(db: Db, customerId: string | undefined): Promise<AccountTerms | undefined> {
  if (!customerId) return undefined;
  const account = await selectTradeAccount(db, customerId);
  if (!account || account.terms_days === null) return undefined;
  return { termsDays: Number(account.terms_days), creditLimitCents: account.credit_limit_cents === null ? null : Number(account.credit_limit_cents) };
}

/**
 * Refuses (422) an order of `amountCents` on account that would take the customer's balance past
 * their credit limit. Runs inside the order's transaction, under a lock per account on PostgreSQL
 * (SQLite's one writer serialises it), so two orders cannot pass the limit together.
 */
export async function assertWithinCredit(trx: Db, customerId: string, terms: AccountTerms, amountCents: number): Promise<void> {
  if (terms.creditLimitCents === null) return;
  await lockAdvisoryKeys(trx as Kysely<Database>, [`trade-credit:${customerId}`]);
  const open = await selectOpenAccountOrders(trx, customerId);
  const balance = open.reduce((sum, o) => sum + Number(o.total_cents) - Number(o.captured_cents), 0);
  if (balance + amountCents > terms.creditLimitCents) {
    const available = Math.max(0, terms.creditLimitCents - balance);
    throw new ApiError(422, 'credit_limit', `${TRADE_MESSAGES.creditExceeded} ${formatMoney(available)}.`, { payment: TRADE_MESSAGES.creditExceeded }, undefined, {
      creditAvailableCents: available,
    });
  }
}
