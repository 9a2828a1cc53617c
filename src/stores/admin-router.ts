/**
 * $adminRouter: the dashboard island's URL as a store. Each view, its filters and the selected
 * order live in the URL, so reload and the back button keep them (spec §2.13).
 */
import { createRouter, getPagePath, openPage, redirectPage } from '@nanostores/router';
import { ADMIN_ROUTES, ordersFiltersToSearch, type AdminRoute, type OrdersFilters } from '../components/admin/admin-views';

/** The current dashboard page; links are not intercepted (the island's own links call navigate). */
export const $adminRouter = createRouter(ADMIN_ROUTES, { links: false });

/** The path of a route with its parameters and search. */
export function adminPath(route: AdminRoute, params: { id?: string } = {}, search: Record<string, string> = {}): string {
  return route === 'order'
    ? getPagePath($adminRouter, 'order', { id: params.id ?? '' }, search)
    : getPagePath($adminRouter, route as Exclude<AdminRoute, 'order'>, {}, search);
}

/** Opens a dashboard path; `replace` keeps the history entry (typing in a search box). */
export function navigateAdmin(path: string, replace = false): void {
  $adminRouter.open(path, replace);
}

/** Opens the orders list (or one order) with these filters. */
export function openOrders(filters: Partial<OrdersFilters>, options: { id?: string; replace?: boolean } = {}): void {
  const search = ordersFiltersToSearch(filters);
  if (options.id) (options.replace ? redirectPage : openPage)($adminRouter, 'order', { id: options.id }, search);
  else (options.replace ? redirectPage : openPage)($adminRouter, 'orders', {}, search);
}
