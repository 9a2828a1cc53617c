/**
 * The window event that tells the `client:cart` directive the cart drawer was asked for. The
 * directive is bundled on its own (it cannot share the page's store module), so the page's store
 * speaks to it through this event and a marker attribute for a directive that listens late.
 */

/** Dispatched on window when $isCartOpen first becomes true. */
export const CART_OPEN_EVENT = 'graphene:cart-open';

/** Set on <html> once the cart has been asked for, so a late listener still hydrates. */
export const CART_REQUESTED_ATTRIBUTE = 'data-cart-requested';
