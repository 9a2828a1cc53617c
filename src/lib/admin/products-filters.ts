/**
 * The Products view's state as its URL carries it (so reload, links and the back button keep it):
 * which section is open, the search, the category filter and the page. Pure.
 */
import { ADMIN_CATEGORY_FILTER_ALL, ADMIN_CATEGORY_FILTER_OPTIONS } from '../schemas/admin-catalog';
import { formatSort, parseSort, PRODUCT_SORT_FIELDS, type ListSort, type ProductSortField } from '../schemas/admin-sort';
import { STOCK_FILTERS, type StockFilter } from './stock';

/** The orders the products grid offers (by name when none is chosen), as `<field>:<direction>` with their labels. */
export const PRODUCT_SORT_OPTIONS: readonly { value: string; label: string }[] = [
  { value: '', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'price:asc', label: 'Price, low to high' },
  { value: 'price:desc', label: 'Price, high to low' },
  { value: 'stock:asc', label: 'Stock, fewest first' },
  { value: 'stock:desc', label: 'Stock, most first' },
  { value: 'updatedAt:desc', label: 'Recently changed' },
  { value: 'createdAt:desc', label: 'Newest' },
  { value: 'sku:asc', label: 'SKU' },
  { value: 'brand:asc', label: 'Brand' },
];

/** The sections of the Products view: one-by-one management, the bulk upload, brands and categories, the safety data sheet report. */
export const PRODUCT_SECTIONS = ['single', 'bulk', 'brands', 'safety'] as const;
export type ProductSection = (typeof PRODUCT_SECTIONS)[number];

/** How each section reads in the view's switcher. */
export const SECTION_LABELS: Record<ProductSection, string> = {
  single: 'Single management',
  bulk: 'Bulk Upload',
  brands: 'Brands & categories',
  safety: 'Safety data sheets',
};

const ALL_CATEGORIES = ADMIN_CATEGORY_FILTER_ALL;
const CATEGORY_FILTER_OPTIONS: readonly string[] = ADMIN_CATEGORY_FILTER_OPTIONS;

/** Products per page of the card grid (divides into rows of 2, 3 and 4). */
export const PRODUCTS_PAGE_SIZE = 24;

/** Longest search the view sends. */
const SEARCH_MAX = 200;

/** The Products view's filters. */
export interface ProductsFilters {
  section: ProductSection;
  q: string;
  category: string;
  page: number;
  /** Stock level shown (the overview's low-stock alert links to 'short'); 'all' when absent. */
  stock?: StockFilter;
  /** The grid's order; by name when absent. */
  sort?: ListSort<ProductSortField>;
}

/** Reads the filters from URL search parameters; anything unreadable falls back to its default. */
export function parseProductsFilters(search: Record<string, string | undefined>): ProductsFilters {
  const section = PRODUCT_SECTIONS.find((s) => s === search.section) ?? 'single';
  const q = (search.q ?? '').trim().slice(0, SEARCH_MAX);
  const category = CATEGORY_FILTER_OPTIONS.find((c) => c === search.category) ?? ALL_CATEGORIES;
  const page = Number(search.page);
  const stock = STOCK_FILTERS.find((s) => s === search.stock) ?? 'all';
  const sort = parseSort(PRODUCT_SORT_FIELDS, search.sort);
  return { section, q, category, page: Number.isInteger(page) && page >= 1 ? page : 1, ...(stock !== 'all' && { stock }), ...(sort && { sort }) };
}

/** The URL search parameters of the filters, defaults left out so URLs stay short. */
export function productsFiltersToSearch(filters: Partial<ProductsFilters>): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.section && filters.section !== 'single') search.section = filters.section;
  const q = filters.q?.trim();
  if (q) search.q = q;
  if (filters.category && filters.category !== ALL_CATEGORIES) search.category = filters.category;
  if (filters.page && filters.page > 1) search.page = String(filters.page);
  if (filters.stock && filters.stock !== 'all') search.stock = filters.stock;
  if (filters.sort) search.sort = formatSort(filters.sort);
  return search;
}

/** GET /api/admin/products for these filters ('All' sends no category). */
export function productsApiPath(filters: ProductsFilters): string {
  const query = new URLSearchParams({ q: filters.q, page: String(filters.page), pageSize: String(PRODUCTS_PAGE_SIZE) });
  if (filters.category !== ALL_CATEGORIES) query.set('category', filters.category);
  if (filters.stock && filters.stock !== 'all') query.set('stock', filters.stock);
  if (filters.sort) query.set('sort', formatSort(filters.sort));
  return `/api/admin/products?${query}`;
}

/** GET /api/admin/products/export.csv of the products these filters match, or of just `ids` when given. */
export function productsExportPath(filters: Pick<ProductsFilters, 'q' | 'category' | 'stock'>, ids?: readonly string[]): string {
  if (ids) return `/api/admin/products/export.csv?${new URLSearchParams({ ids: ids.join(',') })}`;
  const query = new URLSearchParams();
  if (filters.q) query.set('q', filters.q);
  if (filters.category !== ALL_CATEGORIES) query.set('category', filters.category);
  if (filters.stock && filters.stock !== 'all') query.set('stock', filters.stock);
  const search = query.toString();
  return `/api/admin/products/export.csv${search ? `?${search}` : ''}`;
}
