/**
 * The back office's views, their URLs and who may open them: pure functions shared by the
 * dashboard page (server-side 404 and first render) and the island (router, sidebar, landing view).
 */
import { BADGE_CAP, BADGE_CAP_TEXT } from '../constants';
import { ADMIN_PAGE_SIZE_DEFAULT, adminOrdersQuerySchema, type OrderStatusFilter, type Permission, type StaffRole } from '../schemas/admin';
import { formatSort, type ListSort, type OrderSortField } from '../schemas/admin-sort';

/** The page sizes a back-office table offers. */
export const LIST_PAGE_SIZES = [20, 50, 100] as const;

/** A page size from the URL: one of LIST_PAGE_SIZES, else the default. */
export function readPageSize(value: unknown): number {
  const size = Number(value);
  return (LIST_PAGE_SIZES as readonly number[]).includes(size) ? size : ADMIN_PAGE_SIZE_DEFAULT;
}

/** Every URL of the dashboard island, by route name (":param" patterns, matched by ./admin-router). */
export const ADMIN_ROUTES = {
  overview: '/admin/dashboard',
  orders: '/admin/dashboard/orders',
  payments: '/admin/dashboard/payments',
  order: '/admin/dashboard/orders/:id',
  products: '/admin/dashboard/products',
  users: '/admin/dashboard/users',
  user: '/admin/dashboard/users/:id',
  analytics: '/admin/dashboard/analytics',
  enquiries: '/admin/dashboard/enquiries',
  enquiry: '/admin/dashboard/enquiries/:id',
  staff: '/admin/dashboard/staff',
  audit: '/admin/dashboard/audit',
} as const;
export type AdminRoute = keyof typeof ADMIN_ROUTES;

/** The sidebar's views, in order. */
export const ADMIN_VIEWS = ['overview', 'products', 'users', 'orders', 'enquiries', 'analytics', 'staff', 'audit'] as const;
export type AdminView = (typeof ADMIN_VIEWS)[number];

/** What each view reads in the sidebar and which permission it needs (spec §2.13, §6); `role`: only that role may open it. */
export const VIEW_DEFINITIONS: Record<AdminView, { label: string; permission: Permission; route: AdminRoute; role?: StaffRole }> = {
  overview: { label: 'Dashboard', permission: 'view_analytics', route: 'overview' },
  products: { label: 'Products', permission: 'manage_products', route: 'products' },
  users: { label: 'Users', permission: 'manage_users', route: 'users' },
  orders: { label: 'Orders', permission: 'manage_orders', route: 'orders' },
  analytics: { label: 'Analytics', permission: 'view_analytics', route: 'analytics' },
  enquiries: { label: 'Enquiries', permission: 'manage_orders', route: 'enquiries' },
  staff: { label: 'Staff', permission: 'manage_users', route: 'staff', role: 'super_admin' },
  audit: { label: 'Audit log', permission: 'view_analytics', route: 'audit', role: 'super_admin' },
};

/** The view a route belongs to (an order's detail and the payments needing attention belong to Orders, an enquiry's to Enquiries, a customer's to Users). */
export function viewOfRoute(route: AdminRoute): AdminView {
  if (route === 'enquiry') return 'enquiries';
  if (route === 'user') return 'users';
  return route === 'order' || route === 'payments' ? 'orders' : route;
}

/** The views a staff member with these permissions (and this role) may open, in sidebar order. */
export function allowedViews(permissions: readonly Permission[], role?: StaffRole): AdminView[] {
  return ADMIN_VIEWS.filter((view) => canOpenView(permissions, view, role));
}

/** Whether these permissions (and this role, for a view only one role may open) open a view. */
export function canOpenView(permissions: readonly Permission[], view: AdminView, role?: StaffRole): boolean {
  const definition = VIEW_DEFINITIONS[view];
  return permissions.includes(definition.permission) && (definition.role === undefined || definition.role === role);
}

/** Where a staff member lands: the overview when allowed, otherwise the first view the role may use (null: none). */
export function landingView(permissions: readonly Permission[]): AdminView | null {
  return allowedViews(permissions)[0] ?? null;
}

/** A matched dashboard URL: its route and parameters. */
export interface AdminLocation {
  route: AdminRoute;
  params: { id?: string };
}

/**
 * Matches a pathname against ADMIN_ROUTES the way the router does (no trailing slash, any case):
 * '/admin/dashboard/orders/abc' → { route: 'order', params: { id: 'abc' } }; unknown paths → null.
 */
export function matchAdminPath(pathname: string): AdminLocation | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase() === '' ? '/' : pathname.replace(/\/+$/, '');
  for (const [route, pattern] of Object.entries(ADMIN_ROUTES) as [AdminRoute, string][]) {
    const source = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/:(\w+)/g, '/(?<$1>[^/]+)');
    const match = new RegExp(`^${source}$`, 'i').exec(path);
    if (!match) continue;
    const id = match.groups?.id;
    if (id === undefined) return { route, params: {} };
    try {
      return { route, params: { id: decodeURIComponent(id) } };
    } catch {
      return null;
    }
  }
  return null;
}

/** The filters of the orders view as the URL carries them. */
export interface OrdersFilters {
  status: OrderStatusFilter;
  q: string;
  page: number;
  /** Rows per page (LIST_PAGE_SIZES); ADMIN_PAGE_SIZE_DEFAULT when absent. */
  pageSize?: number;
  /** The column and direction; newest first when absent. */
  sort?: ListSort<OrderSortField>;
}

/** Reads the orders filters from URL search parameters; anything unreadable falls back to the default. */
export function parseOrdersFilters(search: Record<string, string | undefined>): OrdersFilters {
  const { status, q, page, sort } = adminOrdersQuerySchema.parse({ status: search.status, q: search.q ?? '', page: search.page, sort: search.sort });
  const pageSize = readPageSize(search.pageSize);
  return { status, q, page, ...(pageSize !== ADMIN_PAGE_SIZE_DEFAULT && { pageSize }), ...(sort && { sort }) };
}

/** The URL search parameters of the orders filters, defaults left out so URLs stay short. */
export function ordersFiltersToSearch(filters: Partial<OrdersFilters>): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.status && filters.status !== 'all') search.status = filters.status;
  const q = filters.q?.trim();
  if (q) search.q = q;
  if (filters.page && filters.page > 1) search.page = String(filters.page);
  if (filters.pageSize && filters.pageSize !== ADMIN_PAGE_SIZE_DEFAULT) search.pageSize = String(filters.pageSize);
  if (filters.sort) search.sort = formatSort(filters.sort);
  return search;
}

/** GET /api/admin/orders for these filters. */
export function ordersApiPath(filters: OrdersFilters): string {
  const query = new URLSearchParams({ status: filters.status, q: filters.q, page: String(filters.page), pageSize: String(filters.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT) });
  if (filters.sort) query.set('sort', formatSort(filters.sort));
  return `/api/admin/orders?${query}`;
}

/** GET /api/admin/orders/export.csv of these filters (every page), or of `ids` only. */
export function ordersExportPath(filters: Pick<OrdersFilters, 'status' | 'q' | 'sort'>, ids?: readonly string[]): string {
  const query = new URLSearchParams(ids ? { ids: ids.join(',') } : { status: filters.status, q: filters.q });
  if (filters.sort) query.set('sort', formatSort(filters.sort));
  return `/api/admin/orders/export.csv?${query}`;
}

/** The sort a header click asks for: the other direction on the sorted column, else the column's first direction. */
export function nextSort<F extends string>(current: ListSort<F> | undefined, field: F, first: 'asc' | 'desc'): ListSort<F> {
  if (current?.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: first };
}

/** The page numbers a pager shows: the first, the last and those around `page`, with null for a gap. */
export function pageNumbers(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const n of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === 'number' && n - prev > 1) out.push(null);
    out.push(n);
  }
  return out;
}

/** The number of pages of a list (at least 1). */
export function countPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** A count as a badge shows it: '99+' above BADGE_CAP, nothing for 0 or less. */
export function formatBadgeCount(count: number | null | undefined): string | null {
  if (count === null || count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_CAP ? BADGE_CAP_TEXT : String(Math.floor(count));
}

/** The accessible name of the pending-orders bell: 'Pending orders: 3' ('Pending orders' while unknown). */
export function pendingOrdersLabel(count: number | null | undefined): string {
  return count === null || count === undefined ? 'Pending orders' : `Pending orders: ${count}`;
}
