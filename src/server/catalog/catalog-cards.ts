import { toCatalogCard, type CatalogCard } from '../../lib/catalog/card';
import type { ProductsTable } from '../db/schema';
import { rowToProduct } from './catalog.rows';

/** A product row as the compact catalogue (GET /api/catalog/cards) writes it: the card fields only. */
export function rowToCatalogCard(row: ProductsTable): CatalogCard {
  return toCatalogCard(rowToProduct(row));
}
