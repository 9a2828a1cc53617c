/**
 * The one definition of a product's stock level in the back office, shared by the products cards,
 * the products list filter and the overview's alert: out of stock (not sellable), low (in stock
 * with 1..threshold counted units) or in stock (more, or not counted). Pure.
 */
import { LOW_STOCK_MAX } from '../constants';

/** A product's stock level. */
export type StockLevel = 'out' | 'low' | 'in';

/** The products list's stock filter: every product, low ones, out-of-stock ones, or both of those ('short'). */
export const STOCK_FILTERS = ['all', 'low', 'out', 'short'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];

/** How each stock filter reads in the products view. */
export const STOCK_FILTER_LABELS: Record<StockFilter, string> = { all: 'All', low: 'Low stock', out: 'Out of stock', short: 'Low or out of stock' };

/** The level of a product with `inStock` and an optional counted `stockQuantity`. */
export function stockLevel(product: { inStock: boolean; stockQuantity?: number | null }, threshold: number = LOW_STOCK_MAX): StockLevel {
  const qty = product.stockQuantity;
  if (!product.inStock || qty === 0) return 'out';
  if (qty !== undefined && qty !== null && qty <= threshold) return 'low';
  return 'in';
}
