/**
 * Back-office customers (spec §2.13 Users): the users page of the URL's filters with its stat cards,
 * the selected customer's detail, and block/unblock and delete. Reads go through the query cache of
 * ./admin-query.ts; every change refreshes the list and the detail it touched.
 */
import { ADMIN_USER_MESSAGES, adminUserDetailSchema, adminUserSchema, adminUsersPageSchema, type AdminUser, type AdminUserDetail, type AdminUsersPage } from '../lib/schemas/admin-users';
import { parseUsersFilters, userApiPath, usersApiPath, usersFiltersToSearch, type UsersFilters } from '../lib/admin/users-filters';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries } from './admin-query';
import { $adminRouter, adminPath, navigateAdmin } from './admin-router';
import { $admin } from './admin-session';
import { toast } from './admin-toasts';

/** Whether the signed-in member manages customers. */
function mayManageUsers(): boolean {
  return $admin.get()?.permissions.includes('manage_users') ?? false;
}

/** The users page of the URL's filters (with the stat cards), or nothing off the view. */
export const $usersPage = createQuery<AdminUsersPage>({
  sources: [$adminRouter, $admin],
  key: () => {
    const page = $adminRouter.get();
    return mayManageUsers() && page && (page.route === 'users' || page.route === 'user') ? usersApiPath(parseUsersFilters(page.search)) : null;
  },
  fetcher: async (path) => readAs(adminUsersPageSchema, await requestAdmin(path), path),
});

/** The selected customer with their orders and total spent. */
export const $selectedUser = createQuery<AdminUserDetail>({
  sources: [$adminRouter, $admin],
  key: () => {
    const page = $adminRouter.get();
    return mayManageUsers() && page?.route === 'user' && page.params.id ? userApiPath(page.params.id) : null;
  },
  fetcher: async (path) => readAs(adminUserDetailSchema, await requestAdmin(path), path),
});

/** Opens the users list (or one customer) with these filters. */
export function openUsers(filters: Partial<UsersFilters>, options: { id?: string; replace?: boolean } = {}): void {
  const search = usersFiltersToSearch(filters);
  navigateAdmin(options.id ? adminPath('user', { id: options.id }, search) : adminPath('users', {}, search), options.replace);
}

/** Asks the server again for every users page, and for the customer details too unless told otherwise. */
function refreshUsers(details = true): void {
  refreshQueries((key) => key.startsWith('/api/admin/users?') || (details && key.startsWith('/api/admin/users/')));
}

/** Blocks or unblocks a customer; toasts the outcome and returns the customer as now stored, or null on failure. */
export async function setUserBlocked(id: string, isBlocked: boolean): Promise<AdminUser | null> {
  const path = userApiPath(id);
  try {
    const user = readAs(adminUserSchema, await requestAdmin(path, { method: 'PATCH', body: { isBlocked } }), path);
    toast.success(isBlocked ? ADMIN_USER_MESSAGES.blocked : ADMIN_USER_MESSAGES.unblocked);
    return user;
  } catch (err) {
    toast.error(err instanceof AdminApiError ? err.message : String(err));
    return null;
  } finally {
    refreshUsers();
  }
}

/** Deletes a customer for good; true when done, or when they were already gone (404). */
export async function deleteUser(id: string): Promise<boolean> {
  try {
    await requestAdmin(userApiPath(id), { method: 'DELETE' });
    toast.success(ADMIN_USER_MESSAGES.deleted);
    return true;
  } catch (err) {
    toast.error(err instanceof AdminApiError ? err.message : String(err));
    return err instanceof AdminApiError && err.status === 404;
  } finally {
    // The deleted customer's detail would only answer 404: the view closes it instead.
    refreshUsers(false);
  }
}
