import { toCents, toDollars } from '../../lib/money';
import { categorySchema, productSchema, type Category, type PriceTier, type Product } from '../../lib/schemas/catalog';
import type { PriceTier as TierCents } from '../../lib/trade-pricing';
import { toProductHazard, toProductVoc, toStoredHazard, toStoredVoc } from '../../lib/schemas/product-safety';
import type { CategoriesTable, IntBool, ProductsTable } from '../db/schema';

/** Columns of a product row that come from the Product itself (the rest is bookkeeping). */
export type ProductColumns = Omit<ProductsTable, 'source_file' | 'position' | 'version' | 'created_at' | 'updated_at'>;

const bool = (b: boolean): IntBool => (b ? 1 : 0);

/** The price_tiers column of public tiers in dollars: JSON [{ minQuantity, unitCents }] by quantity, null when none. */
export function storedPriceTiers(tiers: readonly PriceTier[] | null | undefined): string | null {
  if (!tiers || tiers.length === 0) return null;
  return JSON.stringify([...tiers].sort((a, b) => a.minQuantity - b.minQuantity).map((t) => ({ minQuantity: t.minQuantity, unitCents: toCents(t.price) })));
}

/** The public tiers of a price_tiers column (null or absent: none), in cents. */
export function parseStoredTiers(column: string | null | undefined): TierCents[] {
  return column ? (JSON.parse(column) as TierCents[]) : [];
}

/** Maps a Product (dollars) to its columns (cents, 0/1, JSON text). */
export function productToColumns(p: Product): ProductColumns {
  return {
    id: p.id,
    slug: p.slug,
    sku: p.sku,
    // Paint family and coverage (issue 24).
    family: p.family ?? null,
    pack_size: p.packSize ? JSON.stringify(p.packSize) : null,
    spread_rate: p.spreadRate ? JSON.stringify(p.spreadRate) : null,
    recommended_coats: p.recommendedCoats ?? null,
    primer_advised: bool(p.primerAdvised ?? false),
    tintable: bool(p.tintable ?? false),
    name: p.name,
    price_cents: toCents(p.price),
    original_price_cents: p.originalPrice === undefined ? null : toCents(p.originalPrice),
    price_tiers: storedPriceTiers(p.priceTiers),
    description: p.description,
    category: p.category,
    brand: p.brand,
    brand_logo: p.brandLogo,
    hazard: p.hazard ? JSON.stringify(toStoredHazard(p.hazard)) : null,
    voc: p.voc ? JSON.stringify(toStoredVoc(p.voc)) : null,
    dangerous_goods: p.dangerousGoods ? JSON.stringify(p.dangerousGoods) : null,
    image: p.image,
    gallery: JSON.stringify(p.gallery),
    in_stock: bool(p.inStock),
    stock_quantity: p.stockQuantity ?? null,
    is_eco_friendly: bool(p.isEcoFriendly),
    is_new: bool(p.isNew),
    is_popular: bool(p.isPopular),
    request_quote_only: bool(p.requestQuoteOnly),
    rating: p.rating,
    reviews: p.reviews,
    features: JSON.stringify(p.features),
    technical_specs: JSON.stringify(p.technicalSpecs),
    certifications: JSON.stringify(p.certifications),
    usage_instructions: p.usageInstructions,
    coverage: p.coverage,
    finish: p.finish,
    visual: p.visual === undefined ? null : JSON.stringify(p.visual),
  };
}

/** The paint family and coverage columns of a row that a Product carries. */
export type PaintColumns = Pick<ProductsTable, 'family' | 'pack_size' | 'spread_rate' | 'recommended_coats' | 'primer_advised' | 'tintable'>;

/** A row's paint family and coverage fields, each present (null when unset). */
export function rowToPaintFields(row: PaintColumns): Pick<Product, 'family' | 'packSize' | 'spreadRate' | 'recommendedCoats' | 'primerAdvised' | 'tintable'> {
  return {
    family: row.family ?? null,
    packSize: row.pack_size ? JSON.parse(row.pack_size) : null,
    spreadRate: row.spread_rate ? JSON.parse(row.spread_rate) : null,
    recommendedCoats: row.recommended_coats === null || row.recommended_coats === undefined ? null : Number(row.recommended_coats),
    primerAdvised: Boolean(row.primer_advised),
    tintable: Boolean(row.tintable),
  };
}

/**
 * Maps a product row back to a Product with its keys in the schema's order (the order of the
 * content files) and absent optional fields left out, so an export reproduces the files exactly.
 */
export function rowToProduct(row: ProductColumns): Product {
  const draft: Record<string, unknown> = {
    id: row.id,
    slug: row.slug,
    name: row.name,
    sku: row.sku,
    // Paint family and coverage (issue 24): always present, null when unset.
    ...rowToPaintFields(row),
    price: toDollars(Number(row.price_cents)),
    originalPrice: row.original_price_cents === null ? undefined : toDollars(Number(row.original_price_cents)),
    priceTiers: row.price_tiers ? parseStoredTiers(row.price_tiers).map((t) => ({ minQuantity: t.minQuantity, price: toDollars(t.unitCents) })) : undefined,
    description: row.description,
    category: row.category,
    brand: row.brand,
    brandLogo: row.brand_logo,
    hazard: row.hazard ? toProductHazard(JSON.parse(row.hazard)) : null,
    voc: row.voc ? toProductVoc(JSON.parse(row.voc)) : null,
    dangerousGoods: row.dangerous_goods ? JSON.parse(row.dangerous_goods) : null,
    documents: row.documents ? JSON.parse(row.documents) : undefined,
    image: row.image,
    gallery: JSON.parse(row.gallery),
    inStock: Boolean(row.in_stock),
    stockQuantity: row.stock_quantity === null ? undefined : Number(row.stock_quantity),
    isEcoFriendly: Boolean(row.is_eco_friendly),
    isNew: Boolean(row.is_new),
    isPopular: Boolean(row.is_popular),
    requestQuoteOnly: Boolean(row.request_quote_only),
    rating: Number(row.rating),
    reviews: Number(row.reviews),
    features: JSON.parse(row.features),
    technicalSpecs: JSON.parse(row.technical_specs),
    certifications: JSON.parse(row.certifications),
    usageInstructions: row.usage_instructions,
    coverage: row.coverage,
    finish: row.finish,
    visual: row.visual === null ? undefined : JSON.parse(row.visual),
  };
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(productSchema.shape)) {
    if (draft[key] !== undefined) ordered[key] = draft[key];
  }
  return ordered as Product;
}

/** Maps a Category to its columns. */
export function categoryToColumns(c: Category): CategoriesTable {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    image: c.image,
    icon: c.icon,
    featured: bool(c.featured),
    gradient: c.gradient,
    sort_order: c.order,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}

/** Maps a category row back to a Category, keys in the schema's order. */
export function rowToCategory(row: CategoriesTable): Category {
  const draft: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    icon: row.icon,
    featured: Boolean(row.featured),
    gradient: row.gradient,
    order: Number(row.sort_order),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(categorySchema.shape)) ordered[key] = draft[key];
  return ordered as Category;
}
