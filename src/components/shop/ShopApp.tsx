/**
 * The interactive shop (/shop, spec §2.7) as one island: hero, search, the categories and products
 * views, the detail modal, the cart drawer and the performance overlay. The page hands it the
 * build-time catalogue; state lives in src/stores/shop.ts and follows the URL after hydration, so
 * the server-rendered HTML (the categories view) and the first client render agree. After
 * hydration the products follow the live catalogue in place (src/stores/catalog.ts): prices and
 * stock update, removed products leave, new ones join the end, nothing shown is reordered.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { MOBILE_BREAKPOINT_PX, MOBILE_DEBOUNCE_MS } from '../../lib/constants';
import { reconciledProducts } from '../../stores/catalog';
import { $search, $view, forceGridLayout, setProducts, setSearch, startShopUrlSync } from '../../stores/shop';
import CartDrawer from '../cart/CartDrawer';
import ProductModal from '../product/ProductModal';
import CategoriesView from './CategoriesView';
import { SearchIcon } from './Icons';
import PerfOverlay from './PerfOverlay';
import ProductsView from './ProductsView';
import ShopHero from './ShopHero';
import type { BrandTile, HeroSlide, ShopProduct } from './types';

export interface ShopAppProps {
  /** The catalogue as JSON (one string keeps the island's serialised props compact). */
  catalog: string;
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

/** The whole shop page body. */
export default function ShopApp({ catalog, brands, slides, quoteEmail }: ShopAppProps) {
  const buildTime = useMemo(() => JSON.parse(catalog) as ShopProduct[], [catalog]);
  const products = useStore(reconciledProducts(buildTime));
  const productsById = useMemo(() => new Map(products.map((p) => [p.id, p])), [products]);
  const brandNames = useMemo(() => [...new Set(buildTime.map((p) => p.brand))], [buildTime]);
  const view = useStore($view);
  const [ready, setReady] = useState(false);
  const firstView = useRef(true);

  useEffect(() => {
    setProducts(products);
  }, [products]);

  useEffect(() => {
    const stop = startShopUrlSync({ brands: brandNames });
    setReady(true);
    return stop;
  }, [brandNames]);

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
    if (ready) document.documentElement.dataset.shopView = view;
  }, [ready, view]);

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
    <div data-shop-ready={ready ? 'true' : undefined}>
      <ShopHero productCount={products.length} slides={slides} />
      <div id="shop-content" className="mx-auto flex max-w-7xl scroll-mt-20 flex-col gap-8 px-4 py-10 sm:px-6 lg:scroll-mt-24 lg:px-8 lg:py-14">
        <SearchBox />
        {view === 'products' ? <ProductsView /> : <CategoriesView brands={brands} products={products} />}
      </div>
      <ProductModal productsById={productsById} quoteEmail={quoteEmail} />
      <CartDrawer />
      <PerfOverlay />
    </div>
  );
}
