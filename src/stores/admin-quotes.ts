/**
 * The quote staff price for a quote request (issue #27): load it, send or save it as a draft,
 * withdraw it. Each change refreshes the selected enquiry (its history gains the step) and the lists.
 */
import { adminQuoteAnswerSchema, adminQuoteSchema, QUOTE_MESSAGES, type AdminQuote, type QuoteOffer, type QuoteStart } from '../lib/schemas/quotes';
import { enquiryApiPath } from '../lib/admin/enquiry-filters';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { refreshQueries } from './admin-query';
import { openEnquiries, refreshSelectedEnquiry } from './admin-enquiries';
import { toast } from './admin-toasts';

/** A product staff may put on a quote: id, name, SKU, list price in dollars and whether it is tinted to order. */
export interface QuotableProduct {
  id: string;
  name: string;
  sku: string;
  price: number;
  tintable: boolean;
}

/** What a quote change came to: the quote as it now is, or the server's message and field messages. */
export type QuoteChangeResult = { ok: true; quote: AdminQuote } | { ok: false; message: string; fields?: Record<string, string> };

/** The quote of a request, or null when it has none yet. */
export async function loadQuote(requestId: string): Promise<AdminQuote | null> {
  const path = `${enquiryApiPath('quotes', requestId)}/offer`;
  return readAs(adminQuoteAnswerSchema, await requestAdmin(path), path).quote;
}

/** The live catalogue's products, by name, for the line picker. */
export async function loadQuotableProducts(): Promise<QuotableProduct[]> {
  const response = await fetch('/api/catalog', { credentials: 'same-origin' });
  if (!response.ok) throw new AdminApiError(response.status, 'The catalogue could not be loaded.');
  const body = (await response.json()) as { products: (Omit<QuotableProduct, 'tintable'> & { tintable?: boolean })[] };
  return body.products.map(({ id, name, sku, price, tintable }) => ({ id, name, sku, price, tintable: tintable === true })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Sends one change; on success refreshes the enquiry and the lists and shows `success`. */
async function sendQuoteChange(path: string, body: unknown, success: string): Promise<QuoteChangeResult> {
  try {
    const quote = readAs(adminQuoteSchema, await requestAdmin(path, { method: 'POST', body }), path);
    refreshSelectedEnquiry();
    refreshQueries((key) => key.startsWith('/api/admin/quotes?') || key === '/api/admin/summary');
    toast.success(success);
    return { ok: true, quote };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, 'The server could not be reached. Please try again.');
    const fields = (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
    if (error.status !== 401) toast.error(error.message);
    return { ok: false, message: error.message, fields };
  }
}

/** Prices the request's quote: sent to the customer, or kept as a draft when `send` is false. */
export function offerQuote(requestId: string, offer: QuoteOffer): Promise<QuoteChangeResult> {
  return sendQuoteChange(`${enquiryApiPath('quotes', requestId)}/offer`, offer, offer.send === false ? QUOTE_MESSAGES.drafted : QUOTE_MESSAGES.offered);
}

/** Withdraws the request's draft or sent quote. */
export function withdrawQuote(requestId: string): Promise<QuoteChangeResult> {
  return sendQuoteChange(`${enquiryApiPath('quotes', requestId)}/withdraw`, {}, QUOTE_MESSAGES.withdrawnDone);
}

/**
 * Starts a draft quote for a customer (a quote request on their behalf) and opens it in the
 * enquiries view's editor; on failure, the server's message and field messages.
 */
export async function startCustomerQuote(customerId: string, start: QuoteStart): Promise<QuoteChangeResult> {
  const path = `/api/admin/users/${encodeURIComponent(customerId)}/quotes`;
  try {
    const quote = readAs(adminQuoteSchema, await requestAdmin(path, { method: 'POST', body: start }), path);
    refreshQueries((key) => key.startsWith('/api/admin/quotes?') || key === '/api/admin/summary');
    toast.success(QUOTE_MESSAGES.started);
    if (quote.quoteRequestId) openEnquiries({ kind: 'quotes' }, { id: quote.quoteRequestId });
    return { ok: true, quote };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, 'The server could not be reached. Please try again.');
    const fields = (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
    return { ok: false, message: error.message, fields };
  }
}
