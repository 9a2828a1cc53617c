/**
 * Wires every cart control on the page to the cart store: `[data-cart-toggle]` buttons toggle the
 * drawer, `[data-cart-badge]` shows the count ('99+' above 99, hidden at 0) and bounces for
 * CART_BADGE_ANIMATION_MS when the count rises, `[data-cart-floating]` shows only when the cart
 * has items.
 */
import { formatBadgeCount } from '../lib/cart';
import { BADGE_CAP, CART_BADGE_ANIMATION_MS } from '../lib/constants';
import { $cartCount, $isCartOpen, toggleCart } from '../stores/cart';

const BOUNCE_CLASS = 'animate-badge-bounce';
const bounceTimers = new WeakMap<Element, number>();

/** Restarts the bounce animation on a badge and removes it when it has played. */
function bounceBadge(badge: HTMLElement): void {
  window.clearTimeout(bounceTimers.get(badge));
  badge.classList.remove(BOUNCE_CLASS);
  // Reading layout between remove and add restarts the CSS animation.
  void badge.offsetWidth;
  badge.classList.add(BOUNCE_CLASS);
  bounceTimers.set(
    badge,
    window.setTimeout(() => badge.classList.remove(BOUNCE_CLASS), CART_BADGE_ANIMATION_MS),
  );
}

/** Describes the count for a control's accessible name. */
function describeCount(count: number): string {
  if (count === 0) return 'Cart, empty';
  return `Cart, ${formatBadgeCount(count, BADGE_CAP)} ${count === 1 ? 'item' : 'items'}`;
}

/** Shows a count on every cart control; animates the badges when it went up. */
function renderCount(count: number, rose: boolean): void {
  const text = formatBadgeCount(count, BADGE_CAP);
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-badge]')) {
    badge.textContent = text;
    badge.hidden = count === 0;
    if (rose && count > 0) bounceBadge(badge);
  }
  for (const button of document.querySelectorAll<HTMLElement>('[data-cart-toggle]')) {
    button.setAttribute('aria-label', describeCount(count));
  }
  for (const floating of document.querySelectorAll<HTMLElement>('[data-cart-floating]')) {
    floating.hidden = count === 0;
  }
}

/** Binds the click handlers of the cart controls present in the document. */
function bindButtons(): void {
  for (const button of document.querySelectorAll<HTMLElement>('[data-cart-toggle]')) {
    if (button.dataset.cartBound) continue;
    button.dataset.cartBound = 'true';
    button.addEventListener('click', () => toggleCart());
  }
}

let previous: number | undefined;
$cartCount.subscribe((count) => {
  renderCount(count, previous !== undefined && count > previous);
  previous = count;
});
$isCartOpen.subscribe((open) => {
  for (const button of document.querySelectorAll('[data-cart-toggle]')) {
    button.setAttribute('aria-expanded', String(open));
  }
});
bindButtons();
// With client-side navigation the new page's controls need the same wiring.
document.addEventListener('astro:after-swap', () => {
  bindButtons();
  renderCount($cartCount.get(), false);
});
