import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_QUERY_RETAIN_MS, ADMIN_QUERY_STALE_MS } from '../../../src/lib/admin-constants';

type QueryModule = typeof import('../../../src/stores/admin-query');
let query: QueryModule;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.resetModules();
  query = await import('../../../src/stores/admin-query');
});
afterEach(() => vi.useRealTimers());

/** Lets pending promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('back office query cache', () => {
  it('fetches the key of its sources when held, and again when the key changes', async () => {
    const $page = atom('a');
    const fetcher = vi.fn(async (key: string) => `data of ${key}`);
    const $q = query.createQuery({ sources: [$page], key: () => `/api/${$page.get()}`, fetcher });
    const release = $q.hold();
    expect($q.get().loading).toBe(true);
    await settle();
    expect($q.get()).toEqual({ data: 'data of /api/a', loading: false });
    $page.set('b');
    await settle();
    expect(fetcher).toHaveBeenLastCalledWith('/api/b');
    expect($q.get().data).toBe('data of /api/b');
    release();
  });

  it('serves a key from the cache while it is fresh (5 minutes) and asks again once stale', async () => {
    const $page = atom('a');
    const fetcher = vi.fn(async (key: string) => key);
    const $q = query.createQuery({ sources: [$page], key: () => $page.get(), fetcher });
    const release = $q.hold();
    await settle();
    $page.set('b');
    await settle();
    $page.set('a');
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect($q.get().data).toBe('a');
    await vi.advanceTimersByTimeAsync(ADMIN_QUERY_STALE_MS + 1);
    $page.set('b');
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(3);
    release();
  });

  it('forgets answers after the retention time (10 minutes)', async () => {
    const $page = atom<string | null>('a');
    const fetcher = vi.fn(async (key: string) => key);
    const $q = query.createQuery({ sources: [$page], key: () => $page.get(), fetcher, staleMs: Infinity });
    const release = $q.hold();
    await settle();
    $page.set(null);
    await vi.advanceTimersByTimeAsync(ADMIN_QUERY_RETAIN_MS + 1);
    $page.set('a');
    expect($q.get()).toEqual({ loading: true });
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(2);
    release();
  });

  it('polls while held and stops when released', async () => {
    const fetcher = vi.fn(async () => 1);
    const $q = query.createQuery({ sources: [], key: () => '/api/summary', fetcher, staleMs: 1000, pollMs: 3000 });
    const release = $q.hold();
    await settle();
    await vi.advanceTimersByTimeAsync(9000);
    expect(fetcher).toHaveBeenCalledTimes(4);
    release();
    await vi.advanceTimersByTimeAsync(9000);
    expect(fetcher).toHaveBeenCalledTimes(4);
  });

  it('keeps the last data beside an error', async () => {
    let fail = false;
    const fetcher = vi.fn(async () => {
      if (fail) throw new Error('offline');
      return 'ok';
    });
    const $q = query.createQuery({ sources: [], key: () => '/k', fetcher });
    const release = $q.hold();
    await settle();
    fail = true;
    $q.refresh();
    await settle();
    expect($q.get()).toMatchObject({ data: 'ok', loading: false, error: new Error('offline') });
    release();
  });

  it('shows data put into the cache at once and refreshes matching queries', async () => {
    const fetcher = vi.fn(async (key: string) => `server ${key}`);
    const $order = query.createQuery({ sources: [], key: () => '/api/admin/orders/1', fetcher });
    const $list = query.createQuery({ sources: [], key: () => '/api/admin/orders?page=1', fetcher });
    const releaseOrder = $order.hold();
    const releaseList = $list.hold();
    await settle();
    query.setQueryData('/api/admin/orders/1', 'approved order');
    expect($order.get().data).toBe('approved order');
    query.refreshQueries((key) => key.startsWith('/api/admin/orders?'));
    await settle();
    expect(fetcher.mock.calls.map(([k]) => k)).toEqual(['/api/admin/orders/1', '/api/admin/orders?page=1', '/api/admin/orders?page=1']);
    releaseOrder();
    releaseList();
  });

  it('shares one request between two queries on the same key', async () => {
    const fetcher = vi.fn(async () => 'x');
    const a = query.createQuery({ sources: [], key: () => '/same', fetcher });
    const b = query.createQuery({ sources: [], key: () => '/same', fetcher });
    const ra = a.hold();
    const rb = b.hold();
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(b.get().data).toBe('x');
    ra();
    rb();
  });
});
