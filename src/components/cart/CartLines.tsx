/**
 * The lines of the open cart drawer with their steppers, the total and the checkout actions,
 * reconciled with the live products (the drawer's module comment says how). Loaded by CartDrawer
 * the first time it has lines to show, so pages whose cart stays empty never ship it.
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { lineKey, sumCents, type CartLine } from '../../lib/cart';
import { canProceedToCheckout, describeCartLineProblem } from '../../lib/catalog/cart-notes';
import type { applyLiveToCart, CartLineProblem, LiveCart } from '../../lib/catalog/reconcile';
import type { CatalogCard } from '../../lib/catalog/card';
import { CART_LINE_MAX_QUANTITY } from '../../lib/constants';
import { formatPrice } from '../../lib/format';
import { formatMoney, multiplyCents, roundToCents } from '../../lib/money';
import { closeCart, refreshCartLines, removeFromCart, updateCartQuantity } from '../../stores/cart';
import HazardPictograms from '../product/HazardPictograms';
import { LineColour } from './LineColour';

/** A line's name for its controls: two colours of one paint are two lines, told apart by the colour's code. */
function lineLabel(product: CartLine['product']): string {
  return product.colour ? `${product.name} in ${product.colour.code}` : product.name;
}

/** The − / value / + control of one line; typing a number sets it, 0 removes the line. */
function QuantityStepper({ line }: { line: CartLine }) {
  const id = lineKey(line.product);
  const name = lineLabel(line.product);
  const [draft, setDraft] = useState(String(line.quantity));
  useEffect(() => setDraft(String(line.quantity)), [line.quantity]);
  const commit = () => {
    const n = Number(draft);
    if (draft.trim() === '' || !Number.isFinite(n)) setDraft(String(line.quantity));
    else updateCartQuantity(id, n);
  };
  const step =
    'flex size-11 items-center justify-center text-lg font-semibold text-ink transition hover:bg-canvas disabled:cursor-not-allowed disabled:text-ink-muted/50';
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg bg-white ring-1 ring-line">
      <button type="button" className={step} onClick={() => updateCartQuantity(id, line.quantity - 1)} aria-label={`Decrease quantity of ${name}`}>
        −
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        max={CART_LINE_MAX_QUANTITY}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          if (e.key === 'Enter') commit();
        }}
        aria-label={`Quantity of ${name}`}
        className="tabular h-11 w-12 border-x border-line bg-white text-center text-sm font-semibold text-ink [appearance:textfield] focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:-outline-offset-3 focus-visible:outline-accent [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
      />
      <button
        type="button"
        className={step}
        onClick={() => updateCartQuantity(id, line.quantity + 1)}
        disabled={line.quantity >= CART_LINE_MAX_QUANTITY}
        aria-label={`Increase quantity of ${name}`}
      >
        +
      </button>
    </div>
  );
}

/** The lines, total and checkout actions, brought up to date with the live catalogue once it has loaded. */
export default function LiveCartLines({ lines }: { lines: CartLine[] }) {
  // The live products of the lines asked for (by id list: a line added since is not 'removed', only not asked for yet).
  const [found, setFound] = useState<{ ids: string; byId: ReadonlyMap<string, CatalogCard>; apply: typeof applyLiveToCart } | null>(null);
  const ids = lines.map((line) => line.product.id).join('\n');
  // Loaded on first open, so pages whose cart stays closed never ship or fetch live products.
  useEffect(() => {
    let cancelled = false;
    void import('../../stores/catalog').then(async ({ loadLiveCards, applyLiveToCart }) => {
      const byId = await loadLiveCards(ids.split('\n'));
      if (!cancelled && byId) setFound({ ids, byId, apply: applyLiveToCart });
    });
    return () => {
      cancelled = true;
    };
  }, [ids]);
  const live: LiveCart = useMemo(
    () => (found?.ids === ids ? found.apply(lines, found.byId) : { lines, problems: [] as CartLineProblem[], repriced: [] }),
    [found, ids, lines],
  );
  const problemsById = useMemo(() => new Map(live.problems.map((p) => [p.productId, p])), [live.problems]);
  // Live names and prices are kept, so the checkout starts from what the drawer showed.
  useEffect(() => {
    if (live.lines !== lines) refreshCartLines(live.lines);
  }, [live.lines, lines]);

  return (
        <>
          <ul className="flex-1 divide-y divide-line overflow-y-auto overscroll-contain px-5" aria-label="Items in your cart">
            {live.lines.map((line) => {
              const problem = problemsById.get(line.product.id);
              const key = lineKey(line.product);
              const noteId = `cart-note-${key.replace(/[^\w-]/g, '-')}`;
              return (
              <li key={key} className="flex gap-4 py-4" aria-describedby={problem ? noteId : undefined}>
                <img
                  src={line.product.image}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 shrink-0 rounded-lg bg-canvas object-contain p-1 ring-1 ring-line/70"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-semibold leading-snug text-ink">{line.product.name}</p>
                      <p className="text-xs text-ink-muted">{line.product.category}</p>
                      <HazardPictograms codes={line.product.pictograms} size={22} className="mt-1" />
                      {line.product.colour && <LineColour colour={line.product.colour} className="mt-1" />}
                    </div>
                    <p className="tabular shrink-0 text-right font-semibold text-ink">
                      <span className="sr-only">Line total </span>
                      {formatMoney(multiplyCents(roundToCents(line.product.price), line.quantity))}
                    </p>
                  </div>
                  <p className="tabular text-sm text-ink-soft">
                    {formatPrice(line.product.price)} <span className="text-ink-muted">each</span>
                  </p>
                  <div className="flex items-center justify-between gap-2">
                    <QuantityStepper line={line} />
                    <button
                      type="button"
                      onClick={() => removeFromCart(key)}
                      className="min-h-11 rounded-lg px-2 text-sm font-semibold text-danger underline-offset-4 hover:underline"
                      aria-label={`Remove ${lineLabel(line.product)}`}
                    >
                      Remove
                    </button>
                  </div>
                  {problem && (
                    <p
                      id={noteId}
                      className="rounded-md bg-danger-soft px-3 py-2 text-sm font-medium text-danger"
                      role="note"
                    >
                      {describeCartLineProblem(problem)}
                    </p>
                  )}
                </div>
              </li>
              );
            })}
          </ul>
          <footer className="flex flex-col gap-3 border-t border-line bg-white px-5 pt-4 pb-5">
            <p className="flex items-baseline justify-between text-lg font-semibold">
              <span>Total</span>
              <span className="tabular" data-cart-total>
                {formatMoney(sumCents(live.lines))}
              </span>
            </p>
            <p className="text-xs text-ink-muted">Shipping and VAT are calculated at checkout.</p>
            {canProceedToCheckout(live.lines.length, live.problems) ? (
              <a
                href="/checkout"
                onClick={closeCart}
                className="inline-flex min-h-12 items-center justify-center rounded-lg bg-accent px-5 font-semibold text-white transition hover:bg-accent-strong"
              >
                Proceed to Checkout
              </a>
            ) : (
              <>
                <p id="cart-blocked-note" className="text-sm font-medium text-danger">
                  Some items can't be ordered as they are. Remove or change the flagged {live.problems.length === 1 ? 'item' : 'items'} to continue.
                </p>
                <button
                  type="button"
                  disabled
                  aria-describedby="cart-blocked-note"
                  className="inline-flex min-h-12 cursor-not-allowed items-center justify-center rounded-lg bg-line px-5 font-semibold text-ink-soft"
                >
                  Proceed to Checkout
                </button>
              </>
            )}
            <button
              type="button"
              onClick={closeCart}
              className="min-h-11 rounded-lg px-5 text-sm font-semibold text-ink ring-1 ring-line hover:bg-canvas"
            >
              Continue Shopping
            </button>
          </footer>
        </>
  );
}

