/**
 * The shop's products view (spec §2.7): breadcrumb, 'Back to Categories', the title and result
 * count, the mobile Filters toggle, the grid/list switch, the sidebar and the product list or its
 * empty state. The query runs in the catalogue's worker, or on the server until the worker has the
 * catalogue (src/stores/shop-catalogue.ts), either answering with the page of results drawn, their
 * total and the sidebar's counts. Until the first answer the list is a placeholder of the same size
 * (busy, announced as loading); if neither can answer, a message with 'Try again' takes its place.
 */
import { useStore } from '@nanostores/react';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { ListedCard } from '../../lib/catalog/families';
import type { CatalogQuery, FacetCounts } from '../../lib/catalog/query';
import { PRODUCT_LIST_PAGE_SIZE } from '../../lib/constants';
import { $filters, $group, $hasActiveFacet, $layout, $search, $sort, backToCategories, recordQueryTime, resetQuery, setGroup, setLayout } from '../../stores/shop';
import { $shopCatalogue, loadShopCatalogue, queryShopCatalogue, type ShopResults } from '../../stores/shop-catalogue';
import FilterSidebar from './FilterSidebar';
import { ArrowLeftIcon, FiltersIcon, GridIcon, ListIcon } from './Icons';
import ProductCard from './ProductCard';
import { EAGER_CARDS, FIRST_CARDS, productItemClass, productListClass } from './product-list';
import ShowMore from './ShowMore';
import type { ShopProduct } from './types';

const SIDEBAR_ID = 'shop-filters';

/** The title of the products view: the spraying system, the chosen category, or all products. */
function titleOf(category: string, spraying: boolean): string {
  if (spraying) return 'Spraying Systems';
  return category || 'All Products';
}

/** Where the products view's catalogue stands. */
export type CatalogueState = 'loading' | 'ready' | 'failed';

export interface ProductsViewProps {
  /** Where the worker's catalogue stands: 'failed' shows the failure once the query asked could not be answered either. */
  catalogue: CatalogueState;
  /** Called once the list shows its first answer or the failure, i.e. the view is ready for a shopper. */
  onShown?: () => void;
  /** Before hydration (the server's HTML, and the client's first render, which must match it): the view's frame, asking nothing. */
  placeholder?: boolean;
}

/**
 * Cards a new result list draws first (a first screenful: two rows of the widest grid, a phone's
 * one or two cards), then again as many in each following render, which the next key may
 * interrupt, so no commit of the list keeps the main thread past a frame; until drawn, their items
 * stay in place, empty, so the page's height holds.
 */
const CARDS_PER_STEP = FIRST_CARDS;

/** Placeholder cards of a first screenful: the space the product list will take while it loads. */
const PLACEHOLDER_CARDS = 8;

/** The product list's stand-in while the catalogue loads: cards of the real ones' shape, hidden from assistive technology. */
function LoadingList({ layout }: { layout: 'grid' | 'list' }) {
  const list = layout === 'list';
  return (
    <div aria-busy="true" aria-describedby="shop-result-count">
      <ul aria-hidden="true" className={productListClass(layout)}>
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          <li key={i}>
            <div className={`flex overflow-hidden rounded-card bg-white shadow-card ring-1 ring-line/70 ${list ? 'h-[220px] flex-row' : 'flex-col'}`}>
              <div className={`shrink-0 animate-pulse bg-canvas motion-reduce:animate-none ${list ? 'w-44 lg:w-52' : 'aspect-[4/3] sm:aspect-square'}`} />
              {/* About the height of a real card's text, so the footer hardly moves when the cards arrive. */}
              <div className={`flex flex-1 flex-col gap-3 p-4 ${list ? '' : 'min-h-[22rem]'}`}>
                <div className="h-3 w-1/3 rounded bg-canvas" />
                <div className="h-4 w-4/5 rounded bg-canvas" />
                <div className="h-3 w-1/2 rounded bg-canvas" />
                <div className="mt-6 h-3 w-2/3 rounded bg-canvas" />
                <div className="h-3 w-3/5 rounded bg-canvas" />
                <div className="mt-auto h-11 w-full rounded-lg bg-canvas" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Why there is no list: the catalogue request failed. A way to ask again. */
function LoadFailed() {
  const [asking, setAsking] = useState(false);
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line bg-white px-6 py-16 text-center">
      <h3 className="font-display text-2xl font-semibold text-ink">The products could not be loaded</h3>
      <p className="max-w-md text-ink-soft">Check your connection, then try again. Your cart and filters are kept.</p>
      <button
        type="button"
        disabled={asking}
        onClick={() => {
          setAsking(true);
          void loadShopCatalogue({ now: true }).finally(() => setAsking(false));
        }}
        className="mt-2 min-h-11 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft disabled:opacity-60"
      >
        {asking ? 'Trying again…' : 'Try again'}
      </button>
    </div>
  );
}

/** A query's answer as the list shows it: the query, its key and how many results were asked. */
interface ShownAnswer extends ShopResults {
  query: CatalogQuery;
  key: string;
  limit: number;
}

/**
 * The query the list shows and the worker's answer to it. The controls (search box, selects,
 * toggles) show a change at once; the query goes to the worker, and the list, its title and count
 * and the sidebar's counts follow when its answer arrives, drawn in a render React may interrupt
 * with the next key (startTransition): typing or a filter change paints within a frame whatever
 * the catalogue holds. `pending` is true until the answer to the latest query (and page) is drawn.
 */
function useShownQuery(ask: boolean, failed: boolean) {
  const filters = useStore($filters);
  const sort = useStore($sort);
  const search = useStore($search);
  const group = useStore($group);
  const asked = useMemo<CatalogQuery>(() => (group ? { filters, sort, search, group } : { filters, sort, search }), [filters, sort, search, group]);
  const key = useMemo(() => JSON.stringify(asked), [asked]);
  // How many results to show: one page for a new query, one more for each 'Show more'.
  const [pages, setPages] = useState({ key, limit: PRODUCT_LIST_PAGE_SIZE });
  const limit = pages.key === key ? pages.limit : PRODUCT_LIST_PAGE_SIZE;
  const [answer, setAnswer] = useState<ShownAnswer | null>(null);
  // The query (and page) neither the server nor the worker could answer, if any.
  const [unanswered, setUnanswered] = useState<string | null>(null);
  // The view shows the failure only for the query it asked and lost while the worker's catalogue is
  // failed; 'Try again' loads anew, and `blocked` turns false and this asks again. The worker
  // failing or loading again otherwise asks nothing (a re-run would also orphan the query under
  // way, whose own failure then never shows): a page whose first answer came in its HTML keeps it.
  const blocked = failed && unanswered === `${limit}:${key}`;
  useEffect(() => {
    if (!ask || blocked) return;
    let current = true;
    void queryShopCatalogue(asked, limit).then((found) => {
      // Drawn after the next frame: the frame that shows the control's change (a ticked box, a
      // typed key) never waits for the new list's render, however fast the answer came.
      if (current && found) afterNextFrame(() => current && startTransition(() => setAnswer({ ...found, query: asked, key, limit })));
      // Neither the server nor the worker could answer: the failure shows rather than an older query's list.
      else if (current && $shopCatalogue.get().status === 'failed') {
        setAnswer(null);
        setUnanswered(`${limit}:${key}`);
      }
    });
    return () => {
      current = false;
    };
    // `asked` is left out: `key` names it, and a new object of the same query must not ask again.
  }, [ask, blocked, key, limit]);
  useEffect(() => {
    if (answer) recordQueryTime(answer.ms);
  }, [answer]);
  const showMore = () => setPages({ key, limit: limit + PRODUCT_LIST_PAGE_SIZE });
  return { asked, answer, blocked, pending: answer !== null && (answer.key !== key || answer.limit !== limit), showMore };
}

/** Calls `then` once the next frame has been produced (a task after it), or at once without frames (a hidden page). */
function afterNextFrame(then: () => void): void {
  if (document.visibilityState === 'hidden') then();
  else requestAnimationFrame(() => setTimeout(then, 0));
}

/** What the list and the sidebar show before the first answer. */
const NO_RESULTS: readonly ShopProduct[] = [];
const NOTHING_DRAWN: ReadonlySet<string> = new Set();
const NO_COUNTS: FacetCounts = { category: new Map(), brand: new Map(), finish: new Map(), eco: 0, stock: 0, spraying: 0 };

/** Filters, sort and the product list. */
export default function ProductsView({ catalogue: status, onShown, placeholder = false }: ProductsViewProps) {
  const { asked, answer, blocked, pending, showMore } = useShownQuery(!placeholder, status === 'failed');
  // An answer drawn stays drawn (a failure of the worker's catalogue behind it changes nothing); without one the list reads as loading, never as empty.
  const catalogue: CatalogueState = answer ? 'ready' : blocked ? 'failed' : 'loading';
  useEffect(() => {
    if (catalogue !== 'loading') onShown?.();
  }, [catalogue, onShown]);
  const results: readonly ListedCard<ShopProduct>[] = answer?.results ?? NO_RESULTS;
  const query = answer?.query ?? asked;
  const search = query.search.trim();
  const layout = useStore($layout);
  const active = useStore($hasActiveFacet);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const title = titleOf(query.filters.category, query.filters.sprayingSystem);
  const n = answer?.total ?? 0;
  const listed = answer?.listed ?? n;
  const grouped = useStore($group);
  // How many cards of the result list are drawn: a new list CARDS_PER_STEP at first, as many more per
  // render; more of the same query ('Show more') at once, so focus can move to its first new card.
  const [drawing, setDrawing] = useState({ results, key: answer?.key, count: results.length, before: NOTHING_DRAWN });
  const fresh = drawing.results !== results;
  const count = !fresh ? drawing.count : drawing.key === answer?.key ? results.length : CARDS_PER_STEP;
  const whole = count >= results.length;
  // Cards already on the page keep being drawn while the rest catch up (a sort moves them, it does not redraw them).
  const before = useMemo(
    () => (fresh ? new Set(drawing.results.slice(0, drawing.count).map((p) => p.id)) : drawing.before),
    [fresh, drawing],
  );
  useEffect(() => {
    if (!whole) startTransition(() => setDrawing({ results, key: answer?.key, count: count + CARDS_PER_STEP, before }));
  }, [whole, results, count, before, answer?.key]);
  const listRef = useRef<HTMLUListElement>(null);

  const toggleButton = (value: 'grid' | 'list', label: string, Icon: typeof GridIcon) => (
    <button
      type="button"
      onClick={() => setLayout(value)}
      aria-pressed={layout === value}
      aria-label={label}
      title={label}
      className={`flex size-11 items-center justify-center rounded-md transition ${
        layout === value ? 'bg-ink text-white' : 'text-ink-soft hover:bg-canvas'
      }`}
    >
      <Icon size={20} />
    </button>
  );

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <nav aria-label="Breadcrumb">
          <ol className="flex flex-wrap items-center gap-2 text-sm text-ink-muted">
            <li>
              <a
                href="/shop"
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  backToCategories();
                }}
                className="font-medium text-ink-soft underline-offset-4 hover:text-ink hover:underline"
              >
                Shop
              </a>
            </li>
            <li aria-hidden="true">/</li>
            <li aria-current="page" className="font-medium text-ink">
              {title}
            </li>
          </ol>
        </nav>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="flex flex-col gap-2">
            <button
              type="button"
              onClick={backToCategories}
              className="-ml-2 inline-flex min-h-11 w-fit items-center gap-2 rounded-lg px-2 text-sm font-semibold text-accent-strong hover:bg-accent-soft"
            >
              <ArrowLeftIcon size={18} />
              Back to Categories
            </button>
            <h2 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h2>
            {/* The line's height is the same loading and loaded (the badge's place is kept, hidden, while
                the products load; below the count on a phone), so the list does not move when they arrive. */}
            <div className="flex flex-col items-start gap-3 sm:flex-row sm:flex-wrap sm:items-center">
              <p id="shop-result-count" className="text-ink-soft" role="status">
                {catalogue === 'loading' ? (
                  'Loading products…'
                ) : catalogue === 'failed' ? (
                  'Products unavailable'
                ) : search ? (
                  <>
                    {n} {n === 1 ? 'result' : 'results'} for <strong className="font-semibold text-ink">{search}</strong>
                  </>
                ) : (
                  <>
                    {n} professional {n === 1 ? 'product' : 'products'} available
                  </>
                )}
              </p>
              {(catalogue === 'loading' || (catalogue === 'ready' && n > 0)) && (
                <span
                  aria-hidden={catalogue === 'loading' || undefined}
                  className={`inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success ${
                    catalogue === 'loading' ? 'invisible' : ''
                  }`}
                >
                  <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
                  Ready to Ship
                </span>
              )}
            </div>
          </div>
          {/* Below the title on a phone whatever the count line's width, so it does not jump when the products arrive. */}
          <div className="flex items-center gap-2 max-sm:basis-full">
            <button
              type="button"
              onClick={() => setFiltersOpen((o) => !o)}
              aria-expanded={filtersOpen}
              aria-controls={SIDEBAR_ID}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-line lg:hidden"
            >
              <FiltersIcon size={18} />
              Filters
              {active && <span className="rounded-full bg-accent px-2 py-0.5 text-[11px] font-bold text-white">Active</span>}
            </button>
            <label className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-3 text-sm font-semibold text-ink ring-1 ring-line">
              <input type="checkbox" checked={grouped} onChange={(e) => setGroup(e.target.checked)} className="size-4 accent-ink" />
              Group sizes
            </label>
            <div className="hidden items-center gap-1 rounded-lg bg-white p-1 ring-1 ring-line md:flex" role="group" aria-label="Layout">
              {toggleButton('grid', 'Grid view', GridIcon)}
              {toggleButton('list', 'List view', ListIcon)}
            </div>
          </div>
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside
          className={`${filtersOpen ? 'block' : 'hidden'} rounded-card bg-white p-5 shadow-card ring-1 ring-line/70 lg:sticky lg:top-24 lg:block lg:self-start`}
          aria-label="Filters"
        >
          <FilterSidebar id={SIDEBAR_ID} counts={answer?.counts ?? NO_COUNTS} counted={catalogue === 'ready'} />
        </aside>

        <div className="min-w-0">
          {catalogue === 'loading' ? (
            // Until the first answer: the first cards the server put in the page (a products-view URL's,
            // src/server/catalog/shop-page.ts, or the page's inline script's), which React leaves alone
            // in a dangerouslySetInnerHTML element from the server's HTML through hydration; else
            // placeholder cards.
            <>
              <ul data-shop-first-cards="" className={productListClass('grid')} dangerouslySetInnerHTML={{ __html: '' }} />
              <div className="[[data-shop-first-cards]:not(:empty)+&]:hidden">
                <LoadingList layout={layout} />
              </div>
            </>
          ) : catalogue === 'failed' ? (
            <LoadFailed />
          ) : n === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-line bg-white px-6 py-16 text-center">
              <svg viewBox="0 0 64 64" width="56" height="56" fill="none" className="text-ink-muted" aria-hidden="true">
                <rect x="14" y="18" width="36" height="36" rx="5" stroke="currentColor" strokeWidth="3" />
                <path d="M14 28h36M24 10h16v8H24z" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
              </svg>
              <h3 className="font-display text-2xl font-semibold text-ink">No products found</h3>
              <p className="max-w-md text-ink-soft">
                Try adjusting your filters or search terms to find the perfect paint for your project.
              </p>
              <button
                type="button"
                onClick={resetQuery}
                className="mt-2 min-h-11 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-ink-soft"
              >
                Reset filters and search
              </button>
            </div>
          ) : (
            <>
              <ul ref={listRef} className={productListClass(layout)} aria-label={`${title}: products`} aria-busy={pending || !whole || undefined}>
                {results.map((p, i) => (
                  <li key={p.id} className={productItemClass(layout)}>
                    {i < count || before.has(p.id) ? <ProductCard product={p} layout={layout} eager={i < EAGER_CARDS} tint={answer?.colour} /> : null}
                  </li>
                ))}
              </ul>
              {listed > PRODUCT_LIST_PAGE_SIZE && (
                <ShowMore
                  shown={results.length}
                  total={listed}
                  pageSize={PRODUCT_LIST_PAGE_SIZE}
                  list={listRef}
                  onMore={showMore}
                />
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
