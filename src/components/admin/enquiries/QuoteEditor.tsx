import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../lib/money';
import type { OrderItem } from '../../../lib/schemas/order';
import type { AdminQuoteRequest } from '../../../lib/schemas/admin-enquiries';
import { QUOTE_MESSAGES, type AdminQuote, type QuoteStatus } from '../../../lib/schemas/quotes';
import { loadQuotableProducts, loadQuote, offerQuote, withdrawQuote, type QuotableProduct } from '../../../stores/admin-quotes';
import { LineColour } from '../../cart/LineColour';
import { pickedLabel, ProductPicker } from '../ProductPicker';

// The RAL table is a chunk of its own, fetched when staff first open a line's colour picker.
const ColourPicker = lazy(() => import('../../product/ColourPicker'));

const inputClass =
  'block min-h-11 w-full rounded-lg border border-ink/20 bg-white px-3 text-[0.9375rem] text-ink focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent aria-[invalid=true]:border-danger';
const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-55';

/** The badge text of each quote status, as staff read it. */
const STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Sent, awaiting the customer',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined by the customer',
  withdrawn: 'Withdrawn',
};

/** One line as the form holds it: the price as typed, in dollars. */
interface LineDraft {
  key: string;
  productId: string;
  quantity: string;
  price: string;
  /** The colour the line is tinted to; null when untinted. */
  colour: LineColourValue | null;
}

/** A colour as a line keeps it. */
type LineColourValue = NonNullable<OrderItem['colour']>;

/** YYYY-MM-DD `days` from today (UTC). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Dollars as typed ('55', '55.5', '1,200.00') to cents, or NaN. */
function parseDollars(text: string): number {
  const clean = text.replace(/[$,\s]/g, '');
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN;
}

/** The form's lines of a stored quote, or the request's product at its list price. */
function initialLines(request: AdminQuoteRequest, quote: AdminQuote | null, products: QuotableProduct[]): LineDraft[] {
  if (quote) return quote.lines.map((l) => ({ key: crypto.randomUUID(), productId: l.productId, quantity: String(l.quantity), price: (l.unitCents / 100).toFixed(2), colour: l.colour ?? null }));
  const product = products.find((p) => p.id === request.product.id);
  return [{ key: crypto.randomUUID(), productId: request.product.id, quantity: String(request.quantity ?? 1), price: product ? product.price.toFixed(2) : '', colour: null }];
}

/**
 * The quote editor of a quote request: lines of any products with quantities and unit prices
 * (the list price shown beside), shipping, a message and a validity date; save as a draft, send
 * it to the customer, or withdraw it. An accepted quote shows its order and can no longer change.
 */
export function QuoteEditor({ request }: { request: AdminQuoteRequest }) {
  const id = useId();
  const [quote, setQuote] = useState<AdminQuote | null | undefined>(undefined);
  const [products, setProducts] = useState<QuotableProduct[]>([]);
  const [lines, setLines] = useState<LineDraft[]>([]);
  const [shipping, setShipping] = useState('0.00');
  const [message, setMessage] = useState('');
  const [validUntil, setValidUntil] = useState(dayFromNow(14));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pickingFor, setPickingFor] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([loadQuote(request.id), loadQuotableProducts()])
      .then(([stored, catalogue]) => {
        if (!live) return;
        setQuote(stored);
        setProducts(catalogue);
        setLines(initialLines(request, stored, catalogue));
        if (stored) {
          setShipping((stored.shippingCents / 100).toFixed(2));
          setMessage(stored.message);
          setValidUntil(stored.validUntil);
        }
      })
      .catch((err: unknown) => live && setLoadError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [request.id]);

  if (loadError) return <p role="alert" className="text-sm font-medium text-danger">{loadError}</p>;
  if (quote === undefined) return <p className="text-sm text-ink-muted">Loading the quote…</p>;

  const byId = new Map(products.map((p) => [p.id, p]));
  const locked = quote?.status === 'accepted';
  const subtotal = lines.reduce((sum, l) => sum + (Number.isNaN(parseDollars(l.price)) ? 0 : parseDollars(l.price) * (Number(l.quantity) || 0)), 0);
  const setLine = (key: string, patch: Partial<LineDraft>) => setLines(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));

  async function submit(send: boolean, event?: FormEvent) {
    event?.preventDefault();
    const found: Record<string, string> = {};
    const priced = lines.map((l, i) => {
      const unitCents = parseDollars(l.price);
      const quantity = Number(l.quantity);
      if (!l.productId) found[`lines.${i}.productId`] = QUOTE_MESSAGES.productRequired;
      if (!Number.isInteger(quantity) || quantity < 1) found[`lines.${i}.quantity`] = QUOTE_MESSAGES.quantity;
      if (Number.isNaN(unitCents)) found[`lines.${i}.unitCents`] = QUOTE_MESSAGES.unitCents;
      return { productId: l.productId, quantity, unitCents, ...(l.colour ? { colour: { system: l.colour.system, code: l.colour.code } } : {}) };
    });
    const shippingCents = parseDollars(shipping);
    if (Number.isNaN(shippingCents)) found.shippingCents = QUOTE_MESSAGES.shippingCents;
    if (!message.trim()) found.message = QUOTE_MESSAGES.messageRequired;
    if (lines.length === 0) found.lines = QUOTE_MESSAGES.linesRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await offerQuote(request.id, { lines: priced, shippingCents, message, validUntil, send });
    setBusy(false);
    if (result.ok) setQuote(result.quote);
    else setErrors(result.fields ?? {});
  }

  async function withdraw() {
    setBusy(true);
    const result = await withdrawQuote(request.id);
    setBusy(false);
    if (result.ok) setQuote(result.quote);
  }

  return (
    <form onSubmit={(e) => void submit(true, e)} noValidate aria-label="Quote editor" className="grid gap-4">
      {quote && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="rounded-full bg-paper px-2.5 py-1 font-semibold text-ink">{STATUS_LABELS[quote.status]}</span>
          {quote.orderNumber && <span className="tabular">Order {quote.orderNumber}</span>}
          {quote.declineReason && <span className="text-ink-muted">Reason: {quote.declineReason}</span>}
          {quote.status !== 'draft' && (
            <a href={`/quotes/${quote.token}`} target="_blank" rel="noreferrer" className="text-accent-strong underline-offset-4 hover:underline">
              Customer's page
            </a>
          )}
        </div>
      )}
      <fieldset disabled={locked || busy} className="grid gap-3">
        <legend className="sr-only">Lines</legend>
        {lines.map((line, i) => {
          const product = byId.get(line.productId);
          return (
            <div key={line.key} className="grid grid-cols-[5rem_1fr] gap-2 rounded-lg border border-line p-3 sm:grid-cols-[6rem_8rem_1fr]">
              <ProductPicker
                className="col-span-full"
                label={`Product of line ${i + 1}`}
                selected={product ? pickedLabel(product) : ''}
                invalid={Boolean(errors[`lines.${i}.productId`])}
                onPick={(picked) => {
                  if (!byId.has(picked.id)) setProducts([...products, picked]);
                  setLine(line.key, { productId: picked.id, price: picked.price.toFixed(2), ...(picked.tintable ? {} : { colour: null }) });
                }}
              />
              <label className="text-xs font-semibold text-ink-muted">
                Qty
                <input className={`${inputClass} mt-1 tabular`} inputMode="numeric" value={line.quantity} aria-invalid={errors[`lines.${i}.quantity`] ? true : undefined} onChange={(e) => setLine(line.key, { quantity: e.currentTarget.value })} />
              </label>
              <label className="text-xs font-semibold text-ink-muted">
                Unit price ($)
                <input className={`${inputClass} mt-1 tabular`} inputMode="decimal" value={line.price} aria-invalid={errors[`lines.${i}.unitCents`] ? true : undefined} onChange={(e) => setLine(line.key, { price: e.currentTarget.value })} />
              </label>
              <div className="col-span-full flex items-end justify-between gap-2 sm:col-span-1 sm:flex-col sm:items-end sm:justify-end">
                <span className="text-xs text-ink-muted tabular">{product ? `List ${formatMoney(Math.round(product.price * 100))}` : ''}</span>
                <button type="button" onClick={() => setLines(lines.filter((l) => l.key !== line.key))} className="text-sm font-semibold text-danger hover:underline" aria-label={`Remove line ${i + 1}`}>
                  Remove
                </button>
              </div>
              {product?.tintable && (
                <div className="col-span-full flex flex-wrap items-center gap-x-3 gap-y-2" role="group" aria-label={`Colour of line ${i + 1}`}>
                  <span className="text-xs font-semibold text-ink-muted">Colour</span>
                  {line.colour ? <LineColour colour={line.colour} className="text-sm text-ink [&>span:first-child]:size-5" /> : <span className="text-sm text-ink-soft">Untinted</span>}
                  <button
                    type="button"
                    aria-expanded={pickingFor === line.key}
                    onClick={() => setPickingFor(pickingFor === line.key ? null : line.key)}
                    className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink hover:border-ink"
                  >
                    {line.colour ? 'Change colour' : 'Choose a RAL colour'}
                  </button>
                  {line.colour && (
                    <button type="button" onClick={() => setLine(line.key, { colour: null })} className="min-h-11 px-1 text-sm font-semibold text-ink-soft hover:underline">
                      No colour
                    </button>
                  )}
                  {pickingFor === line.key && (
                    <div className="w-full">
                      <Suspense fallback={<p className="text-sm text-ink-muted">Loading colours…</p>}>
                        <ColourPicker
                          onPick={(picked) => {
                            setLine(line.key, { colour: picked });
                            setPickingFor(null);
                          }}
                        />
                      </Suspense>
                    </div>
                  )}
                </div>
              )}
              {[errors[`lines.${i}.productId`], errors[`lines.${i}.quantity`], errors[`lines.${i}.unitCents`], errors[`lines.${i}.colour`]].filter(Boolean).map((text) => (
                <p key={text} className="col-span-full text-sm font-medium text-danger">
                  {text}
                </p>
              ))}
            </div>
          );
        })}
        {errors.lines && <p className="text-sm font-medium text-danger">{errors.lines}</p>}
        <button type="button" onClick={() => setLines([...lines, { key: crypto.randomUUID(), productId: '', quantity: '1', price: '', colour: null }])} className={`${buttonBase} justify-self-start border border-line bg-white text-ink hover:border-ink`}>
          Add line
        </button>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-semibold text-ink">
            Shipping ($)
            <input className={`${inputClass} mt-1 tabular`} inputMode="decimal" value={shipping} aria-invalid={errors.shippingCents ? true : undefined} onChange={(e) => setShipping(e.currentTarget.value)} />
            {errors.shippingCents && <span className="mt-1 block text-sm font-medium text-danger">{errors.shippingCents}</span>}
          </label>
          <label className="text-sm font-semibold text-ink">
            Valid until
            <input type="date" className={`${inputClass} mt-1`} value={validUntil} min={dayFromNow(0)} aria-invalid={errors.validUntil ? true : undefined} onChange={(e) => setValidUntil(e.currentTarget.value)} />
            {errors.validUntil && <span className="mt-1 block text-sm font-medium text-danger">{errors.validUntil}</span>}
          </label>
        </div>
        <label htmlFor={`${id}-message`} className="text-sm font-semibold text-ink">
          Message to {request.name}
        </label>
        <textarea
          id={`${id}-message`}
          rows={4}
          value={message}
          aria-invalid={errors.message ? true : undefined}
          onChange={(e) => setMessage(e.currentTarget.value)}
          placeholder="Delivery times, what the price includes, anything they asked"
          className={`${inputClass} py-2.5`}
        />
        {errors.message && <p className="text-sm font-medium text-danger">{errors.message}</p>}
      </fieldset>
      <p className="text-sm text-ink-soft tabular">
        Subtotal {formatMoney(subtotal)} · shipping {Number.isNaN(parseDollars(shipping)) ? '–' : formatMoney(parseDollars(shipping))} · VAT added at 20%
      </p>
      {!locked && (
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={busy} className={`${buttonBase} bg-ink text-paper hover:bg-ink-soft`}>
            {quote && quote.status !== 'draft' ? 'Send updated quote' : 'Send quote'}
          </button>
          {(!quote || quote.status === 'draft') && (
            <button type="button" disabled={busy} onClick={() => void submit(false)} className={`${buttonBase} border border-line bg-white text-ink hover:border-ink`}>
              Save draft
            </button>
          )}
          {quote && (quote.status === 'draft' || quote.status === 'sent') && (
            <button type="button" disabled={busy} onClick={() => void withdraw()} className={`${buttonBase} border border-danger/40 bg-white text-danger hover:border-danger`}>
              Withdraw
            </button>
          )}
        </div>
      )}
    </form>
  );
}
