/**
 * The site-wide cart drawer island: a shell whose drawer code (lines, live reconciliation, dialog)
 * loads when the island hydrates, on the cart's first opening, instead of with every page.
 */
import { lazy, Suspense } from 'react';

const CartDrawer = lazy(() => import('./CartDrawer'));

/** Renders the cart drawer once its module has arrived; nothing before (the drawer draws nothing until opened). */
export default function LazyCartDrawer() {
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  );
}
