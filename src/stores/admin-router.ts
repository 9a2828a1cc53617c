/**
 * $adminRouter: the dashboard island's URL as a store. Each view, its filters and the selected
 * order live in the URL, so reload and the back button keep them (spec §2.13).
 *
 * A dozen lines instead of @nanostores/router: the router needs nanostores' lifecycle module
 * (onMount), which then leaves the storefront's cart chunk and costs every public page a request
 * and 0.1 KB gzip. Routes and matching are the pure ADMIN_ROUTES / matchAdminPath of admin-views.
 */
import { atom } from 'nanostores';
import { ADMIN_ROUTES, matchAdminPath, ordersFiltersToSearch, type AdminRoute, type OrdersFilters } from '../lib/admin/admin-views';

/** The current dashboard page: route, parameters, search parameters and path (undefined off the dashboard). */
export interface AdminPage {
  route: AdminRoute;
  params: { id?: string };
  search: Record<string, string>;
  path: string;
}

/** Reads a page from a URL (path + search). */
function readPage(href: string): AdminPage | undefined {
  const url = new URL(href, 'http://admin.invalid');
  const location = matchAdminPath(url.pathname);
  return location ? { ...location, search: Object.fromEntries(url.searchParams), path: url.pathname } : undefined;
}

const $page = atom<AdminPage | undefined>(typeof window === 'undefined' ? undefined : readPage(window.location.href));

if (typeof window !== 'undefined') window.addEventListener('popstate', () => $page.set(readPage(window.location.href)));

/** The current dashboard page; `open` moves to another dashboard URL without reloading. */
export const $adminRouter = Object.assign($page, {
  /** Opens a dashboard path; `replace` keeps the history entry (typing in a search box). */
  open(path: string, replace = false): void {
    const current = window.location.pathname + window.location.search;
    if (path !== current) window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
    $page.set(readPage(path));
  },
});

/** The path of a route with its parameters and search. */
export function adminPath(route: AdminRoute, params: { id?: string } = {}, search: Record<string, string> = {}): string {
  const path = ADMIN_ROUTES[route].replace(':id', encodeURIComponent(params.id ?? ''));
  const query = new URLSearchParams(search).toString();
  return query ? `${path}?${query}` : path;
}

/** Opens a dashboard path; `replace` keeps the history entry. */
export function navigateAdmin(path: string, replace = false): void {
  $adminRouter.open(path, replace);
}

/** Opens the orders list (or one order) with these filters. */
export function openOrders(filters: Partial<OrdersFilters>, options: { id?: string; replace?: boolean } = {}): void {
  const search = ordersFiltersToSearch(filters);
  navigateAdmin(options.id ? adminPath('order', { id: options.id }, search) : adminPath('orders', {}, search), options.replace);
}
