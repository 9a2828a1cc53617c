/**
 * The interactive shop (/shop, spec §2.7) as one island: hero, search, the categories and products
 * views, the detail modal, the cart drawer and the performance overlay. The page hands it only what
 * its server-rendered categories view shows (brand tiles with counts, the Featured products), never
 * the catalogue, so its HTML stays the same size whatever the catalogue holds. The live catalogue
 * (GET /api/catalog/cards, ETag-revalidated in the HTTP cache) is loaded, parsed and queried in a
 * Web Worker (src/stores/shop-catalogue.ts): on idle in the categories view, at once in the
 * products view, which shows a loading state with its space reserved until then, or a message with
 * 'Try again' if the request fails. The page receives only what it draws. State lives in
 * src/stores/shop.ts and follows the URL after hydration, so the server-rendered HTML and the first
 * client render agree. The Featured grid and the brand counts switch to the live values in place,
 * without reordering what is shown.
 */
import { useStore } from '@nanostores/react';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, MOBILE_DEBOUNCE_MS } from '../../lib/constants';
import { $search, $selectedProduct, $view, forceGridLayout, setSearch, startShopUrlSync } from '../../stores/shop';
import { $shopCatalogue, loadShopCatalogue, rememberCards, shopCards } from '../../stores/shop-catalogue';
import CartDrawer from '../cart/CartDrawer';
import CategoriesView from './CategoriesView';
import { SearchIcon } from './Icons';
import PerfOverlay from './PerfOverlay';
import ProductsView from './ProductsView';
import ShopHero from './ShopHero';
import type { BrandTile, HeroSlide, ShopProduct } from './types';

export interface ShopAppProps {
  /** The first SHOP_FEATURED_COUNT products of the build-time catalogue as JSON (the Featured grid the server renders). */
  featured: string;
  /** How many products the build-time catalogue holds: the hero's figure until the live catalogue arrives. */
  productCount: number;
  /** The brands of the build-time catalogue, so a shared URL's brand filter is understood before the products arrive. */
  brandNames: readonly string[];
  /** The brand grid's tiles with their build-time counts. */
  brands: readonly BrandTile[];
  slides: readonly HeroSlide[];
  /** Address of Request Quote e-mails. */
  quoteEmail: string;
}

/** The search box; typing replaces the URL entry rather than adding one per key. */
function SearchBox() {
  const search = useStore($search);
  return (
    <div role="search" className="relative w-full max-w-xl">
      <label htmlFor="shop-search" className="sr-only">
        Search products
      </label>
      <SearchIcon size={20} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-muted" />
      <input
        id="shop-search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder="Search paints, primers, spray tips, SKUs…"
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-12 w-full rounded-xl border border-line bg-white pr-4 pl-11 text-base text-ink shadow-sm placeholder:text-ink-muted focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent"
      />
    </div>
  );
}

// The modal (the product's detail, asked for when it opens) loads on the first click on a card, not with the page.
const ProductModal = lazy(() => import('../product/ProductModal'));

/** The whole shop page body. */
export default function ShopApp({ featured, productCount, brandNames, brands, slides, quoteEmail }: ShopAppProps) {
  const featuredBuildTime = useMemo(() => JSON.parse(featured) as ShopProduct[], [featured]);
  const featuredIds = useMemo(() => featuredBuildTime.map((p) => p.id), [featuredBuildTime]);
  // The catalogue's arrival redraws the brand counts and Featured: in a transition, which React
  // draws in slices between which the browser stays responsive (useStore would redraw at once).
  const [catalogue, setCatalogue] = useState($shopCatalogue.get());
  useEffect(() => $shopCatalogue.subscribe((value) => startTransition(() => setCatalogue(value))), []);
  const { status, summary } = catalogue;
  const featuredNow = summary?.featured ?? featuredBuildTime;
  const brandsNow = useMemo(
    () => (summary ? brands.map((b) => ({ ...b, count: summary.categoryCounts.get(b.name) ?? 0 })) : brands),
    [brands, summary],
  );
  // The modal opens from any card drawn, a Featured one possibly before the catalogue has arrived.
  useEffect(() => rememberCards(featuredBuildTime), [featuredBuildTime]);
  const view = useStore($view);
  const selected = useStore($selectedProduct);
  const [modalWanted, setModalWanted] = useState(false);
  useEffect(() => {
    if (selected) setModalWanted(true);
  }, [selected]);
  const [hydrated, setHydrated] = useState(false);
  const firstView = useRef(true);
  // The products view has drawn its first answer (or the failure).
  const [listShown, setListShown] = useState(false);
  const onListShown = useCallback(() => setListShown(true), []);
  // Ready for a shopper (and for tests): hydrated, the URL applied, and the catalogue in hand (in the
  // products view: its first results drawn) or its failure shown.
  const ready = hydrated && (view === 'products' ? listShown || status === 'failed' : status === 'ready' || status === 'failed');

  useEffect(() => {
    const stop = startShopUrlSync({ brands: brandNames });
    setHydrated(true);
    return stop;
  }, [brandNames]);

  // After load, when idle, in either view: until then the server answers the products view's queries.
  useEffect(() => {
    void loadShopCatalogue({ featuredIds });
  }, [featuredIds]);

  // The list layout needs room: below the mobile breakpoint the grid is forced (debounced on resize).
  useEffect(() => {
    let timer = 0;
    const check = () => {
      if (window.innerWidth < MOBILE_BREAKPOINT_PX) forceGridLayout();
    };
    const onResize = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, MOBILE_DEBOUNCE_MS);
    };
    check();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
    };
  }, []);

  // The hero's compact form follows the view (the page set it from the URL before first paint).
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.shopView = view;
  }, [hydrated, view]);

  // Moving between the two views starts the new one at its top, not wherever the old one was scrolled.
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    const content = document.getElementById('shop-content');
    if (content && content.getBoundingClientRect().top < 0) content.scrollIntoView({ block: 'start' });
  }, [view]);

  return (
    // data-catalogue: where the worker's catalogue stands (idle, loading, ready, failed), for tests and tools.
    <div data-shop-ready={ready ? 'true' : undefined} data-catalogue={status}>
      <ShopHero productCount={summary?.total ?? productCount} slides={slides} />
      <div id="shop-content" className="mx-auto flex max-w-7xl scroll-mt-20 flex-col gap-8 px-4 py-10 sm:px-6 lg:scroll-mt-24 lg:px-8 lg:py-14">
        <SearchBox />
        {/* Until hydration both views are in the page, one shown by <html data-shop-view> (set by the
            page before first paint): a products-view URL shows the products view's frame, with the
            first cards the server put in it, never the categories. The frame is the view itself, which
            hydration turns live in place. */}
        {(!hydrated || view === 'products') && (
          <div key="products" className={hydrated ? undefined : 'hidden [[data-shop-view=products]_&]:block'}>
            <ProductsView catalogue={status === 'ready' ? 'ready' : status === 'failed' ? 'failed' : 'loading'} onShown={onListShown} placeholder={!hydrated} />
          </div>
        )}
        {(!hydrated || view !== 'products') && (
          <div key="categories" className={hydrated ? undefined : '[[data-shop-view=products]_&]:hidden'}>
            <CategoriesView brands={brandsNow} featured={featuredNow} />
          </div>
        )}
      </div>
      {modalWanted && (
        <Suspense fallback={null}>
          <ProductModal productsById={shopCards} quoteEmail={quoteEmail} />
        </Suspense>
      )}
      <CartDrawer />
      <PerfOverlay productCount={summary?.total ?? 0} />
    </div>
  );
}
