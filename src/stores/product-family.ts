/**
 * The live sizes of a paint's family on its product page: one look-up of all its products
 * (GET /api/products?ids=) once the page is idle. Its own module, so pages without a family (and
 * the cart drawer every page carries) do not ship it.
 */
import { parseLiveProduct } from '../lib/catalog/reconcile';
import { afterLoadWhenIdle } from './after-load-idle';
import { fetchJson, type LiveProduct } from './catalog';

/** Each id's product as the server has it now ('removed' when it has none); null when the server could not be asked. */
export async function loadLiveProducts(ids: readonly string[]): Promise<ReadonlyMap<string, LiveProduct> | null> {
  await new Promise<void>(afterLoadWhenIdle);
  const body = await fetchJson(`/api/products?ids=${ids.map(encodeURIComponent).join(',')}`);
  const list = (body as { products?: unknown } | null | undefined)?.products;
  if (!Array.isArray(list)) return null;
  const byId = new Map<string, LiveProduct>(ids.map((id) => [id, 'removed']));
  for (const raw of list) {
    const parsed = parseLiveProduct(raw);
    if (!parsed.ok) return null;
    byId.set(parsed.product.id, parsed.product);
  }
  return byId;
}
