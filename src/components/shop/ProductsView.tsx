/**
 * The shop's products view (spec §2.7): breadcrumb, 'Back to Categories', the title and result
 * count, the mobile Filters toggle, the grid/list switch, the sidebar and the product list or its
 * empty state.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import {
  $filters,
  $hasActiveFacet,
  $layout,
  $results,
  $search,
  backToCategories,
  resetQuery,
  setLayout,
} from '../../stores/shop';
import FilterSidebar from './FilterSidebar';
import { ArrowLeftIcon, FiltersIcon, GridIcon, ListIcon } from './Icons';
import ProductCard from './ProductCard';
import type { ShopProduct } from './types';

const SIDEBAR_ID = 'shop-filters';

/** The title of the products view: the spraying system, the chosen category, or all products. */
function titleOf(category: string, spraying: boolean): string {
  if (spraying) return 'Spraying Systems';
  return category || 'All Products';
}

/** Filters, sort and the product list. */
export default function ProductsView() {
  const filters = useStore($filters);
  const results: readonly ShopProduct[] = useStore($results);
  const search = useStore($search).trim();
  const layout = useStore($layout);
  const active = useStore($hasActiveFacet);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const title = titleOf(filters.category, filters.sprayingSystem);
  const n = results.length;

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
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-ink-soft" role="status">
                {search ? (
                  <>
                    {n} {n === 1 ? 'result' : 'results'} for <strong className="font-semibold text-ink">{search}</strong>
                  </>
                ) : (
                  <>
                    {n} professional {n === 1 ? 'product' : 'products'} available
                  </>
                )}
              </p>
              {n > 0 && (
                <span className="inline-flex items-center gap-1.5 rounded-full bg-success-soft px-2.5 py-1 text-xs font-semibold text-success">
                  <span className="size-1.5 rounded-full bg-success" aria-hidden="true" />
                  Ready to Ship
                </span>
              )}
            </div>
          </div>
          <div className="flex items-center gap-2">
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
          <FilterSidebar id={SIDEBAR_ID} />
        </aside>

        <div className="min-w-0">
          {n === 0 ? (
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
            <ul
              className={
                layout === 'list'
                  ? 'flex flex-col gap-4'
                  : 'grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'
              }
              aria-label={`${title}: products`}
            >
              {results.map((p, i) => (
                // Off-screen cards skip layout and paint until scrolled near: a long list stays quick.
                <li
                  key={p.id}
                  className={
                    layout === 'list'
                      ? '[contain-intrinsic-size:auto_220px] [content-visibility:auto]'
                      : '[contain-intrinsic-size:auto_540px] [content-visibility:auto]'
                  }
                >
                  <ProductCard product={p} layout={layout} eager={i < 4} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
