import { describe, expect, it } from 'vitest';
import { nextSort, ordersApiPath, ordersFiltersToSearch, pageNumbers, parseOrdersFilters, readPageSize } from '../../../src/lib/admin/admin-views';
import { parseProductsFilters, productsApiPath, productsFiltersToSearch } from '../../../src/lib/admin/products-filters';
import { parseUsersFilters, usersExportPath, usersFiltersToSearch } from '../../../src/lib/admin/users-filters';

describe('sort and page size in the URL of the back-office lists', () => {
  it('reads a valid sort and page size from the orders URL, and writes them back', () => {
    const filters = parseOrdersFilters({ sort: 'total:desc', pageSize: '50', page: '2' });
    expect(filters).toEqual({ status: 'all', q: '', page: 2, pageSize: 50, sort: { field: 'total', direction: 'desc' } });
    expect(ordersFiltersToSearch(filters)).toEqual({ page: '2', pageSize: '50', sort: 'total:desc' });
    expect(ordersApiPath(filters)).toBe('/api/admin/orders?status=all&q=&page=2&pageSize=50&sort=total%3Adesc');
  });

  it('ignores a sort of an unknown column and a page size the lists do not offer', () => {
    expect(parseOrdersFilters({ sort: 'password:asc', pageSize: '37' })).toEqual({ status: 'all', q: '', page: 1 });
    expect(readPageSize('100')).toBe(100);
    expect(readPageSize('1000')).toBe(20);
  });

  it('keeps the users and products sorts in their URLs', () => {
    const users = parseUsersFilters({ sort: 'lastLogin:desc', pageSize: '100' });
    expect(usersFiltersToSearch(users)).toEqual({ sort: 'lastLogin:desc', pageSize: '100' });
    expect(usersExportPath(users)).toBe('/api/admin/users/export.csv?q=&status=all&sort=lastLogin%3Adesc');
    const products = parseProductsFilters({ sort: 'price:asc' });
    expect(productsFiltersToSearch(products)).toEqual({ sort: 'price:asc' });
    expect(productsApiPath(products)).toContain('sort=price%3Aasc');
  });
});

describe('sortable headers and page numbers', () => {
  it('turns the sorted column around and starts another column in its own first direction', () => {
    expect(nextSort(undefined, 'total', 'desc')).toEqual({ field: 'total', direction: 'desc' });
    expect(nextSort({ field: 'total', direction: 'desc' }, 'total', 'desc')).toEqual({ field: 'total', direction: 'asc' });
    expect(nextSort({ field: 'total', direction: 'asc' }, 'customer', 'asc')).toEqual({ field: 'customer', direction: 'asc' });
  });

  it('shows the first, the last and the pages around the current one, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 3)).toEqual([1, 2, 3]);
    expect(pageNumbers(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageNumbers(10, 10)).toEqual([1, null, 9, 10]);
  });
});
