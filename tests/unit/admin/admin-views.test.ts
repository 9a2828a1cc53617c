import { describe, expect, it } from 'vitest';
import {
  allowedViews,
  canOpenView,
  countPages,
  formatBadgeCount,
  landingView,
  matchAdminPath,
  ordersApiPath,
  ordersFiltersToSearch,
  parseOrdersFilters,
  pendingOrdersLabel,
  viewOfRoute,
} from '../../../src/lib/admin/admin-views';
import { permissionsOf } from '../../../src/lib/schemas/admin';

describe('back office views by role', () => {
  it('shows a super admin every view in sidebar order and lands on the overview', () => {
    const permissions = permissionsOf('super_admin');
    expect(allowedViews(permissions)).toEqual(['overview', 'products', 'users', 'orders', 'enquiries', 'analytics']);
    expect(landingView(permissions)).toBe('overview');
  });

  it('lands an order manager on Orders; Enquiries is their other view', () => {
    const permissions = permissionsOf('order_manager');
    expect(allowedViews(permissions)).toEqual(['orders', 'enquiries']);
    expect(landingView(permissions)).toBe('orders');
    expect(canOpenView(permissions, 'overview')).toBe(false);
    expect(canOpenView(permissions, 'products')).toBe(false);
  });

  it('lands a product manager on Products', () => {
    expect(allowedViews(permissionsOf('product_manager'))).toEqual(['products']);
    expect(landingView(permissionsOf('product_manager'))).toBe('products');
  });

  it('gives an analyst the overview and Analytics', () => {
    expect(allowedViews(permissionsOf('analyst'))).toEqual(['overview', 'analytics']);
    expect(landingView(permissionsOf('analyst'))).toBe('overview');
  });

  it('has no landing view without permissions', () => {
    expect(landingView([])).toBeNull();
  });

  it('counts an order detail as the Orders view', () => {
    expect(viewOfRoute('order')).toBe('orders');
    expect(viewOfRoute('analytics')).toBe('analytics');
  });

  it('counts the payments needing attention as the Orders view', () => {
    expect(viewOfRoute('payments')).toBe('orders');
    expect(matchAdminPath('/admin/dashboard/payments')).toEqual({ route: 'payments', params: {} });
  });

  it('counts an enquiry detail as the Enquiries view', () => {
    expect(viewOfRoute('enquiry')).toBe('enquiries');
    expect(viewOfRoute('enquiries')).toBe('enquiries');
  });
});

describe('matchAdminPath', () => {
  it('matches every dashboard URL', () => {
    expect(matchAdminPath('/admin/dashboard')).toEqual({ route: 'overview', params: {} });
    expect(matchAdminPath('/admin/dashboard/')).toEqual({ route: 'overview', params: {} });
    expect(matchAdminPath('/admin/dashboard/orders')).toEqual({ route: 'orders', params: {} });
    expect(matchAdminPath('/admin/dashboard/products')).toEqual({ route: 'products', params: {} });
    expect(matchAdminPath('/admin/dashboard/users')).toEqual({ route: 'users', params: {} });
    expect(matchAdminPath('/admin/dashboard/analytics')).toEqual({ route: 'analytics', params: {} });
    expect(matchAdminPath('/admin/dashboard/enquiries')).toEqual({ route: 'enquiries', params: {} });
    expect(matchAdminPath('/admin/dashboard/enquiries/5b9e-c1')).toEqual({ route: 'enquiry', params: { id: '5b9e-c1' } });
  });

  it('reads the order id, decoded', () => {
    expect(matchAdminPath('/admin/dashboard/orders/9f1c-2a')).toEqual({ route: 'order', params: { id: '9f1c-2a' } });
    expect(matchAdminPath('/admin/dashboard/orders/a%20b')).toEqual({ route: 'order', params: { id: 'a b' } });
  });

  it('refuses unknown paths and broken escapes', () => {
    expect(matchAdminPath('/admin/dashboard/settings')).toBeNull();
    expect(matchAdminPath('/admin/dashboard/orders/1/2')).toBeNull();
    expect(matchAdminPath('/admin/dashboard/orders/%E0%A4%A')).toBeNull();
    expect(matchAdminPath('/admin')).toBeNull();
  });
});

describe('orders filters in the URL', () => {
  it('defaults to all statuses, no search, page 1', () => {
    expect(parseOrdersFilters({})).toEqual({ status: 'all', q: '', page: 1 });
  });

  it('reads status, search and page', () => {
    expect(parseOrdersFilters({ status: 'pending', q: ' ORD-123 ', page: '3' })).toEqual({ status: 'pending', q: 'ORD-123', page: 3 });
  });

  it('falls back to defaults for values it cannot read', () => {
    expect(parseOrdersFilters({ status: 'lost', page: '-2' })).toEqual({ status: 'all', q: '', page: 1 });
    expect(parseOrdersFilters({ page: 'abc' }).page).toBe(1);
  });

  it('leaves defaults out of the URL', () => {
    expect(ordersFiltersToSearch({ status: 'all', q: '  ', page: 1 })).toEqual({});
    expect(ordersFiltersToSearch({ status: 'shipped', q: 'smith', page: 2 })).toEqual({ status: 'shipped', q: 'smith', page: '2' });
  });

  it('asks the API for a page of 20', () => {
    expect(ordersApiPath({ status: 'pending', q: 'a&b', page: 2 })).toBe('/api/admin/orders?status=pending&q=a%26b&page=2&pageSize=20');
  });

  it('counts pages, at least one', () => {
    expect(countPages(0, 20)).toBe(1);
    expect(countPages(20, 20)).toBe(1);
    expect(countPages(21, 20)).toBe(2);
  });
});

describe('pending-orders bell', () => {
  it('shows the count up to 99, then 99+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12_345)).toBe('99+');
  });

  it('shows no badge for zero or an unknown count', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(null)).toBeNull();
    expect(formatBadgeCount(undefined)).toBeNull();
  });

  it('names the bell with the exact count', () => {
    expect(pendingOrdersLabel(3)).toBe('Pending orders: 3');
    expect(pendingOrdersLabel(150)).toBe('Pending orders: 150');
    expect(pendingOrdersLabel(0)).toBe('Pending orders: 0');
    expect(pendingOrdersLabel(null)).toBe('Pending orders');
  });
});
