import { useEffect, useId, useRef, useState } from 'react';
// money, not format: format's storefront helpers would otherwise split into a chunk of their own on every shop page.
import { formatMoney, roundToCents } from '../../../lib/money';
import { STOCK_FILTER_LABELS, STOCK_FILTERS, stockLevel, type StockFilter } from '../../../lib/admin/stock';
import { formatSort, parseSort, PRODUCT_SORT_FIELDS } from '../../../lib/schemas/admin-sort';
import { ADMIN_CATALOG_MESSAGES, ADMIN_CATEGORY_FILTER_OPTIONS, LOW_STOCK_MAX, type AdminProduct, type AdminProductsPage } from '../../../lib/schemas/admin-catalog';
import { $productsPage, deleteProduct } from '../../../stores/admin-products';
import { useQuery } from '../../../stores/admin-query';
import { adminPath, navigateAdmin } from '../../../stores/admin-router';
import { followAdminLink } from '../admin-links';
import { countPages } from '../../../lib/admin/admin-views';
import { DebouncedSearch, StatCard } from '../admin-fields';
import { BulkUploadSection } from '../import/BulkUploadSection';
import { CategoriesSection } from './CategoriesSection';
import { SafetySheetsSection } from './SafetySheetsSection';
import { ContentConflicts } from './ContentConflicts';
import { ConfirmDialog } from './ConfirmDialog';
import { ProductDialog } from './ProductDialog';
import { parseProductsFilters, productsExportPath, PRODUCT_SECTIONS, PRODUCT_SORT_OPTIONS, productsFiltersToSearch, SECTION_LABELS, type ProductsFilters } from '../../../lib/admin/products-filters';
import { BUTTONS, EditIcon, FIELD, FIELD_BOX, PlusIcon, TrashIcon } from './ui';
import { useStore } from '@nanostores/react';
import { $bulkSelection, clearBulkSelection, refreshBulkVersions, selectBulkIds, selectionOf } from '../../../stores/admin-bulk';
import { BulkBar, ExportSelected, SelectBox } from '../BulkBar';
import { PRODUCT_BULK_ACTIONS } from './product-bulk-actions';

/** Opens the Products view with these filters. */
function openProducts(filters: Partial<ProductsFilters>, replace = false): void {
  navigateAdmin(adminPath('products', {}, productsFiltersToSearch(filters)), replace);
}

/** The stock line of a card: counted units, low-stock warning, or out of stock. */
function StockLine({ product }: { product: AdminProduct }) {
  const qty = product.stockQuantity;
  const level = stockLevel(product);
  if (level === 'out') return <span className="font-semibold text-danger">Out of stock</span>;
  if (level === 'low') return <span className="font-semibold text-amber-800">Low stock · {qty} left</span>;
  return <span className="text-success">{qty === undefined ? 'In stock' : `In stock · ${qty.toLocaleString('en-US')}`}</span>;
}

/** A product card: image, brand and category, name, SKU, price, stock, flags, and Edit / Delete. */
function ProductCard({ product, selected, onSelect, onEdit, onDelete }: { product: AdminProduct; selected: boolean; onSelect: (on: boolean) => void; onEdit: () => void; onDelete: () => void }) {
  const flags = [product.isNew && 'New', product.isPopular && 'Popular', product.isEcoFriendly && 'Eco', product.requestQuoteOnly && 'Quote only'].filter(Boolean) as string[];
  const reduced = product.originalPrice !== undefined && product.originalPrice > product.price;
  return (
    <li className={`flex min-w-0 flex-col overflow-hidden rounded-xl border bg-white shadow-card ${selected ? 'border-accent ring-2 ring-accent/40' : 'border-line'}`}>
      <div className="flex gap-3 p-3">
        <div className="-my-1 -ml-1 flex h-11 w-9 shrink-0 items-center justify-center">
          <SelectBox label={`Select ${product.name} (${product.sku})`} checked={selected} onChange={onSelect} />
        </div>
        <img src={product.image} alt="" width={88} height={88} loading="lazy" className="h-[88px] w-[88px] shrink-0 rounded-lg border border-line bg-canvas object-contain p-1" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-xs font-semibold tracking-wide text-ink-muted uppercase">{product.brand}</p>
          <h3 className="line-clamp-2 font-sans text-[0.9375rem] leading-snug font-semibold text-ink">{product.name}</h3>
          <p className="mt-0.5 truncate text-xs text-ink-muted tabular">
            {product.sku} · {product.category}
          </p>
          {flags.length > 0 && (
            <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Flags">
              {flags.map((flag) => (
                <li key={flag} className="rounded-full bg-canvas px-2 py-0.5 text-xs font-medium text-ink-soft">
                  {flag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 px-3 pb-2.5 text-sm">
        <p className="tabular">
          {product.requestQuoteOnly ? (
            <span className="font-semibold text-ink">Quote only</span>
          ) : (
            <>
              <span className="text-base font-semibold text-ink">{formatMoney(roundToCents(product.price))}</span>
              {reduced && (
                <>
                  {' '}
                  <s className="text-ink-muted">{formatMoney(roundToCents(product.originalPrice!))}</s>
                </>
              )}
            </>
          )}
        </p>
        <p className="tabular">
          <StockLine product={product} />
        </p>
      </div>
      <div className="grid grid-cols-2 border-t border-line">
        <button type="button" onClick={onEdit} className="inline-flex min-h-11 items-center justify-center gap-2 text-sm font-semibold text-ink hover:bg-paper" aria-label={`Edit ${product.name}`}>
          <EditIcon />
          Edit
        </button>
        <button type="button" onClick={onDelete} className="inline-flex min-h-11 items-center justify-center gap-2 border-l border-line text-sm font-semibold text-danger hover:bg-danger-soft" aria-label={`Delete ${product.name}`}>
          <TrashIcon />
          Delete
        </button>
      </div>
    </li>
  );
}

/** The grid's placeholder while the first page loads (no jump when it arrives). */
function SkeletonGrid() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-hidden="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="h-[11.5rem] animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
      ))}
    </ul>
  );
}

/** The single-management section: search, category filter, stat cards, the card grid and paging. */
function ProductsSection({ filters }: { filters: ProductsFilters }) {
  const { data, error, loading } = useQuery($productsPage);
  const last = useRef<AdminProductsPage | undefined>(undefined);
  if (data) last.current = data;
  const shown = data ?? (loading ? last.current : undefined);
  const pages = shown ? countPages(shown.total, shown.pageSize) : 1;
  const filtered = filters.q !== '' || filters.category !== 'All';
  const [editing, setEditing] = useState<AdminProduct | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminProduct | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const categoryId = useId();
  const selection = selectionOf('products', useStore($bulkSelection));
  const ticked = (id: string) => selection.allMatching !== null || selection.ids.includes(id);
  const pageProducts = shown?.products ?? [];
  const pageIds = pageProducts.map((p) => p.id);
  const onPage = pageIds.filter((id) => selection.ids.includes(id)).length;
  const bulkFilter = { q: filters.q, category: filters.category, stock: filters.stock ?? 'all' };
  const pick = (products: readonly AdminProduct[], on: boolean) =>
    selectBulkIds(
      'products',
      products.map((p) => p.id),
      on,
      Object.fromEntries(products.map((p) => [p.id, `${p.name} (${p.sku})`])),
      Object.fromEntries(products.map((p) => [p.id, p.version])),
    );

  // 'All matching' names the filter it was chosen under: a new filter drops it.
  useEffect(() => {
    const current = $bulkSelection.get();
    if (current.kind === 'products' && current.allMatching) clearBulkSelection();
  }, [filters.q, filters.category, filters.stock]);

  // A fresh page is what staff now see: the picked products on it are acted on at these versions.
  useEffect(() => {
    if (data) refreshBulkVersions('products', Object.fromEntries(data.products.map((p) => [p.id, p.version])));
  }, [data]);

  // A page past the end (products were deleted) goes back to the last page there is.
  useEffect(() => {
    if (data && data.products.length === 0 && data.total > 0 && filters.page > 1) openProducts({ ...filters, page: countPages(data.total, data.pageSize) }, true);
  }, [data]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    const done = await deleteProduct(deleting.id);
    setDeleteBusy(false);
    if (done) setDeleting(null);
  };

  return (
    <>
      <div className="flex flex-wrap items-center gap-2 px-4 sm:px-6">
        <DebouncedSearch
          value={filters.q}
          onSearch={(q) => openProducts({ ...filters, q, page: 1 }, true)}
          label="Search products"
          placeholder="Search name, description, SKU or brand"
          className="min-w-0 basis-full sm:max-w-md sm:flex-1 sm:basis-auto"
        />
        <div className="flex min-w-0 flex-1 basis-full items-center gap-2 sm:flex-none sm:basis-auto">
          <label htmlFor={categoryId} className="text-sm font-semibold text-ink-soft">
            Category
          </label>
          <select id={categoryId} value={filters.category} onChange={(e) => openProducts({ ...filters, category: e.target.value, page: 1 })} className={`${FIELD_BOX} min-w-0 flex-1 border-ink/15 pr-9 font-medium sm:w-56 sm:flex-none`}>
            {ADMIN_CATEGORY_FILTER_OPTIONS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={`${categoryId}-stock`} className="text-sm font-semibold text-ink-soft">
            Stock
          </label>
          <select
            id={`${categoryId}-stock`}
            value={filters.stock ?? 'all'}
            onChange={(e) => openProducts({ ...filters, stock: e.target.value as StockFilter, page: 1 })}
            className={`${FIELD_BOX} min-w-0 border-ink/15 pr-9 font-medium`}
          >
            {STOCK_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STOCK_FILTER_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <label htmlFor={`${categoryId}-sort`} className="text-sm font-semibold text-ink-soft">
            Sort
          </label>
          <select
            id={`${categoryId}-sort`}
            value={filters.sort ? formatSort(filters.sort) : ''}
            onChange={(e) => openProducts({ ...filters, sort: parseSort(PRODUCT_SORT_FIELDS, e.target.value), page: 1 })}
            className={`${FIELD_BOX} min-w-0 border-ink/15 pr-9 font-medium`}
          >
            {PRODUCT_SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        {(filtered || filters.stock) && (
          <a href={productsExportPath(filters)} download className={`${BUTTONS.quiet} sm:ml-auto`}>
            Export filtered
          </a>
        )}
        <a href="/api/admin/products/export.csv" download className={`${BUTTONS.quiet} ${filtered || filters.stock ? '' : 'sm:ml-auto'}`}>
          Export all
        </a>
        <button ref={addButton} type="button" onClick={() => setEditing('new')} className={BUTTONS.accent}>
          <PlusIcon />
          Add product
        </button>
      </div>

      <dl className="grid grid-cols-2 gap-3 px-4 pt-4 sm:px-6 lg:grid-cols-4" aria-label="Catalogue stock">
        <StatCard label="Total products" value={shown?.stats.total} tone="ink" />
        <StatCard label="In stock" value={shown?.stats.inStock} tone="success" />
        <StatCard label="Out of stock" value={shown?.stats.outOfStock} tone="danger" />
        <StatCard label={`Low stock (≤ ${LOW_STOCK_MAX})`} value={shown?.stats.lowStock} tone="gold" />
      </dl>

      <div className="flex min-h-11 items-center gap-3 px-4 pt-4 pb-2 sm:px-6">
        {pageProducts.length > 0 && (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ink-soft">
            <SelectBox
              label="Select all products on this page"
              checked={selection.allMatching !== null || (pageIds.length > 0 && onPage === pageIds.length)}
              indeterminate={selection.allMatching === null && onPage > 0 && onPage < pageIds.length}
              onChange={(on) => pick(pageProducts, on)}
            />
            <span aria-hidden="true">Page</span>
          </label>
        )}
        <p className="min-h-5 text-sm text-ink-muted tabular" aria-live="polite">
          {shown ? `${shown.total.toLocaleString('en-US')} ${shown.total === 1 ? 'product' : 'products'}${filtered ? ' match' : ''} · ${filters.sort ? 'sorted' : 'by name'}` : '\u00a0'}
        </p>
      </div>

      {/* Sticky from 640 px only: on a phone the bar's wrapped buttons would cover most of the grid. */}
      <div className="z-20 px-4 sm:sticky sm:top-0 sm:px-6">
        <div className="overflow-hidden rounded-xl bg-white shadow-card empty:hidden">
          <BulkBar
            kind="products"
            noun={['product', 'products']}
            total={shown?.total ?? 0}
            pageIds={pageIds}
            filter={bulkFilter}
            actions={PRODUCT_BULK_ACTIONS}
            labelOf={(id) => {
              const product = pageProducts.find((p) => p.id === id);
              return product ? `${product.name} (${product.sku})` : id;
            }}
            extra={<ExportSelected kind="products" pathOf={(ids) => productsExportPath(filters, ids)} />}
          />
        </div>
      </div>

      <div className={`px-4 pb-4 sm:px-6 ${loading && !data ? 'opacity-60' : ''}`} aria-busy={loading || undefined}>
        {error && !shown ? (
          <div role="alert" className="rounded-xl border border-line bg-white p-6 text-sm">
            <p className="font-semibold text-danger">The products could not be loaded.</p>
            <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
            <button type="button" onClick={() => $productsPage.refresh()} className={`${BUTTONS.quiet} mt-3`}>
              Try again
            </button>
          </div>
        ) : !shown ? (
          <SkeletonGrid />
        ) : shown.products.length === 0 ? (
          <div className="grid place-items-center rounded-xl border border-dashed border-ink/20 bg-white/70 px-6 py-16 text-center">
            <div>
              <p className="font-display text-xl font-semibold text-ink">No products found</p>
              <p className="mt-1 text-sm text-ink-muted">{filtered ? 'No product matches this search and category.' : 'Add the first product to start the catalogue.'}</p>
              {filtered && (
                <button type="button" onClick={() => openProducts({})} className={`${BUTTONS.quiet} mt-4 rounded-full`}>
                  Clear filters
                </button>
              )}
            </div>
          </div>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-label="Products">
            {shown.products.map((product) => (
              <ProductCard key={product.id} product={product} selected={ticked(product.id)} onSelect={(on) => pick([product], on)} onEdit={() => setEditing(product)} onDelete={() => setDeleting(product)} />
            ))}
          </ul>
        )}
      </div>

      <nav aria-label="Pagination" className="sticky bottom-0 z-10 flex items-center justify-between gap-3 border-t border-line bg-paper/95 px-4 py-2 backdrop-blur sm:px-6">
        <button type="button" onClick={() => openProducts({ ...filters, page: filters.page - 1 })} disabled={filters.page <= 1} className={BUTTONS.quiet}>
          Previous
        </button>
        <p className="text-sm whitespace-nowrap text-ink-soft tabular" aria-live="polite">
          Page {Math.min(filters.page, pages)} of {pages}
        </p>
        <button type="button" onClick={() => openProducts({ ...filters, page: filters.page + 1 })} disabled={!shown || filters.page >= pages} className={BUTTONS.quiet}>
          Next
        </button>
      </nav>

      {editing && (
        <ProductDialog
          key={editing === 'new' ? 'new' : editing.id}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
          returnFocusTo={() => addButton.current}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={ADMIN_CATALOG_MESSAGES.confirmDelete}
          description={`${deleting.name} (${deleting.sku}) leaves the shop at once. Orders that contain it keep it.`}
          confirmLabel="Delete product"
          busy={deleteBusy}
          onConfirm={() => void confirmDelete()}
          onClose={() => setDeleting(null)}
          returnFocusTo={() => addButton.current}
        />
      )}
    </>
  );
}

/** The Products view (spec §2.13): the section switcher, then the open section. */
export function ProductsView({ search }: { search: Record<string, string> }) {
  const filters = parseProductsFilters(search);
  return (
    <div className="h-full overflow-y-auto">
      <div className="grid gap-3 px-4 pt-5 pb-4 sm:px-6 lg:flex lg:items-end lg:justify-between">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Products</h1>
        <nav aria-label="Product management">
          <ul className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-white p-1 sm:grid-cols-4 lg:flex">
            {PRODUCT_SECTIONS.map((section) => {
              const current = filters.section === section;
              return (
                <li key={section} className="grid">
                  <a
                    href={adminPath('products', {}, productsFiltersToSearch({ section }))}
                    onClick={(e) => followAdminLink(e)}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex min-h-11 items-center justify-center rounded-lg px-2 py-1 text-center text-sm leading-tight font-semibold sm:px-3.5 lg:whitespace-nowrap ${current ? 'bg-ink text-paper' : 'text-ink-soft hover:bg-canvas hover:text-ink'}`}
                  >
                    {SECTION_LABELS[section]}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <ContentConflicts />
      {filters.section === 'single' ? (
        <ProductsSection filters={filters} />
      ) : filters.section === 'bulk' ? (
        <BulkUploadSection jobId={search.job} />
      ) : filters.section === 'safety' ? (
        <SafetySheetsSection />
      ) : (
        <CategoriesSection />
      )}
    </div>
  );
}

/** The Products view's frame before the island hydrates. */
ProductsView.Skeleton = function ProductsViewSkeleton() {
  return (
    <div className="h-full overflow-hidden">
      <div className="px-4 pt-5 pb-4 sm:px-6">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Products</h1>
      </div>
      <div className="px-4 sm:px-6">
        <SkeletonGrid />
      </div>
    </div>
  );
};
