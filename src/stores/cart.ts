import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import {
  addLine,
  addLines,
  countItems,
  decodeCart,
  removeLine,
  setLineQuantity,
  sumCents,
  type CartLine,
  type CartProduct,
} from '../lib/cart';
import { CART_STORAGE_KEY } from '../lib/constants';

/** The cart lines, persisted under localStorage 'graphene-cart' and kept in step across tabs. */
export const $cart = persistentAtom<CartLine[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: decodeCart,
});

/** Whether the cart drawer is open. */
export const $isCartOpen = atom(false);

/** Units in the cart. */
export const $cartCount = computed($cart, countItems);

/** Cart total in integer cents. */
export const $cartTotalCents = computed($cart, sumCents);

/** Adds one unit of a product, in its colour when tinted (the caller has applied the add-to-cart gate). */
export function addToCart(product: CartProduct): void {
  $cart.set(addLine($cart.get(), product));
}

/** Adds whole lines with their quantities (a past order bought again). */
export function addLinesToCart(lines: readonly CartLine[]): void {
  $cart.set(addLines($cart.get(), lines));
}

/** Removes the line with a key (lineKey: product id, plus its colour when tinted). */
export function removeFromCart(key: string): void {
  $cart.set(removeLine($cart.get(), key));
}

/** Sets the quantity of the line with a key; 0 removes it. */
export function updateCartQuantity(key: string, quantity: number): void {
  $cart.set(setLineQuantity($cart.get(), key, quantity));
}

/** Replaces the lines with the same lines brought up to date (live names, prices, images); never drops one. */
export function refreshCartLines(lines: readonly CartLine[]): void {
  const current = $cart.get();
  if (lines === current || lines.length !== current.length) return;
  $cart.set([...lines]);
}

/** Empties the cart. */
export function clearCart(): void {
  $cart.set([]);
}

/** Opens the drawer. */
export function openCart(): void {
  $isCartOpen.set(true);
}

/** Closes the drawer. */
export function closeCart(): void {
  $isCartOpen.set(false);
}

/** Toggles the drawer. */
export function toggleCart(): void {
  $isCartOpen.set(!$isCartOpen.get());
}
