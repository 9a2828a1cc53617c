/**
 * `client:cart`: hydrates an island the first time the cart drawer is opened, so pages that never
 * open the cart never download the drawer or React.
 */
import type { ClientDirective } from 'astro';
import { CART_OPEN_EVENT, CART_REQUESTED_ATTRIBUTE } from './cart-signal';

const cartDirective: ClientDirective = (load) => {
  let started = false;
  const hydrateOnce = async () => {
    if (started) return;
    started = true;
    window.removeEventListener(CART_OPEN_EVENT, hydrateOnce);
    const hydrate = await load();
    await hydrate();
  };
  if (document.documentElement.hasAttribute(CART_REQUESTED_ATTRIBUTE)) void hydrateOnce();
  else window.addEventListener(CART_OPEN_EVENT, hydrateOnce);
};

export default cartDirective;
