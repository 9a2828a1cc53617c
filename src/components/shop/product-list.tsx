/**
 * The products view's list as markup both sides draw: the browser's ProductsView and the server,
 * which renders a products-view URL's first cards into its first answer (GET
 * /api/catalog/results?html=1) so the page shows them before its scripts have run. One definition,
 * so the server's cards and the island's are the same elements in the same places.
 */
import type { LineColour } from '../../lib/cart';
import ProductCard from './ProductCard';
import type { ShopProduct } from './types';

/** Cards the server renders for a first screenful (two rows of the widest grid, a phone's first one or two). */
export const FIRST_CARDS = 8;

/** Cards of the first screenful whose images load at once; the rest wait until scrolled near. */
export const EAGER_CARDS = 4;

/** The list's classes in a layout. */
export function productListClass(layout: 'grid' | 'list'): string {
  return layout === 'list' ? 'flex flex-col gap-4' : 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
}

/** An item's classes: off-screen cards skip layout and paint until scrolled near, so a long list stays quick. */
export function productItemClass(layout: 'grid' | 'list'): string {
  return layout === 'list' ? '[contain-intrinsic-size:auto_220px] [content-visibility:auto]' : '[contain-intrinsic-size:auto_540px] [content-visibility:auto]';
}

/** The first cards of a list in the grid, as the products view draws them (the server renders these). */
export function FirstCards({ products, colour = null }: { products: readonly ShopProduct[]; colour?: LineColour | null }) {
  return (
    <>
      {products.slice(0, FIRST_CARDS).map((p, i) => (
        <li key={p.id} className={productItemClass('grid')}>
          <ProductCard product={p} layout="grid" eager={i < EAGER_CARDS} tint={colour} />
        </li>
      ))}
    </>
  );
}
