/**
 * A customer's trade account in the back office (issue 27): read with its statement, saved whole
 * (the price list replaced), or ended. Each change toasts its outcome.
 */
import { adminTradeAccountResponseSchema, TRADE_MESSAGES, type TradeAccount, type TradeAccountInput } from '../lib/schemas/trade';
import { userApiPath } from '../lib/admin/users-filters';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { toast } from './admin-toasts';

/** The trade route of a customer. */
const tradePath = (customerId: string) => `${userApiPath(customerId)}/trade`;

/** A customer's trade account with its statement, or null when they are not trade. */
export async function loadTradeAccount(customerId: string): Promise<TradeAccount | null> {
  const path = tradePath(customerId);
  return readAs(adminTradeAccountResponseSchema, await requestAdmin(path), path).account;
}

/** What saving answered: the account, or the server's message and per-field messages. */
export type TradeSaveResult = { ok: true; account: TradeAccount } | { ok: false; message: string; fields: Record<string, string> };

/** Saves a customer's trade account (toasting success); on refusal, the message and the fields it names. */
export async function saveTradeAccount(customerId: string, input: TradeAccountInput): Promise<TradeSaveResult> {
  const path = tradePath(customerId);
  try {
    const account = readAs(adminTradeAccountResponseSchema, await requestAdmin(path, { method: 'PUT', body: input }), path).account!;
    toast.success(TRADE_MESSAGES.saved);
    return { ok: true, account };
  } catch (err) {
    const message = err instanceof AdminApiError ? err.message : String(err);
    const fields = err instanceof AdminApiError ? ((err.body as { error?: { fields?: Record<string, string> } })?.error?.fields ?? {}) : {};
    return { ok: false, message, fields };
  }
}

/** Ends a customer's trade account; true when done. */
export async function removeTradeAccount(customerId: string): Promise<boolean> {
  try {
    await requestAdmin(tradePath(customerId), { method: 'DELETE' });
    toast.success(TRADE_MESSAGES.removed);
    return true;
  } catch (err) {
    toast.error(err instanceof AdminApiError ? err.message : String(err));
    return false;
  }
}
