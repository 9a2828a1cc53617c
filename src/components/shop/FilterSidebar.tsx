/**
 * The products view's sidebar (spec §2.7): sort, category, brand, finish, price range, eco and
 * stock toggles and 'Clear All Filters'. Each option shows how many products choosing it would
 * leave, given everything else that is set.
 */
import { useStore } from '@nanostores/react';
import { useState, useEffect, type ChangeEvent } from 'react';
import { formatPriceRange, formatPriceStop, type FacetCounts } from '../../lib/catalog/query';
import {
  ALL_CATEGORIES_LABEL,
  FINISHES,
  PRICE_SLIDER_MAX,
  PRICE_SLIDER_MIN,
  PRICE_SLIDER_STEP,
  SHOP_FILTER_CATEGORIES,
  SORT_OPTIONS,
  type SortOption,
} from '../../lib/constants';
import { $filters, $sort, clearFilters, setFilters, setPriceRange, setSort } from '../../stores/shop';
import { $catalogueBrands } from '../../stores/shop-catalogue';

const selectClass =
  'min-h-11 w-full rounded-lg border border-line bg-white px-3 text-sm text-ink shadow-sm focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent';
const rangeClass =
  'pointer-events-none absolute inset-0 h-11 w-full appearance-none bg-transparent focus-visible:outline-none [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-ink [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-md [&:focus-visible::-webkit-slider-thumb]:outline-3 [&:focus-visible::-webkit-slider-thumb]:outline-accent [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-ink [&::-moz-range-thumb]:bg-white';
/** The brand options before the catalogue has arrived. */
const NO_BRANDS: readonly string[] = [];
const labelClass = 'text-xs font-semibold tracking-[0.08em] text-ink-muted uppercase';

export interface FilterSidebarProps {
  /** id of the sidebar, for the mobile Filters toggle's aria-controls. */
  id: string;
  /** How many products choosing each option would leave (found with the list it sits beside). */
  counts: FacetCounts;
  /** Whether the products have arrived: until then the options show no counts rather than zeros. */
  counted?: boolean;
}

/** The filter controls of the products view. */
export default function FilterSidebar({ id, counts, counted = true }: FilterSidebarProps) {
  /** 'Name (N)' for an option with a count; the bare name before the products arrive. */
  const withCount = (name: string, count: number | undefined): string => (counted ? `${name} (${count ?? 0})` : name);
  const filters = useStore($filters);
  const sort = useStore($sort);
  const brands = useStore($catalogueBrands) ?? NO_BRANDS;
  // A brand tile may select a category that is not one of the filter options: keep it selectable.
  const categoryOptions: readonly string[] =
    filters.category && !(SHOP_FILTER_CATEGORIES as readonly string[]).includes(filters.category)
      ? [...SHOP_FILTER_CATEGORIES, filters.category]
      : SHOP_FILTER_CATEGORIES;

  // Slider positions move freely while dragging; the store gets each step (the URL is replaced, not pushed).
  const [min, setMin] = useState(filters.priceRange.min);
  const [max, setMax] = useState(filters.priceRange.max);
  useEffect(() => {
    setMin(filters.priceRange.min);
    setMax(filters.priceRange.max);
  }, [filters.priceRange.min, filters.priceRange.max]);
  const onMin = (e: ChangeEvent<HTMLInputElement>) => {
    const value = Math.min(Number(e.target.value), max);
    setMin(value);
    setPriceRange(value, max);
  };
  const onMax = (e: ChangeEvent<HTMLInputElement>) => {
    const value = Math.max(Number(e.target.value), min);
    setMax(value);
    setPriceRange(min, value);
  };
  const span = PRICE_SLIDER_MAX - PRICE_SLIDER_MIN;

  const toggles = [
    { key: 'ecoFriendly', label: 'Eco-friendly only', count: counts.eco, checked: filters.ecoFriendly },
    { key: 'inStock', label: 'In stock only', count: counts.stock, checked: filters.inStock },
    { key: 'sprayingSystem', label: 'Spraying systems only', count: counts.spraying, checked: filters.sprayingSystem },
  ] as const;

  return (
    <form id={id} aria-label="Product filters" className="flex flex-col gap-6" onSubmit={(e) => e.preventDefault()}>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="shop-sort" className={labelClass}>
          Sort by
        </label>
        <select id="shop-sort" className={selectClass} value={sort} onChange={(e) => setSort(e.target.value as SortOption)}>
          {SORT_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor="shop-category" className={labelClass}>
          Category
        </label>
        <select
          id="shop-category"
          className={selectClass}
          value={filters.category}
          onChange={(e) => setFilters({ category: e.target.value })}
        >
          <option value="">{ALL_CATEGORIES_LABEL}</option>
          {categoryOptions.map((c) => (
            <option key={c} value={c}>
              {withCount(c, counts.category.get(c))}
            </option>
          ))}
        </select>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor="shop-brand" className={labelClass}>
          Brand
        </label>
        <select id="shop-brand" className={selectClass} value={filters.brand} onChange={(e) => setFilters({ brand: e.target.value })}>
          <option value="">All Brands</option>
          {brands.map((b) => (
            <option key={b} value={b}>
              {withCount(b, counts.brand.get(b))}
            </option>
          ))}
        </select>
      </div>

      <div className="flex flex-col gap-1.5">
        <label htmlFor="shop-finish" className={labelClass}>
          Finish
        </label>
        <select id="shop-finish" className={selectClass} value={filters.finish} onChange={(e) => setFilters({ finish: e.target.value })}>
          <option value="">All Finishes</option>
          {FINISHES.map((f) => (
            <option key={f} value={f}>
              {withCount(f, counts.finish.get(f))}
            </option>
          ))}
        </select>
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className={`${labelClass} mb-1.5`}>Price range</legend>
        <p className="tabular text-sm font-semibold text-ink" aria-live="polite">
          {formatPriceRange({ min, max })}
        </p>
        <div className="relative h-11">
          <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-line" aria-hidden="true" />
          <div
            className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-ink"
            style={{ left: `${((min - PRICE_SLIDER_MIN) / span) * 100}%`, right: `${100 - ((max - PRICE_SLIDER_MIN) / span) * 100}%` }}
            aria-hidden="true"
          />
          <input
            type="range"
            aria-label="Minimum price"
            min={PRICE_SLIDER_MIN}
            max={PRICE_SLIDER_MAX}
            step={PRICE_SLIDER_STEP}
            value={min}
            aria-valuetext={formatPriceStop(min)}
            onChange={onMin}
            className={rangeClass}
          />
          <input
            type="range"
            aria-label="Maximum price"
            min={PRICE_SLIDER_MIN}
            max={PRICE_SLIDER_MAX}
            step={PRICE_SLIDER_STEP}
            value={max}
            aria-valuetext={formatPriceStop(max)}
            onChange={onMax}
            className={rangeClass}
          />
        </div>
        <div className="flex justify-between text-xs text-ink-muted tabular" aria-hidden="true">
          <span>{formatPriceStop(PRICE_SLIDER_MIN)}</span>
          <span>{formatPriceStop(PRICE_SLIDER_MAX)}</span>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-1">
        <legend className={`${labelClass} mb-1.5`}>Show</legend>
        {toggles.map((t) => (
          <label key={t.key} className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              checked={t.checked}
              onChange={(e) => setFilters({ [t.key]: e.target.checked })}
              className="size-5 rounded accent-ink"
            />
            <span className="flex-1">{t.label}</span>
            <span className="tabular text-xs text-ink-muted">{counted ? t.count : ''}</span>
          </label>
        ))}
      </fieldset>

      <button
        type="button"
        onClick={clearFilters}
        className="min-h-11 rounded-lg px-4 text-sm font-semibold text-ink ring-1 ring-line transition hover:bg-canvas hover:ring-ink/30"
      >
        Clear All Filters
      </button>
    </form>
  );
}
