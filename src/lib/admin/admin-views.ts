/**
 * The back office's views, their URLs and who may open them: pure functions shared by the
 * dashboard page (server-side 404 and first render) and the island (router, sidebar, landing view).
 */
import { BADGE_CAP, BADGE_CAP_TEXT } from '../constants';
import { ADMIN_PAGE_SIZE_DEFAULT, adminOrdersQuerySchema, type OrderStatusFilter, type Permission, type StaffRole } from '../schemas/admin';

/** Every URL of the dashboard island, by route name (":param" patterns, matched by ./admin-router). */
export const ADMIN_ROUTES = {
  overview: '/admin/dashboard',
  orders: '/admin/dashboard/orders',
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

/** The view a route belongs to (an order's detail belongs to Orders, an enquiry's to Enquiries, a customer's to Users). */
export function viewOfRoute(route: AdminRoute): AdminView {
  if (route === 'enquiry') return 'enquiries';
  if (route === 'user') return 'users';
  return route === 'order' ? 'orders' : route;
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
}

/** Reads the orders filters from URL search parameters; anything unreadable falls back to the default. */
export function parseOrdersFilters(search: Record<string, string | undefined>): OrdersFilters {
  const { status, q, page } = adminOrdersQuerySchema.parse({ status: search.status, q: search.q ?? '', page: search.page });
  return { status, q, page };
}

/** The URL search parameters of the orders filters, defaults left out so URLs stay short. */
export function ordersFiltersToSearch(filters: Partial<OrdersFilters>): Record<string, string> {
  const search: Record<string, string> = {};
  if (filters.status && filters.status !== 'all') search.status = filters.status;
  const q = filters.q?.trim();
  if (q) search.q = q;
  if (filters.page && filters.page > 1) search.page = String(filters.page);
  return search;
}

/** GET /api/admin/orders for these filters (page size ADMIN_PAGE_SIZE_DEFAULT). */
export function ordersApiPath(filters: OrdersFilters): string {
  const query = new URLSearchParams({ status: filters.status, q: filters.q, page: String(filters.page), pageSize: String(ADMIN_PAGE_SIZE_DEFAULT) });
  return `/api/admin/orders?${query}`;
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
