/**
 * What the back office's product picker searches (src/components/admin/ProductPicker.tsx): the
 * admin products list by name or SKU for staff who manage products; for the others (an order
 * manager pricing a quote) the live public catalogue, loaded once and filtered here.
 */
import { adminProductsPageSchema } from '../lib/schemas/admin-catalog';
import type { PackSize } from '../lib/paint/units';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { $admin } from './admin-session';

/** How many products one search offers. */
export const PRODUCT_PICKER_RESULTS = 8;

/** A product the picker offers: id, name, SKU, pack size, list price in dollars and whether it is tinted to order. */
export interface PickableProduct {
  id: string;
  name: string;
  sku: string;
  packSize: PackSize | null;
  price: number;
  tintable: boolean;
}

/** The catalogue's product fields the picker reads. */
type CatalogueProduct = Omit<PickableProduct, 'packSize' | 'tintable'> & { packSize?: PackSize | null; tintable?: boolean };

let catalogue: Promise<PickableProduct[]> | null = null;

/** The fields the picker keeps of a catalogue or admin product. */
function toPickable(p: CatalogueProduct): PickableProduct {
  return { id: p.id, name: p.name, sku: p.sku, packSize: p.packSize ?? null, price: p.price, tintable: p.tintable === true };
}

/** The live public catalogue, fetched once per page. */
function loadCatalogue(): Promise<PickableProduct[]> {
  catalogue ??= fetch('/api/catalog', { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) throw new AdminApiError(response.status, 'The catalogue could not be loaded.');
      return ((await response.json()) as { products: CatalogueProduct[] }).products.map(toPickable);
    })
    .catch((err: unknown) => {
      catalogue = null;
      throw err;
    });
  return catalogue;
}

/** Products whose name or SKU contains `query` (case-insensitive), by name, at most PRODUCT_PICKER_RESULTS. */
export async function searchPickableProducts(query: string): Promise<PickableProduct[]> {
  const q = query.trim();
  if ($admin.get()?.permissions.includes('manage_products')) {
    const path = `/api/admin/products?${new URLSearchParams({ q, pageSize: String(PRODUCT_PICKER_RESULTS) })}`;
    return readAs(adminProductsPageSchema, await requestAdmin(path), path).products.map((p) => toPickable(p as CatalogueProduct));
  }
  const folded = q.toLowerCase();
  return (await loadCatalogue())
    .filter((p) => p.name.toLowerCase().includes(folded) || p.sku.toLowerCase().includes(folded))
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, PRODUCT_PICKER_RESULTS);
}
