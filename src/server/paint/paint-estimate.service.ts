import type { Kysely } from 'kysely';
import { toDollars } from '../../lib/money';
import { estimatePaint, NO_PACKS_MESSAGES, type PackQuantity } from '../../lib/paint/estimate';
import { sortSizes, toPackOptions, type FamilySize } from '../../lib/paint/family';
import type { PackSize, SpreadRate } from '../../lib/paint/units';
import type { EstimateQuery } from '../../lib/schemas/paint';
import type { Database } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { selectLiveFamilyRows, selectLivePackRow, type PackRow } from './paint.repository';

/** Messages of GET /api/paint/estimate beyond the query's own. */
export const ESTIMATE_MESSAGES = {
  notFound: 'No such product.',
  noSpreadRate: 'This product has no spread rate per litre or gallon, so it cannot be estimated.',
} as const;

/** The answer of GET /api/paint/estimate. */
export interface PaintEstimateAnswer {
  /** Paint for all coats over the spread range: at the best rate (min) and the worst (max), litres. */
  litres: { min: number; max: number };
  /** Litres planned at the surface's rate: what the packs hold at least. */
  plannedLitres: number;
  /** The cheapest mix of the family's in-stock sizes holding plannedLitres; empty when none. */
  packs: PackQuantity[];
  totalCents: number;
  leftoverLitres: number;
  /** Coats used (the query's, else the product's recommended). */
  coats: number;
  /** Why packs is empty although paint is needed. */
  message?: string;
}

/** A family member's row as the size it is (rows without a pack size are not sizes). */
export function rowToFamilySize(row: PackRow): FamilySize | null {
  if (!row.pack_size) return null;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    image: row.image,
    category: row.category,
    packSize: JSON.parse(row.pack_size) as PackSize,
    price: toDollars(Number(row.price_cents)),
    inStock: Number(row.in_stock) === 1,
    ...(row.stock_quantity === null ? {} : { stockQuantity: Number(row.stock_quantity) }),
    requestQuoteOnly: Number(row.request_quote_only) === 1,
  };
}

/** The live sizes of a product's family (the product alone when it has none), smallest first. */
export async function getFamilySizes(db: Kysely<Database>, product: { id: string; family?: string | null }): Promise<FamilySize[]> {
  const rows = product.family ? await selectLiveFamilyRows(db, product.family) : [await selectLivePackRow(db, product.id)];
  return sortSizes(
    rows.flatMap((row) => {
      const size = row ? rowToFamilySize(row) : null;
      return size ? [size] : [];
    }),
  );
}

/** The live sizes of a family by its slug, smallest first; empty when no live product has it. */
export async function getFamilyBySlug(db: Kysely<Database>, family: string): Promise<FamilySize[]> {
  return getFamilySizes(db, { id: '', family });
}

/**
 * Estimates the paint for `query.area` m² of `query.product` and the cheapest mix of its family's
 * in-stock pack sizes (the product alone when it has no family), from live prices and stock.
 * 404 for an unknown product; 422 for one without a spread rate.
 */
export async function estimateForProduct(db: Kysely<Database>, query: EstimateQuery): Promise<PaintEstimateAnswer> {
  const product = await selectLivePackRow(db, query.product);
  if (!product) throw notFound(ESTIMATE_MESSAGES.notFound);
  if (!product.spread_rate) throw new ApiError(422, 'invalid_fields', ESTIMATE_MESSAGES.noSpreadRate, { product: ESTIMATE_MESSAGES.noSpreadRate });
  const members = product.family ? await selectLiveFamilyRows(db, product.family) : [product];
  const coats = query.coats ?? (product.recommended_coats === null ? 1 : Number(product.recommended_coats));
  const estimate = estimatePaint({
    area: query.area,
    coats,
    surface: query.surface,
    spreadRate: JSON.parse(product.spread_rate) as SpreadRate,
    packs: toPackOptions(members.map(rowToFamilySize).filter((s) => s !== null)),
  });
  return {
    litres: estimate.litres,
    plannedLitres: estimate.plannedLitres,
    packs: estimate.packs,
    totalCents: estimate.totalCents,
    leftoverLitres: estimate.leftoverLitres,
    coats,
    ...(estimate.reason ? { message: NO_PACKS_MESSAGES[estimate.reason] } : {}),
  };
}
