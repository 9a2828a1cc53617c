/**
 * The cart drawer (spec §2.4): a right-hand modal panel listing each line with its image, name,
 * unit price, a quantity stepper and Remove, the total, 'Proceed to Checkout' and 'Continue
 * Shopping'. It follows $isCartOpen: Escape, the close button and a click outside close it, focus
 * stays inside while open and returns to the control that opened it.
 *
 * A page may hold more than one mount (the shop island and the site-wide one); only the first to
 * mount draws the drawer, so there is never a second dialog.
 *
 * While open with lines it reconciles them with the live products (the page's live catalogue when it
 * has one, else a look-up per line): lines are re-priced, and a line
 * whose product is gone, out of stock, quote-only or short is flagged on the line (never dropped)
 * and holds back 'Proceed to Checkout' until the shopper removes or lowers it.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { sumCents, type CartLine } from '../../lib/cart';
import { canProceedToCheckout, describeCartLineProblem } from '../../lib/catalog/cart-notes';
import type { applyLiveToCart, CartLineProblem, LiveCart } from '../../lib/catalog/reconcile';
import type { CatalogCard } from '../../lib/catalog/card';
import { CART_LINE_MAX_QUANTITY } from '../../lib/constants';
import { formatPrice } from '../../lib/format';
import { formatMoney, multiplyCents, roundToCents } from '../../lib/money';
import {
  $cart,
  $cartCount,
  $isCartOpen,
  closeCart,
  refreshCartLines,
  removeFromCart,
  updateCartQuantity,
} from '../../stores/cart';
import HazardPictograms from '../product/HazardPictograms';
import { CartIcon, CloseIcon } from '../shop/Icons';
import { useModalDialog } from '../shop/use-modal-dialog';

const TITLE_ID = 'cart-drawer-title';
let owner: object | null = null;

/** True for the one mounted drawer that draws; false before mounting (so hydration matches the server). */
function useDrawerOwnership(): boolean {
  const me = useRef({});
  const [isOwner, setIsOwner] = useState(false);
  useEffect(() => {
    if (owner === null) {
      owner = me.current;
      setIsOwner(true);
    }
    return () => {
      if (owner === me.current) owner = null;
    };
  }, []);
  return isOwner;
}

/** The − / value / + control of one line; typing a number sets it, 0 removes the line. */
function QuantityStepper({ line }: { line: CartLine }) {
  const { id, name } = line.product;
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
function LiveCartLines({ lines }: { lines: CartLine[] }) {
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
              return (
              <li key={line.product.id} className="flex gap-4 py-4" aria-describedby={problem ? `cart-note-${line.product.id}` : undefined}>
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
                      onClick={() => removeFromCart(line.product.id)}
                      className="min-h-11 rounded-lg px-2 text-sm font-semibold text-danger underline-offset-4 hover:underline"
                      aria-label={`Remove ${line.product.name}`}
                    >
                      Remove
                    </button>
                  </div>
                  {problem && (
                    <p
                      id={`cart-note-${line.product.id}`}
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

/** The cart drawer. */
export default function CartDrawer() {
  const isOwner = useDrawerOwnership();
  const open = useStore($isCartOpen) && isOwner;
  const lines = useStore($cart);
  const count = useStore($cartCount);
  const ref = useModalDialog({
    open,
    onRequestClose: closeCart,
    returnFocusTo: () => document.querySelector<HTMLElement>('[data-cart-toggle]'),
  });

  if (!isOwner) return null;
  return (
    <dialog
      ref={ref}
      aria-labelledby={TITLE_ID}
      aria-modal="true"
      className="fixed inset-0 m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-paper p-0 text-ink shadow-lift backdrop:bg-ink/55 backdrop:backdrop-blur-[2px] open:flex open:flex-col sm:w-[28rem] motion-safe:transition-transform motion-safe:duration-300 motion-safe:starting:translate-x-full"
    >
      <header className="flex items-center justify-between gap-3 border-b border-line px-5 py-3">
        <h2 id={TITLE_ID} className="font-display text-xl font-semibold text-ink">
          Shopping cart
          {count > 0 && (
            <span className="ml-2 align-middle font-sans text-sm font-medium text-ink-muted tabular">
              ({count} {count === 1 ? 'item' : 'items'})
            </span>
          )}
        </h2>
        <button
          type="button"
          onClick={closeCart}
          className="flex size-11 items-center justify-center rounded-full transition hover:bg-canvas"
          aria-label="Close cart"
        >
          <CloseIcon size={22} />
        </button>
      </header>

      {lines.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center">
          <span className="flex size-16 items-center justify-center rounded-full bg-canvas text-ink-muted">
            <CartIcon size={30} />
          </span>
          <p className="font-display text-xl font-semibold text-ink">Your cart is empty</p>
          <p className="text-ink-soft">Add some products to get started</p>
          <button
            type="button"
            onClick={closeCart}
            className="mt-3 min-h-11 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft"
          >
            Continue Shopping
          </button>
        </div>
      ) : (
        <LiveCartLines lines={lines} />
      )}
    </dialog>
  );
}
