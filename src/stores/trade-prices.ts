/**
 * A signed-in trade customer's own prices (issue 27), loaded only by pages whose cached profile
 * says trade (never for anyone else, so their pages fetch nothing more), asked for in batches of at
 * most 100 products and kept for the page's life. The cookie is the truth: a session that ended
 * answers 401 and the list prices stay.
 */
import type { CustomerPrice } from '../lib/schemas/trade';

/** Most ids one request names (the route's limit). */
const BATCH = 100;
const known = new Map<string, CustomerPrice>();

/** Ids asked for since the last request, and the promise that request settles. */
let queued = new Set<string>();
let flush: Promise<void> | undefined;

/** Asks for the queued ids together (every card of a page in one request per 100), once the callers of this turn have queued theirs. */
function requestQueued(): Promise<void> {
  flush ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).then(async () => {
    const ids = [...queued].filter((id) => !known.has(id));
    queued = new Set();
    flush = undefined;
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += BATCH) batches.push(ids.slice(i, i + BATCH));
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const response = await fetch(`/api/account/prices?ids=${encodeURIComponent(batch.join(','))}`, { credentials: 'same-origin' });
          if (!response.ok) return;
          for (const price of ((await response.json()) as { prices: CustomerPrice[] }).prices) known.set(price.productId, price);
        } catch {
          // Offline: the list prices stay; the server prices the order anyway.
        }
      }),
    );
  });
  return flush;
}

/** The customer's prices of these products (those the server priced; list prices stay for the rest). */
export async function loadTradePrices(ids: readonly string[]): Promise<ReadonlyMap<string, CustomerPrice>> {
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length > 0) {
    for (const id of missing) queued.add(id);
    await requestQueued();
  }
  return known;
}
