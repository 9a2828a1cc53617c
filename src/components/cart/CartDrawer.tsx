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
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { $cart, $cartCount, $isCartOpen, closeCart } from '../../stores/cart';
import { CartIcon, CloseIcon } from '../shop/Icons';
import { useModalDialog } from '../shop/use-modal-dialog';

const TITLE_ID = 'cart-drawer-title';
// The lines, steppers and totals load when the cart first has lines, so an empty cart ships none of them.
const LiveCartLines = lazy(() => import('./CartLines'));
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
        <Suspense fallback={<p className="flex-1 px-5 py-4 text-ink-muted">Loading your cart…</p>}>
          <LiveCartLines lines={lines} />
        </Suspense>
      )}
    </dialog>
  );
}
