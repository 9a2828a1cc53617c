/**
 * The shop's catalogue worker: runs the catalogue service (src/lib/catalog/shop-catalogue.ts) off
 * the page's main thread. It fetches GET /api/catalog/cards itself (revalidated with its ETag in
 * the browser's HTTP cache, which workers share with the page), so the megabytes of JSON are read
 * and parsed here, and the page receives only what it draws.
 */
import { CATALOG_CARDS_PATH } from '../lib/catalog/card';
import { createShopCatalogue, type ShopReply, type ShopRequest } from '../lib/catalog/shop-catalogue';

/** The body of the live catalogue; rejects with the reason it cannot be had. */
async function fetchCatalogue(): Promise<unknown> {
  // 'no-cache' revalidates the stored copy with its ETag: an unchanged catalogue costs a 304.
  const response = await fetch(CATALOG_CARDS_PATH, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  try {
    return (await response.json()) as unknown;
  } catch {
    throw new Error('the answer is not JSON');
  }
}

const scope = self as unknown as { postMessage: (reply: ShopReply) => void; onmessage: ((event: MessageEvent<ShopRequest>) => void) | null };
const handle = createShopCatalogue({ fetchCatalogue, post: (reply) => scope.postMessage(reply), now: () => performance.now() });
scope.onmessage = (event) => void handle(event.data);
