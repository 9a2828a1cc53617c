import { useId, useState } from 'react';
import { VAT_RATE } from '../../lib/constants';
import { lineKey, type CartLine } from '../../lib/cart';
import { LineColour } from '../cart/LineColour';
import { formatMoney, multiplyCents, roundToCents } from '../../lib/money';
import { computeTotals, toPricedLines, withShippingCents } from '../../lib/pricing';
import HazardPictograms from '../product/HazardPictograms';

const vatLabel = `VAT (${Math.round(VAT_RATE * 100)}%)`;

/**
 * The order summary of spec §2.11 on the cart's prices: items, subtotal, shipping (FREE badge),
 * VAT, total and the free-shipping hint. Sticky beside the form on wide screens; on phones it sits
 * above the form, folded behind a button that shows the total. `shippingCents` is the chosen
 * delivery method's price when it is not the standard charge.
 */
export default function OrderSummary({ lines, shippingCents }: { lines: readonly CartLine[]; shippingCents?: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const totals = withShippingCents(computeTotals(toPricedLines(lines)), shippingCents);
  const count = lines.reduce((n, l) => n + l.quantity, 0);

  return (
    <aside aria-labelledby={`${panelId}-title`} className="lg:sticky lg:top-24 lg:self-start">
      <div className="rounded-[var(--radius-card)] border border-line bg-white shadow-card">
        <button
          type="button"
          className="flex min-h-14 w-full items-center justify-between gap-3 rounded-[var(--radius-card)] px-5 text-left font-semibold text-ink lg:hidden"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <span className="flex items-center gap-2">
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className={`transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
              <path d="m6 9 6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            {open ? 'Hide order summary' : 'Show order summary'}
          </span>
          <span className="tabular">{formatMoney(totals.totalCents)}</span>
        </button>
        <div id={panelId} className={`${open ? 'block' : 'hidden'} border-t border-line px-5 pt-4 pb-5 lg:block lg:border-t-0 lg:pt-5`}>
          <h2 id={`${panelId}-title`} className="font-display text-xl font-semibold text-ink">
            Order Summary
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
          <ul className="mt-4 divide-y divide-line" aria-label="Items in your order">
            {lines.map((line) => (
              <li key={lineKey(line.product)} className="flex items-center gap-3 py-3">
                <span className="relative shrink-0">
                  <img src={line.product.image} alt="" width={56} height={56} loading="lazy" className="size-14 rounded-lg bg-canvas object-contain p-1 ring-1 ring-line/70" />
                  <span className="tabular absolute -top-2 -right-2 grid h-6 min-w-6 place-items-center rounded-full bg-ink px-1.5 text-xs font-semibold text-white" aria-hidden="true">
                    {line.quantity}
                  </span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm leading-snug font-semibold text-ink">{line.product.name}</span>
                  {line.product.colour && <LineColour colour={line.product.colour} className="my-0.5" />}
                  <span className="tabular block text-xs text-ink-muted">
                    Qty {line.quantity} × {formatMoney(roundToCents(line.product.price))}
                  </span>
                  <HazardPictograms codes={line.product.pictograms} size={20} className="mt-1" />
                </span>
                <span className="tabular shrink-0 text-sm font-semibold text-ink">{formatMoney(multiplyCents(roundToCents(line.product.price), line.quantity))}</span>
              </li>
            ))}
          </ul>
          <dl className="tabular mt-2 grid gap-2 border-t border-line pt-4 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-ink-soft">Subtotal</dt>
              <dd className="font-medium text-ink">{formatMoney(totals.subtotalCents)}</dd>
            </div>
            <div className="flex items-center justify-between gap-4">
              <dt className="text-ink-soft">Shipping</dt>
              <dd className="font-medium text-ink">
                {totals.shippingCents === 0 ? (
                  <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-bold tracking-wide text-success">FREE</span>
                ) : (
                  formatMoney(totals.shippingCents)
                )}
              </dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-ink-soft">{vatLabel}</dt>
              <dd className="font-medium text-ink">{formatMoney(totals.taxCents)}</dd>
            </div>
            <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-line pt-3 text-base">
              <dt className="font-semibold text-ink">Total</dt>
              <dd className="text-lg font-semibold text-ink">{formatMoney(totals.totalCents)}</dd>
            </div>
          </dl>
          {totals.freeShippingRemainingCents > 0 && (
            <p className="mt-4 rounded-lg bg-canvas px-3 py-2 text-sm text-ink-soft">
              Add <span className="tabular font-semibold text-ink">{formatMoney(totals.freeShippingRemainingCents)}</span> more for free shipping!
            </p>
          )}
        </div>
      </div>
    </aside>
  );
}
