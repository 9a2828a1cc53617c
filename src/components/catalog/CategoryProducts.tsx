/**
 * The product grids of a category or vendor page (spec §2.8) as one island: the Featured grid and
 * the All grid, drawn with the shop's ProductCard, the product modal with its Ctrl+Shift+P
 * performance overlay, and add-to-cart. Astro renders it at build with the page's own products
 * (never the whole catalogue); once hydrated it follows the live catalogue in place: prices and
 * stock update, removed products leave, new ones join the end of the All grid, and nothing
 * already shown is reordered.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { Product } from '../../lib/schemas/catalog';
import { reconciledProducts } from '../../stores/catalog';
import { $selectedProduct } from '../../stores/shop';
import PerfOverlay from '../shop/PerfOverlay';
import ProductCard from '../shop/ProductCard';

export interface CategoryProductsProps {
  /** The page's products as JSON, in catalogue order (one string keeps the serialised props compact). */
  catalog: string;
  /** The category whose new live products join the All grid; products of other categories never do. */
  category: string;
  /** Ids of the Featured grid in order; empty for no Featured grid. */
  featuredIds: readonly string[];
  /** Title of the Featured grid's subtitle line, e.g. 'The most popular Zinsser products.' */
  featuredIntro?: string;
  /** Heading of the All grid, e.g. 'All Zinsser'. */
  allTitle: string;
  /** Id of the All grid's heading. */
  allTitleId?: string;
  /** Accessible names of the two lists. */
  featuredLabel?: string;
  allLabel: string;
  /** Address of Request Quote e-mails. */
  quoteEmail: string;
}

// The modal (and the product detail in it) loads on the first click on a card, not with the page.
const ProductModal = lazy(() => import('../product/ProductModal'));

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4';

/** One grid of cards; the first `eager` load their image at once. */
function Grid({ products, label, eager }: { products: readonly Product[]; label: string; eager: number }) {
  return (
    <ul className={GRID} aria-label={label}>
      {products.map((p, i) => (
        <li key={p.id} className="min-w-0">
          <ProductCard product={p} layout="grid" eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}

/** The Featured and All grids of a category or vendor page, with the modal. */
export default function CategoryProducts({
  catalog,
  category,
  featuredIds,
  featuredIntro,
  allTitle,
  allTitleId = 'all-title',
  featuredLabel = 'Featured products',
  allLabel,
  quoteEmail,
}: CategoryProductsProps) {
  const buildTime = useMemo(() => JSON.parse(catalog) as Product[], [catalog]);
  const reconciled = useStore(reconciledProducts(buildTime));
  // The live catalogue holds every category: only this page's products stay.
  const products = useMemo(() => reconciled.filter((p) => p.category === category), [reconciled, category]);
  const byId = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const featured = useMemo(
    () => featuredIds.flatMap((id) => byId.get(id) ?? []),
    [featuredIds, byId],
  );
  const n = products.length;
  const selected = useStore($selectedProduct);
  const [modalWanted, setModalWanted] = useState(false);
  useEffect(() => {
    if (selected) setModalWanted(true);
  }, [selected]);

  return (
    <>
      {featured.length > 0 && (
        <section aria-labelledby="featured-title" className="flex flex-col gap-5">
          <header className="flex flex-wrap items-end justify-between gap-2">
            <div>
              <h2 id="featured-title" className="text-3xl font-semibold text-ink">
                Featured
              </h2>
              {featuredIntro && <p className="text-ink-muted">{featuredIntro}</p>}
            </div>
          </header>
          <Grid products={featured} label={featuredLabel} eager={4} />
        </section>
      )}
      <section aria-labelledby={allTitleId} className="flex flex-col gap-5">
        <header className="flex flex-wrap items-end justify-between gap-2 border-b border-line pb-3">
          <h2 id={allTitleId} className="text-3xl font-semibold text-ink">
            {allTitle}
          </h2>
          <p className="tabular text-sm text-ink-muted">
            {n} {n === 1 ? 'product' : 'products'}
          </p>
        </header>
        <Grid products={products} label={allLabel} eager={featured.length > 0 ? 0 : 4} />
      </section>
      {modalWanted && (
        <Suspense fallback={null}>
          <ProductModal productsById={byId} quoteEmail={quoteEmail} />
        </Suspense>
      )}
      <PerfOverlay productCount={reconciled.length} filters={false} />
    </>
  );
}
