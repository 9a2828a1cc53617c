/**
 * Catalogue changes this process committed, told to the process's catalogue caches as they commit:
 * an order taking stock knows the revision it started from (it holds the revision's row lock, or
 * SQLite's one write transaction), the one it ended at, and every product row it wrote, so a cache
 * whose snapshot is of the first revision can make the next one without reading the database
 * (src/server/catalog/catalog.snapshot.ts). Changes made elsewhere (another process, staff, an
 * import) are found by the revision read as before.
 */
import type { ProductsTable } from '../db/schema';

/** A committed catalogue change: from one revision to another, with every product row it wrote. */
export interface OwnCatalogChange {
  /** The revision before the change, read under its lock. */
  from: number;
  /** The revision after it, read in the same transaction. */
  to: number;
  /**
   * The product rows as the change left them. Each row written moved the revision by one (a
   * statement of one row on PostgreSQL, a row on SQLite): a change whose step is not its row count
   * wrote something else too, and no cache applies it.
   */
  rows: readonly ProductsTable[];
}

const listeners = new Set<(change: OwnCatalogChange) => void>();

/** Calls `listener` with every change this process commits from now on; returns the unsubscribe. */
export function onOwnCatalogChange(listener: (change: OwnCatalogChange) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Tells the listeners of a change just committed. Never throws: the change is committed whatever a
 * cache makes of it, and the order it came from must still answer as placed. A listener reports
 * its own failures (the server's logs them); one that throws is passed over, and the caches' next
 * request reads the revision and rebuilds.
 */
export function announceOwnCatalogChange(change: OwnCatalogChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch {
      // Passed over: see above.
    }
  }
}
