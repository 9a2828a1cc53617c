import { addLine, lineKey, setLineQuantity, type CartProduct } from '../lib/cart';
import { $cart } from './cart';

/**
 * Adds `quantity` units of each product (in its colour, when tinted) in one change of the cart (the paint calculator's mix);
 * quantities are clamped per line. Its own module, so only the calculator's chunk carries it.
 */
export function addQuantitiesToCart(items: readonly { product: CartProduct; quantity: number }[]): void {
  let lines = $cart.get();
  for (const { product, quantity } of items) {
    lines = addLine(lines, product);
    const key = lineKey(product);
    const line = lines.find((l) => lineKey(l.product) === key)!;
    lines = setLineQuantity(lines, key, line.quantity - 1 + quantity);
  }
  $cart.set(lines);
}
