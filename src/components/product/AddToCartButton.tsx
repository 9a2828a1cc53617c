/**
 * The Add to Cart button: adds one unit through the cart store, confirms it on the button for a
 * moment and in a toast (announced to screen readers) with a button to the cart. Rendered only when
 * the add-to-cart gate passes.
 */
import { useEffect, useRef, useState } from 'react';
import type { CartProduct } from '../../lib/cart';
import { addToCart, openCart } from '../../stores/cart';
import { announceAddition } from '../cart/added-toast';
import { CartIcon, CheckIcon } from '../shop/Icons';
import { useHydrated } from '../ui/use-hydrated';

/** How long 'Added' shows before the button reads 'Add to Cart' again. */
const CONFIRM_MS = 1500;

export interface AddToCartButtonProps {
  product: CartProduct;
  /** 'card' is full-width and compact; 'detail' is large and offers 'View cart' after adding. */
  variant?: 'card' | 'detail';
  /** Extra classes for the button. */
  className?: string;
}

/** Adds the product to the cart on click. */
export default function AddToCartButton({ product, variant = 'card', className = '' }: AddToCartButtonProps) {
  const [added, setAdded] = useState(false);
  // Pre-rendered HTML shows the button before React can handle a click: until this island has
  // hydrated it is disabled, so an early click is never silently lost. A button drawn in the
  // browser (a card a filter change adds) is enabled from its first render, not in a second one.
  const hydrated = useHydrated();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const add = () => {
    addToCart(product);
    announceAddition(product, 1);
    setAdded(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setAdded(false), CONFIRM_MS);
  };

  const base =
    'relative z-10 inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 font-semibold text-white transition active:scale-[0.98] motion-reduce:active:scale-100';
  const look = added ? 'bg-success hover:bg-success' : 'bg-ink hover:bg-ink-soft';
  const size = variant === 'detail' ? 'min-h-12 text-base px-6' : 'w-full text-sm';

  return (
    <div className={variant === 'detail' ? 'flex flex-wrap items-center gap-3' : 'contents'}>
      <button
        type="button"
        onClick={add}
        disabled={!hydrated}
        className={`${base} ${look} ${size} ${className}`}
      >
        {added ? <CheckIcon size={18} /> : <CartIcon size={18} />}
        <span>{added ? 'Added' : 'Add to Cart'}</span>
        <span className="sr-only">: {product.name}</span>
      </button>
      {variant === 'detail' && added && (
        <button
          type="button"
          onClick={openCart}
          className="min-h-11 rounded-lg px-3 text-sm font-semibold text-accent-strong underline-offset-4 hover:underline"
        >
          View cart
        </button>
      )}
    </div>
  );
}
