import { describe, expect, it } from 'vitest';
import { adminPath } from '../../../../src/stores/admin-router';
import { matchAdminPath, viewOfRoute } from '../../../../src/lib/admin/admin-views';
import { parseUsersFilters, usersApiPath, usersFiltersToSearch } from '../../../../src/lib/admin/users-filters';
import { blockedBannerTitle } from '../../../../src/lib/schemas/admin-users';

describe('the Users view filters in the URL', () => {
  it('reads search, status and page, falling back to the defaults for anything unreadable', () => {
    expect(parseUsersFilters({})).toEqual({ q: '', status: 'all', page: 1 });
    expect(parseUsersFilters({ q: '  okafor ', status: 'blocked', page: '3' })).toEqual({ q: 'okafor', status: 'blocked', page: 3 });
    expect(parseUsersFilters({ status: 'sleeping', page: '0' })).toEqual({ q: '', status: 'all', page: 1 });
    expect(parseUsersFilters({ page: '2.5' }).page).toBe(1);
  });

  it('writes only what differs from the defaults, and round-trips', () => {
    expect(usersFiltersToSearch({ q: '', status: 'all', page: 1 })).toEqual({});
    const filters = { q: 'grace', status: 'active' as const, page: 2 };
    expect(usersFiltersToSearch(filters)).toEqual({ q: 'grace', status: 'active', page: '2' });
    expect(parseUsersFilters(usersFiltersToSearch(filters))).toEqual(filters);
  });

  it('asks the API for the page of 20 of these filters', () => {
    expect(usersApiPath({ q: 'a b', status: 'blocked', page: 2 })).toBe('/api/admin/users?q=a+b&status=blocked&page=2&pageSize=20');
  });

  it("opens a customer's detail at /admin/dashboard/users/:id, part of the Users view", () => {
    const path = adminPath('user', { id: 'c-1' }, { q: 'ada' });
    expect(path).toBe('/admin/dashboard/users/c-1?q=ada');
    const location = matchAdminPath('/admin/dashboard/users/c-1');
    expect(location).toEqual({ route: 'user', params: { id: 'c-1' } });
    expect(viewOfRoute(location!.route)).toBe('users');
    expect(matchAdminPath('/admin/dashboard/users')).toEqual({ route: 'users', params: {} });
  });

  it("titles the banner 'N User(s) Currently Blocked' (spec §2.13)", () => {
    expect(blockedBannerTitle(1)).toBe('1 User(s) Currently Blocked');
    expect(blockedBannerTitle(1200)).toBe('1,200 User(s) Currently Blocked');
  });
});
