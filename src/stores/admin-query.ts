/**
 * A small query cache for the back office (spec §9: data fresh 5 minutes, kept 10): one atom per
 * query, keyed by the API path its sources give, shared cache entries, polling while the tab is
 * visible, and cache updates after a change. Views hold a query while mounted (useQuery).
 * Built on `atom` alone instead of @nanostores/query: that brings nanostores' computed/batched and
 * lifecycle modules, which then leave the storefront's cart chunk and add requests and 0.3 KB gzip
 * to every public page (over the JS budget).
 */
import { atom, type ReadableAtom, type WritableAtom } from 'nanostores';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ADMIN_QUERY_RETAIN_MS, ADMIN_QUERY_STALE_MS } from '../lib/admin-constants';

/** What a view reads from a query. */
export interface QueryState<T> {
  data?: T;
  error?: unknown;
  loading: boolean;
}

/** A query store: its state plus a way to ask again. */
export interface QueryStore<T> extends ReadableAtom<QueryState<T>> {
  /** Fetches the current key now, whatever its age. */
  refresh(): void;
  /** Starts following the sources (and polling) until the returned release is called. */
  hold(): () => void;
}

interface CacheEntry {
  data: unknown;
  storedAt: number;
}

const cache = new Map<string, CacheEntry>();
const inflight = new Map<string, Promise<unknown>>();
const live = new Set<{ key: () => string | null; show: (data: unknown) => void; load: (force: boolean) => void }>();

/** A cached answer still worth showing (younger than the retention time), or undefined. */
function readCache(key: string, now = Date.now()): CacheEntry | undefined {
  for (const [k, entry] of cache) if (now - entry.storedAt > ADMIN_QUERY_RETAIN_MS) cache.delete(k);
  return cache.get(key);
}

/** Options of {@link createQuery}. */
export interface QueryOptions<T> {
  /** The stores the key depends on. */
  sources: readonly ReadableAtom<unknown>[];
  /** The key (an API path) of the current sources, or null when nothing is to be fetched. */
  key: () => string | null;
  /** Fetches and parses one key. */
  fetcher: (key: string) => Promise<T>;
  /** How long an answer counts as fresh (ADMIN_QUERY_STALE_MS by default). */
  staleMs?: number;
  /** Ask again this often while the tab is visible (no polling by default). */
  pollMs?: number;
}

/** A query: fetched when a view first reads it, again when its key changes or its answer is stale. */
export function createQuery<T>({ sources, key: computeKey, fetcher, staleMs = ADMIN_QUERY_STALE_MS, pollMs }: QueryOptions<T>): QueryStore<T> {
  const $state: WritableAtom<QueryState<T>> = atom<QueryState<T>>({ loading: false });
  let currentKey: string | null = null;

  const load = async (force: boolean): Promise<void> => {
    const key = currentKey;
    if (!key) return;
    const cached = readCache(key);
    if (!force && cached && Date.now() - cached.storedAt < staleMs) return;
    // A hidden tab does not poll; it asks again when shown.
    if (force && cached && typeof document !== 'undefined' && document.hidden) return;
    let request = inflight.get(key) as Promise<T> | undefined;
    if (!request) {
      request = fetcher(key);
      inflight.set(key, request);
      request.then(
        () => inflight.delete(key),
        () => inflight.delete(key),
      );
    }
    if (!$state.get().loading) $state.set({ ...$state.get(), loading: true });
    try {
      const data = await request;
      cache.set(key, { data, storedAt: Date.now() });
      if (currentKey === key) $state.set({ data, loading: false });
    } catch (error) {
      if (currentKey === key) $state.set({ data: $state.get().data, error, loading: false });
    }
  };

  const entry = {
    key: () => currentKey,
    show: (data: unknown) => $state.set({ data: data as T, loading: false }),
    load: (force: boolean) => void load(force),
  };

  const follow = () => {
    const next = computeKey();
    if (next === currentKey) return;
    currentKey = next;
    const cached = next ? readCache(next) : undefined;
    // Another key: its cached answer at once (or nothing), then the server if stale.
    $state.set(cached ? { data: cached.data as T, loading: false } : { loading: next !== null });
    void load(false);
  };

  let holders = 0;
  let release: (() => void) | undefined;
  const start = () => {
    live.add(entry);
    const unsubscribe = sources.map((source) => source.listen(follow));
    follow();
    const timer = pollMs ? setInterval(() => void load(true), pollMs) : undefined;
    const onVisible = () => {
      if (!document.hidden) void load(pollMs !== undefined);
    };
    const hasDocument = typeof document !== 'undefined';
    if (hasDocument) document.addEventListener('visibilitychange', onVisible);
    return () => {
      live.delete(entry);
      unsubscribe.forEach((stop) => stop());
      clearInterval(timer);
      if (hasDocument) document.removeEventListener('visibilitychange', onVisible);
      currentKey = null;
    };
  };

  const hold = () => {
    if (holders++ === 0) release = start();
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      if (--holders === 0) release?.();
    };
  };

  return Object.assign($state, { refresh: () => void load(true), hold });
}

/** Stores an answer (e.g. the order a change returned) and shows it in every query on that key. */
export function setQueryData(key: string, data: unknown): void {
  cache.set(key, { data, storedAt: Date.now() });
  for (const query of live) if (query.key() === key) query.show(data);
}

/** Asks the server again for every live query whose key matches. */
export function refreshQueries(matches: (key: string) => boolean): void {
  for (const [k] of cache) if (matches(k)) cache.delete(k);
  for (const query of live) {
    const key = query.key();
    if (key && matches(key)) query.load(true);
  }
}

/** Holds a query while the component is mounted and returns its state. */
export function useQuery<T>(query: QueryStore<T>): QueryState<T> {
  useEffect(() => query.hold(), [query]);
  return useStore(query);
}
