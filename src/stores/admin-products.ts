/**
 * Back-office catalogue data (spec §2.13 Products): the products page of the URL's search, category
 * and page with its stat cards, the category/brand list, and the changes staff make to both. Reads
 * go through the query cache of ./admin-query.ts; every change refreshes what it touched.
 */
import {
  ADMIN_CATALOG_MESSAGES,
  adminCategoriesSchema,
  adminProductSchema,
  adminProductsPageSchema,
  productConflictSchema,
  type AdminCategoryList,
  type AdminProduct,
  type AdminProductsPage,
  type CategoryChange,
  type CategoryInput,
  type ProductInput,
} from '../lib/schemas/admin-catalog';
import { parseProductsFilters, productsApiPath } from '../lib/admin/products-filters';
import { familyResponseSchema, type FamilyResponse } from '../lib/schemas/paint';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries } from './admin-query';
import { $adminRouter } from './admin-router';
import { $admin } from './admin-session';
import { toast } from './admin-toasts';

/** Whether the signed-in member manages products. */
function mayManageProducts(): boolean {
  return $admin.get()?.permissions.includes('manage_products') ?? false;
}

/** The Products view's section of the current URL, or null off the view. */
function currentSection(): string | null {
  const page = $adminRouter.get();
  return mayManageProducts() && page?.route === 'products' ? parseProductsFilters(page.search).section : null;
}

/** The products page (with its stat cards) of the URL's filters; fetched only on the single-management section. */
export const $productsPage = createQuery<AdminProductsPage>({
  sources: [$adminRouter, $admin],
  key: () => (currentSection() === 'single' ? productsApiPath(parseProductsFilters($adminRouter.get()!.search)) : null),
  fetcher: async (path) => readAs(adminProductsPageSchema, await requestAdmin(path), path),
});

const CATEGORIES_PATH = '/api/admin/categories';

/** Every category/brand by order with its product count; fetched on the brands section. */
export const $adminCategories = createQuery<AdminCategoryList>({
  sources: [$adminRouter, $admin],
  key: () => (currentSection() === 'brands' ? CATEGORIES_PATH : null),
  fetcher: async (path) => readAs(adminCategoriesSchema, await requestAdmin(path), path),
});

/** The API path of one product. */
function productPath(id: string): string {
  return `/api/admin/products/${encodeURIComponent(id)}`;
}

/** Refreshes every products page and the categories (their counts follow the products). */
function refreshCatalogue(): void {
  refreshQueries((key) => key.startsWith('/api/admin/products?') || key === CATEGORIES_PATH);
}

/** The field messages of a refused request, if it carried any. */
function fieldsOf(error: AdminApiError): Record<string, string> | undefined {
  return (error.body as { error?: { fields?: Record<string, string> } } | null)?.error?.fields;
}

/** What a save came to: the saved product, or the refusal with its field messages or the newer version (409). */
export type SaveProductResult =
  | { ok: true; product: AdminProduct }
  | { ok: false; status: number; message: string; fields?: Record<string, string>; latest?: AdminProduct };

/**
 * Adds a product (no `id`) or saves an edit (`id` and the `version` the dialog opened at). 409 on an
 * edit hands back the product as it now is, so the dialog can offer to reload it.
 */
export async function saveProduct(input: ProductInput, target?: { id: string; version: number }): Promise<SaveProductResult> {
  const path = target ? productPath(target.id) : '/api/admin/products';
  try {
    const data = await requestAdmin(path, { method: target ? 'PUT' : 'POST', body: target ? { ...input, version: target.version } : input });
    const product = readAs(adminProductSchema, data, path);
    refreshCatalogue();
    toast.success(target ? ADMIN_CATALOG_MESSAGES.updated : ADMIN_CATALOG_MESSAGES.created);
    return { ok: true, product };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, String(err));
    if (error.status === 409) {
      const conflict = productConflictSchema.safeParse(error.body);
      return { ok: false, status: 409, message: error.message, fields: fieldsOf(error), latest: conflict.success ? conflict.data.product : undefined };
    }
    return { ok: false, status: error.status, message: error.message, fields: fieldsOf(error) };
  }
}

/** Fetches a product as it is now (the dialog's 'Load the latest version'). */
export async function fetchProduct(id: string): Promise<AdminProduct> {
  const path = productPath(id);
  return readAs(adminProductSchema, await requestAdmin(path), path);
}

/** The live sizes of a paint family (the dialog's siblings). */
export async function fetchFamily(slug: string): Promise<FamilyResponse> {
  const path = `/api/paint/family?slug=${encodeURIComponent(slug)}`;
  return readAs(familyResponseSchema, await requestAdmin(path), path);
}

/** Withdraws a product (kept for the orders that reference it); true when done. */
export async function deleteProduct(id: string): Promise<boolean> {
  try {
    await requestAdmin(productPath(id), { method: 'DELETE' });
    refreshCatalogue();
    toast.success(ADMIN_CATALOG_MESSAGES.deleted);
    return true;
  } catch (err) {
    toast.error(err instanceof AdminApiError ? err.message : String(err));
    if (err instanceof AdminApiError && err.status === 404) refreshCatalogue();
    return false;
  }
}

/** What a category change came to: done, or refused with its message and field messages. */
export type CategoryResult = { ok: true } | { ok: false; status: number; message: string; fields?: Record<string, string> };

/** Sends one category request; refreshes the list either way (a 409 may mean the list moved on). */
async function sendCategory(path: string, method: string, body: unknown, success?: string): Promise<CategoryResult> {
  try {
    await requestAdmin(path, { method, body });
    if (success) toast.success(success);
    return { ok: true };
  } catch (err) {
    const error = err instanceof AdminApiError ? err : new AdminApiError(0, String(err));
    const fields = fieldsOf(error);
    if (!fields) toast.error(error.message);
    return { ok: false, status: error.status, message: error.message, fields };
  } finally {
    refreshQueries((key) => key === CATEGORIES_PATH);
  }
}

/** Adds a category/brand (placed last unless an order is given). */
export function createCategory(input: CategoryInput): Promise<CategoryResult> {
  return sendCategory(CATEGORIES_PATH, 'POST', input, 'Category added.');
}

/** Changes a category/brand: its fields, `featured` alone, or `order` alone (moves it there). */
export function updateCategory(id: string, change: CategoryChange, success?: string): Promise<CategoryResult> {
  return sendCategory(`${CATEGORIES_PATH}/${encodeURIComponent(id)}`, 'PUT', change, success);
}

/** Deletes a category/brand; the server refuses (409, message shown) while products use it. */
export function deleteCategory(id: string): Promise<CategoryResult> {
  return sendCategory(`${CATEGORIES_PATH}/${encodeURIComponent(id)}`, 'DELETE', undefined, 'Category deleted.');
}
