/**
 * The notice that confirms an addition to the cart: a toast (sonner) with what was added and a
 * button that opens the cart drawer. The toaster and its library load on the first addition, so no
 * page pays for them up front (they are not in any page's JavaScript budget).
 */
import { lineKey, type CartProduct } from '../../lib/cart';
import { formatColourLabel } from '../../lib/paint/colour-label';
import { $cart } from '../../stores/cart';

/** What was added: the product's name (which carries its size), the units added and the line's new total. */
export interface AddedNotice {
  name: string;
  quantity: number;
  lineQuantity: number;
  /** Tint or other detail of the line, shown after the name ('RAL 7016 Anthracite Grey'). */
  detail?: string;
}

let show: Promise<(notice: AddedNotice) => void> | undefined;

/** Shows the added-to-cart toast, loading and mounting the toaster on first use. */
export function showAddedToast(notice: AddedNotice): void {
  show ??= import('./AddedToaster').then((m) => m.mountAddedToaster());
  show.then((fn) => fn(notice)).catch(() => {
    // A chunk that failed to load (offline, a deploy in between) must not break adding to the cart:
    // the button's own 'Added' state still confirms it. The next addition tries again.
    show = undefined;
  });
}

/** Shows the toast for `quantity` units of `product` just added, with its line's new total and colour. */
export function announceAddition(product: CartProduct, quantity: number): void {
  const key = lineKey(product);
  const lineQuantity = $cart.get().find((l) => lineKey(l.product) === key)?.quantity ?? quantity;
  showAddedToast({ name: product.name, quantity, lineQuantity, ...(product.colour ? { detail: formatColourLabel(product.colour) } : {}) });
}

/** The toast's wording, for the toaster and its tests. */
export function describeAddition(notice: AddedNotice): { title: string; description: string } {
  const what = `${notice.quantity} × ${notice.name}${notice.detail ? `, ${notice.detail}` : ''}`;
  const inCart = notice.lineQuantity > notice.quantity ? ` (${notice.lineQuantity} in your cart)` : '';
  return { title: 'Added to your cart', description: `${what}${inCart}` };
}
