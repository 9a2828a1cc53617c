/**
 * The product grids of a category or vendor page (spec §2.8) as one island: the Featured grid and
 * the All grid, drawn with the shop's ProductCard, the product modal with its Ctrl+Shift+P
 * performance overlay, and add-to-cart. Astro renders it at build with the page's Featured products
 * and the first page of its own products (never the whole catalogue, nor the whole category: a
 * category of 2,000 products would weigh megabytes); once hydrated, when the browser is idle, it
 * asks for the category's live cards alone (GET /api/catalog/cards?category=<slug>, never the
 * whole catalogue) and follows them in place: prices and stock update, removed products leave,
 * the category's further products and new ones join the end of the All grid, drawn a page at a
 * time with 'Show more', and nothing already shown is reordered.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type CSSProperties, type Ref } from 'react';
import { PRODUCT_LIST_PAGE_SIZE } from '../../lib/constants';
import type { CatalogCard } from '../../lib/catalog/card';
import type { groupFamilies, ListedCard } from '../../lib/catalog/families';
import { indexProductsById, isSameCatalog, reconcileCatalog } from '../../lib/catalog/reconcile';
import { liveCategory, loadLiveCategory } from '../../stores/category-cards';
import { $selectedProduct } from '../../stores/product-selection';
import PerfOverlay from '../shop/PerfOverlay';
import ProductCard from '../shop/ProductCard';

export interface CategoryProductsProps {
  /** The first PRODUCT_LIST_PAGE_SIZE products of the page as JSON, in catalogue order (one string keeps the serialised props compact). */
  catalog: string;
  /** The Featured products as JSON, in order (they may lie beyond the first page); '[]' for no Featured grid. */
  featured: string;
  /** How many products the category holds at build time: the count shown until the live catalogue arrives. */
  total: number;
  /** The category the page lists: its live cards (and only they) reconcile and extend the grids. */
  category: string;
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
// Only a category longer than one page needs it.
const ShowMore = lazy(() => import('../shop/ShowMore'));

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4';

/**
 * One grid of cards, their images lazy: the grids come after the category's hero, below the fold
 * on a phone, where eager images were fetched ahead of the hero's text and delayed its paint.
 */
function Grid({ products, label, listRef }: { products: readonly ListedCard<CatalogCard>[]; label: string; listRef?: Ref<HTMLUListElement> }) {
  return (
    <ul ref={listRef} className={GRID} aria-label={label}>
      {products.map((p) => (
        <li key={p.id} className="min-w-0">
          <ProductCard product={p} layout="grid" />
        </li>
      ))}
    </ul>
  );
}

/** The Featured and All grids of a category or vendor page, with the modal. */
export default function CategoryProducts({
  catalog,
  featured: featuredJson,
  total,
  category,
  featuredIntro,
  allTitle,
  allTitleId = 'all-title',
  featuredLabel = 'Featured products',
  allLabel,
  quoteEmail,
}: CategoryProductsProps) {
  const buildTime = useMemo(() => JSON.parse(catalog) as CatalogCard[], [catalog]);
  const featuredBuildTime = useMemo(() => JSON.parse(featuredJson) as CatalogCard[], [featuredJson]);
  const live = useStore(liveCategory(category));
  useEffect(() => {
    void loadLiveCategory(category);
  }, [category]);
  const liveById = useMemo(() => (live ? indexProductsById(live.products) : null), [live]);
  // Before the category's live cards arrive the list is the first page; after, the build-time
  // cards in their places with their live values, then the category's further products in live order.
  const products = useMemo(() => (live ? reconcileCatalog(buildTime, live.products).products : buildTime), [buildTime, live]);
  // Each Featured product in its live version; an unchanged one keeps its build-time object, so its (memoised) card does not re-render.
  const featured = useMemo(
    () =>
      liveById
        ? featuredBuildTime.flatMap((p) => {
            const now = liveById.get(p.id);
            return now ? [isSameCatalog([p], [now]) ? p : now] : [];
          })
        : featuredBuildTime,
    [featuredBuildTime, liveById],
  );
  const byId = useMemo(() => new Map([...featured, ...products].map((p) => [p.id, p])), [featured, products]);
  const n = liveById ? products.length : total;
  // 'Group sizes': one card per paint family, in catalogue order; the count above stays of products (spec §2.8).
  // The grouping code loads on the first tick: category pages' JavaScript is near its budget.
  const [group, setGroup] = useState<typeof groupFamilies | null>(null);
  const [grouped, setGrouped] = useState(false);
  const toggleGrouped = (on: boolean) => {
    setGrouped(on);
    if (on && !group) void import('../../lib/catalog/families').then((m) => setGroup(() => m.groupFamilies));
  };
  const listed = useMemo(() => (grouped && group ? group(products, 'popular') : products), [grouped, group, products]);
  const [count, setCount] = useState(PRODUCT_LIST_PAGE_SIZE);
  const shown = listed.slice(0, count);
  const listRef = useRef<HTMLUListElement>(null);
  const showMore = () => setCount(count + PRODUCT_LIST_PAGE_SIZE);
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
          <Grid products={featured} label={featuredLabel} />
        </section>
      )}
      {/* Below the featured grid the All grid (up to a page of cards) skips layout and paint until it
          nears the viewport. Until then it stands in at a height no lower than its cards' at each
          column count (the tallest card plus its gap, per row; measured 609, 702, 698 and 659 px), so
          nothing it holds ever reaches past it (into the footer) when measured before it is drawn. */}
      <section
        aria-labelledby={allTitleId}
        className="flex flex-col gap-5 [content-visibility:auto] [contain-intrinsic-size:auto_calc(var(--rows-1)*640px_+_120px)] sm:[contain-intrinsic-size:auto_calc(var(--rows-2)*740px_+_120px)] lg:[contain-intrinsic-size:auto_calc(var(--rows-3)*740px_+_120px)] xl:[contain-intrinsic-size:auto_calc(var(--rows-4)*700px_+_120px)]"
        style={{ '--rows-1': shown.length, '--rows-2': Math.ceil(shown.length / 2), '--rows-3': Math.ceil(shown.length / 3), '--rows-4': Math.ceil(shown.length / 4) } as CSSProperties}
      >
        <header className="flex flex-wrap items-end justify-between gap-2 border-b border-line pb-3">
          <h2 id={allTitleId} className="text-3xl font-semibold text-ink">
            {allTitle}
          </h2>
          <div className="flex items-center gap-4">
            <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
              <input type="checkbox" checked={grouped} onChange={(e) => toggleGrouped(e.target.checked)} className="size-4 accent-ink" />
              Group sizes
            </label>
            <p className="tabular text-sm text-ink-muted">
              {n} {n === 1 ? 'product' : 'products'}
            </p>
          </div>
        </header>
        <Grid products={shown} label={allLabel} listRef={listRef} />
        {/* The products past the first page come with the category's live cards; so does the button (never in the server's HTML). */}
        {liveById && listed.length > PRODUCT_LIST_PAGE_SIZE && (
          <Suspense fallback={null}>
            <ShowMore shown={shown.length} total={listed.length} pageSize={PRODUCT_LIST_PAGE_SIZE} list={listRef} onMore={showMore} />
          </Suspense>
        )}
      </section>
      {modalWanted && (
        <Suspense fallback={null}>
          <ProductModal productsById={byId} quoteEmail={quoteEmail} />
        </Suspense>
      )}
      <PerfOverlay productCount={products.length} filters={false} />
    </>
  );
}
