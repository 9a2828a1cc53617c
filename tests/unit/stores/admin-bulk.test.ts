import { beforeEach, describe, expect, it } from 'vitest';
import { productsExportPath } from '../../../src/lib/admin/products-filters';
import { ordersExportPath } from '../../../src/lib/admin/admin-views';
import { $bulkSelection, clearBulkSelection, refreshBulkVersions, selectAllMatching, selectBulkIds } from '../../../src/stores/admin-bulk';

describe('the bulk selection with versions', () => {
  beforeEach(() => clearBulkSelection());

  it('keeps the version each product was picked at, and forgets none when one is unticked', () => {
    selectBulkIds('products', ['a', 'b'], true, { a: 'A', b: 'B' }, { a: 3, b: 7 });
    selectBulkIds('products', ['b'], false);
    expect($bulkSelection.get()).toMatchObject({ kind: 'products', ids: ['a'], versions: { a: 3, b: 7 } });
  });

  it('takes a fresh page’s versions for picked products only', () => {
    selectBulkIds('products', ['a'], true, {}, { a: 3 });
    refreshBulkVersions('products', { a: 4, z: 9 });
    expect($bulkSelection.get().versions).toEqual({ a: 4 });
    refreshBulkVersions('orders', { a: 5 });
    expect($bulkSelection.get().versions).toEqual({ a: 4 });
  });

  it('drops the versions when every matching product is chosen (the server reads them)', () => {
    selectBulkIds('products', ['a'], true, {}, { a: 3 });
    selectAllMatching('products', 40);
    expect($bulkSelection.get()).toMatchObject({ ids: [], allMatching: { total: 40 }, versions: {} });
  });
});

describe('export paths', () => {
  it('names the filter, or just the ids of the selection', () => {
    expect(productsExportPath({ q: '', category: 'All' })).toBe('/api/admin/products/export.csv');
    expect(productsExportPath({ q: 'deck', category: 'Wood Care', stock: 'low' })).toBe('/api/admin/products/export.csv?q=deck&category=Wood+Care&stock=low');
    expect(productsExportPath({ q: 'deck', category: 'All' }, ['a', 'b'])).toBe('/api/admin/products/export.csv?ids=a%2Cb');
    expect(ordersExportPath({ status: 'pending', q: 'x' }, ['o1'])).toBe('/api/admin/orders/export.csv?ids=o1');
  });
});
