import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_COUNTRY } from '../../lib/constants';
import { formatMoney } from '../../lib/money';
import { orderSchema } from '../../lib/schemas/order';
import { QUOTE_MESSAGES, quoteAcceptSchema, quoteSchema, type Quote, type QuoteStatus } from '../../lib/schemas/quotes';
import { TINT_MESSAGES } from '../../lib/schemas/tinting';
import { rememberLastOrder } from '../../stores/checkout';
import { FormAlert, TextField } from '../account/fields';
import { SubmitButton } from '../account/SubmitButton';
import { LineColour } from '../cart/LineColour';

const LOAD_FAILED = 'We could not load this quote just now. Please try again.';
const SEND_FAILED = 'We could not reach the shop. Nothing was ordered; please try again.';

/** What the page shows. */
type View = { kind: 'loading' } | { kind: 'quote'; quote: Quote } | { kind: 'sign-in' } | { kind: 'missing' } | { kind: 'gone' } | { kind: 'failed' };

/** The line under the heading, and its badge colour, by status. */
const STATUS_TEXT: Record<QuoteStatus, { badge: string; tone: string; note: string }> = {
  draft: { badge: 'Draft', tone: 'bg-paper text-ink-muted', note: QUOTE_MESSAGES.notSent },
  sent: { badge: 'Awaiting your answer', tone: 'bg-accent/10 text-accent-strong', note: 'Accept it below to place the order at these prices.' },
  accepted: { badge: 'Accepted', tone: 'bg-success-soft text-success', note: QUOTE_MESSAGES.alreadyAccepted },
  expired: { badge: 'Expired', tone: 'bg-paper text-ink-muted', note: QUOTE_MESSAGES.expired },
  declined: { badge: 'Declined', tone: 'bg-paper text-ink-muted', note: QUOTE_MESSAGES.declined },
  withdrawn: { badge: 'Withdrawn', tone: 'bg-paper text-ink-muted', note: QUOTE_MESSAGES.withdrawn },
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** The error message of an API answer, or a fallback. */
async function messageOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? fallback;
}

/**
 * The customer's quote page (/quotes/<token>): the lines at the prices offered, the totals and the
 * validity date; while it is open, the delivery form that accepts it as an order and a way to decline it.
 */
export default function QuoteView({ token }: { token: string }) {
  const [view, setView] = useState<View>({ kind: 'loading' });

  useEffect(() => {
    fetch(`/api/quotes/offers/${encodeURIComponent(token)}`, { credentials: 'same-origin' })
      .then(async (response) => {
        if (response.status === 401) return setView({ kind: 'sign-in' });
        if (response.status === 404) return setView({ kind: 'missing' });
        if (response.status === 410) return setView({ kind: 'gone' });
        if (!response.ok) return setView({ kind: 'failed' });
        setView({ kind: 'quote', quote: quoteSchema.parse(await response.json()) });
      })
      .catch(() => setView({ kind: 'failed' }));
  }, [token]);

  if (view.kind === 'loading') return <p className="min-h-64 text-ink-muted" role="status">Loading your quote…</p>;
  if (view.kind === 'failed') return <FormAlert message={LOAD_FAILED} />;
  if (view.kind === 'missing') {
    return <p className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card">{QUOTE_MESSAGES.notFound} Please check the link in your e-mail.</p>;
  }
  if (view.kind === 'gone') {
    return <p className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card">{QUOTE_MESSAGES.gone}</p>;
  }
  if (view.kind === 'sign-in') {
    return (
      <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card">
        <p>{QUOTE_MESSAGES.signInRequired}</p>
        <a href="/login" className="mt-4 inline-flex min-h-12 items-center rounded-xl bg-ink px-5 font-semibold text-white hover:bg-ink-soft">
          Sign In
        </a>
      </div>
    );
  }
  const { quote } = view;
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
      <QuoteSummary quote={quote} />
      <aside className="grid gap-4">
        {quote.status === 'sent' ? (
          <>
            <AcceptForm quote={quote} token={token} />
            <DeclineForm token={token} onDeclined={(q) => setView({ kind: 'quote', quote: q })} />
          </>
        ) : (
          <div className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-card">
            <p className="font-semibold">{STATUS_TEXT[quote.status].note}</p>
            {quote.orderNumber && (
              <a href={`/checkout/success?order=${encodeURIComponent(quote.orderNumber)}`} className="mt-3 inline-block font-semibold text-accent underline">
                View order {quote.orderNumber}
              </a>
            )}
            {quote.declineReason && <p className="mt-2 text-sm text-ink-muted">Your reason: {quote.declineReason}</p>}
          </div>
        )}
      </aside>
    </div>
  );
}

/** The quote itself: message, lines, totals and validity. */
function QuoteSummary({ quote }: { quote: Quote }) {
  const status = STATUS_TEXT[quote.status];
  return (
    <section className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card sm:p-6" aria-labelledby="quote-lines">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">
          For {quote.name} · valid until <time dateTime={quote.validUntil}>{dateFormat.format(new Date(`${quote.validUntil}T00:00:00Z`))}</time>
        </p>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${status.tone}`}>{status.badge}</span>
      </div>
      <p className="mt-4 rounded-xl bg-paper px-4 py-3 whitespace-pre-line text-ink-soft">{quote.message}</p>
      <h2 id="quote-lines" className="mt-6 font-display text-xl font-semibold">
        What we quoted
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {quote.lines.map((line) => (
          <li key={`${line.productId}|${line.colour?.code ?? ''}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <p className="font-semibold">{line.name}</p>
              {line.colour && (
                <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5">
                  <LineColour colour={line.colour} className="text-sm [&>span:first-child]:size-4" />
                  <span className="text-xs text-ink-muted">· mixed to order</span>
                </p>
              )}
              <p className="text-sm text-ink-muted">
                SKU {line.sku} · {line.quantity.toLocaleString('en-US')} × {formatMoney(line.unitCents)}
                {line.listUnitCents > line.unitCents && (
                  <>
                    {' '}
                    <s aria-label={`list price ${formatMoney(line.listUnitCents)}`}>{formatMoney(line.listUnitCents)}</s>
                  </>
                )}
              </p>
            </div>
            <p className="tabular font-semibold">{formatMoney(line.lineCents)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 border-t border-line pt-4 text-sm">
        <dt className="text-ink-muted">Subtotal</dt>
        <dd className="tabular text-right">{formatMoney(quote.subtotalCents)}</dd>
        <dt className="text-ink-muted">Shipping</dt>
        <dd className="tabular text-right">{quote.shippingCents === 0 ? 'Free' : formatMoney(quote.shippingCents)}</dd>
        <dt className="text-ink-muted">VAT (20%)</dt>
        <dd className="tabular text-right">{formatMoney(quote.taxCents)}</dd>
        <dt className="text-base font-semibold">Total</dt>
        <dd className="tabular text-right text-base font-semibold">{formatMoney(quote.totalCents)}</dd>
      </dl>
    </section>
  );
}

/** The delivery details that accept the quote: one order at its prices, paid by bank transfer. */
function AcceptForm({ quote, token }: { quote: Quote; token: string }) {
  const [first, ...rest] = quote.name.split(/\s+/);
  const [fields, setFields] = useState({ firstName: first ?? '', lastName: rest.join(' '), phone: '', address: '', city: '', postalCode: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tinted = quote.lines.some((l) => l.colour);
  const [tintAccepted, setTintAccepted] = useState(false);
  const set = (name: keyof typeof fields) => (event: { currentTarget: HTMLInputElement }) => setFields({ ...fields, [name]: event.currentTarget.value });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { shippingAddress: { ...fields, country: DEFAULT_COUNTRY }, payment: { method: 'bank_transfer' }, ...(tinted ? { tintedAccepted: tintAccepted } : {}) };
    const parsed = quoteAcceptSchema.safeParse(body);
    const found: Record<string, string> = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path.at(-1)), issue.message]));
    if (tinted && !tintAccepted) found.tintedAccepted = TINT_MESSAGES.acceptanceRequired;
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    setAlert(null);
    setBusy(true);
    try {
      const response = await fetch(`/api/quotes/offers/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        setAlert(await messageOf(response, SEND_FAILED));
        return;
      }
      const order = orderSchema.parse(await response.json());
      rememberLastOrder(order);
      window.location.assign(`/checkout/success?order=${encodeURIComponent(order.orderNumber)}`);
    } catch {
      setAlert(SEND_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card sm:p-6" aria-labelledby="accept-heading">
      <h2 id="accept-heading" className="font-display text-xl font-semibold">
        Accept and order
      </h2>
      <p className="mt-1 mb-4 text-sm text-ink-muted">We deliver to the {DEFAULT_COUNTRY}. You pay {formatMoney(quote.totalCents)} by bank transfer once we approve the order.</p>
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <TextField label="First name" autoComplete="given-name" value={fields.firstName} onChange={set('firstName')} error={errors.firstName} />
        <TextField label="Last name" autoComplete="family-name" value={fields.lastName} onChange={set('lastName')} error={errors.lastName} />
        <TextField label="Phone" type="tel" autoComplete="tel" value={fields.phone} onChange={set('phone')} error={errors.phone} />
        <TextField label="Street address" autoComplete="street-address" value={fields.address} onChange={set('address')} error={errors.address} />
        <TextField label="City" autoComplete="address-level2" value={fields.city} onChange={set('city')} error={errors.city} />
        <TextField label="Postcode" autoComplete="postal-code" value={fields.postalCode} onChange={set('postalCode')} error={errors.postalCode} />
      </div>
      {tinted && (
        <div className="mt-4">
          <p className="text-sm text-ink-muted">{TINT_MESSAGES.madeToOrder}</p>
          <label className="mt-2 flex items-start gap-3 text-sm font-medium">
            <input
              type="checkbox"
              checked={tintAccepted}
              onChange={(e) => setTintAccepted(e.currentTarget.checked)}
              aria-invalid={errors.tintedAccepted ? true : undefined}
              aria-describedby={errors.tintedAccepted ? 'quote-tint-error' : undefined}
              className="mt-0.5 size-5 shrink-0 accent-ink"
            />
            {TINT_MESSAGES.acceptance}
          </label>
          {errors.tintedAccepted && (
            <p id="quote-tint-error" className="mt-1 text-sm font-medium text-danger">
              {errors.tintedAccepted}
            </p>
          )}
        </div>
      )}
      <div className="mt-5">
        <SubmitButton loading={busy}>Accept quote and place order</SubmitButton>
      </div>
    </form>
  );
}

/** Declining, with an optional reason, behind a disclosure so it is never pressed by mistake. */
function DeclineForm({ token, onDeclined }: { token: string; onDeclined: (quote: Quote) => void }) {
  const [reason, setReason] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setAlert(null);
    try {
      const response = await fetch(`/api/quotes/offers/${encodeURIComponent(token)}/decline`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reason }),
      });
      if (!response.ok) return setAlert(await messageOf(response, SEND_FAILED));
      onDeclined(quoteSchema.parse(await response.json()));
    } catch {
      setAlert(SEND_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
      <summary className="cursor-pointer font-semibold">Decline this quote</summary>
      <form onSubmit={submit} className="mt-4 grid gap-3">
        <FormAlert message={alert} />
        <label htmlFor="decline-reason" className="text-sm font-semibold">
          Reason (optional)
        </label>
        <textarea
          id="decline-reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          className="rounded-xl border border-ink/20 px-4 py-3 focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent"
        />
        <button type="submit" disabled={busy} className="min-h-12 rounded-xl border border-ink/20 px-5 font-semibold text-ink hover:border-ink disabled:opacity-55">
          Decline quote
        </button>
      </form>
    </details>
  );
}
