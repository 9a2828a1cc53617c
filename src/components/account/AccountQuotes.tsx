import { useEffect, useState } from 'react';
import { formatMoney } from '../../lib/money';
import { accountQuotesSchema, type Quote, type QuoteStatus } from '../../lib/schemas/quotes';

/** How each status reads in the list. */
const STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: 'Draft',
  sent: 'Awaiting your answer',
  accepted: 'Accepted',
  expired: 'Expired',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** The signed-in customer's quotes, newest first, each linking to its page; nothing at all when they have none. */
export function AccountQuotes() {
  const [quotes, setQuotes] = useState<Quote[]>([]);

  useEffect(() => {
    fetch('/api/account/quotes', { credentials: 'same-origin' })
      .then(async (response) => (response.ok ? setQuotes(accountQuotesSchema.parse(await response.json()).quotes) : undefined))
      // The orders are the page's point: a quotes list that fails to load is left out.
      .catch(() => undefined);
  }, []);

  if (quotes.length === 0) return null;
  return (
    <section aria-labelledby="account-quotes" className="rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-card">
      <h2 id="account-quotes" className="font-display text-xl font-semibold">
        Your quotes
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {quotes.map((quote) => (
          <li key={quote.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0">
              <a href={`/quotes/${quote.token}`} className="font-semibold text-accent-strong underline-offset-4 hover:underline">
                {quote.lines.map((l) => l.name).join(', ')}
              </a>
              <p className="text-sm text-ink-muted">
                {STATUS_LABELS[quote.status]} · valid until {quote.validUntil}
                {quote.orderNumber ? ` · order ${quote.orderNumber}` : ''}
              </p>
            </div>
            <p className="tabular font-semibold">{formatMoney(quote.totalCents)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
