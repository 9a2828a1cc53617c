/** The Users view's filters as the URL carries them (?q=&status=&page=), and the API path they ask for. */
import { ADMIN_PAGE_SIZE_DEFAULT } from '../schemas/admin';
import { USER_STATUS_FILTERS, type UserStatusFilter } from '../schemas/admin-users';
import { formatSort, parseSort, USER_SORT_FIELDS, type ListSort, type UserSortField } from '../schemas/admin-sort';
import { readPageSize } from './admin-views';

/** The filters of the users view. */
export interface UsersFilters {
  q: string;
  status: UserStatusFilter;
  page: number;
  /** Rows per page; ADMIN_PAGE_SIZE_DEFAULT when absent. */
  pageSize?: number;
  /** The column and direction; newest first when absent. */
  sort?: ListSort<UserSortField>;
}

/** How the status filter reads (spec §9: all, active, blocked). */
export const USER_STATUS_LABELS: Record<UserStatusFilter, string> = { all: 'All users', active: 'Active', blocked: 'Blocked' };

/** Reads the filters from URL search parameters; anything unreadable falls back to the default. */
export function parseUsersFilters(search: Record<string, string | undefined>): UsersFilters {
  const status = (USER_STATUS_FILTERS as readonly string[]).includes(search.status ?? '') ? (search.status as UserStatusFilter) : 'all';
  const page = Number(search.page);
  const pageSize = readPageSize(search.pageSize);
  const sort = parseSort(USER_SORT_FIELDS, search.sort);
  return {
    q: (search.q ?? '').trim().slice(0, 200),
    status,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    ...(pageSize !== ADMIN_PAGE_SIZE_DEFAULT && { pageSize }),
    ...(sort && { sort }),
  };
}

/** The URL search parameters of the filters, defaults left out so URLs stay short. */
export function usersFiltersToSearch(filters: Partial<UsersFilters>): Record<string, string> {
  const search: Record<string, string> = {};
  const q = filters.q?.trim();
  if (q) search.q = q;
  if (filters.status && filters.status !== 'all') search.status = filters.status;
  if (filters.page && filters.page > 1) search.page = String(filters.page);
  if (filters.pageSize && filters.pageSize !== ADMIN_PAGE_SIZE_DEFAULT) search.pageSize = String(filters.pageSize);
  if (filters.sort) search.sort = formatSort(filters.sort);
  return search;
}

/** GET /api/admin/users for these filters. */
export function usersApiPath(filters: UsersFilters): string {
  const query = new URLSearchParams({ q: filters.q, status: filters.status, page: String(filters.page), pageSize: String(filters.pageSize ?? ADMIN_PAGE_SIZE_DEFAULT) });
  if (filters.sort) query.set('sort', formatSort(filters.sort));
  return `/api/admin/users?${query}`;
}

/** GET /api/admin/users/export.csv of these filters (every page), or of `ids` only. */
export function usersExportPath(filters: Pick<UsersFilters, 'q' | 'status' | 'sort'>, ids?: readonly string[]): string {
  const query = new URLSearchParams(ids ? { ids: ids.join(',') } : { q: filters.q, status: filters.status });
  if (filters.sort) query.set('sort', formatSort(filters.sort));
  return `/api/admin/users/export.csv?${query}`;
}

/** The API path of one customer. */
export function userApiPath(id: string): string {
  return `/api/admin/users/${encodeURIComponent(id)}`;
}
