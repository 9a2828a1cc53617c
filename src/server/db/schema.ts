/**
 * The Database interface: every table of the shop and its columns as the driver returns them.
 * Both dialects store the same types: text, integer, double; booleans as integer 0/1, lists and
 * objects as JSON text, times as ISO 8601 UTC text. A later migration adds its table here too.
 */

/** 0 or 1: booleans are integers in both dialects so rows read the same way. */
export type IntBool = 0 | 1;

/** A catalogue product (spec §3); money in integer cents. */
export interface ProductsTable {
  id: string;
  slug: string;
  sku: string;
  name: string;
  price_cents: number;
  original_price_cents: number | null;
  description: string;
  category: string;
  brand: string;
  brand_logo: string;
  image: string;
  /** JSON array of image references. */
  gallery: string;
  in_stock: IntBool;
  /** Units on hand; null when stock is not counted. */
  stock_quantity: number | null;
  is_eco_friendly: IntBool;
  is_new: IntBool;
  is_popular: IntBool;
  request_quote_only: IntBool;
  rating: number;
  reviews: number;
  /** JSON array of strings. */
  features: string;
  /** JSON array of { name, value, unit? }. */
  technical_specs: string;
  /** JSON array of strings. */
  certifications: string;
  usage_instructions: string;
  coverage: string;
  finish: string;
  /** JSON { kind, color, colorName? } or null. */
  visual: string | null;
  /** The content file (e.g. 'industrial.json') the product is exported to. */
  source_file: string;
  /** Position inside its content file, ascending. */
  position: number;
  /** Incremented on every change of the row. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A Category/Brand of spec §3. */
export interface CategoriesTable {
  id: string;
  name: string;
  description: string;
  image: string;
  icon: string;
  featured: IntBool;
  gradient: string;
  sort_order: number;
  /** As written in the content file (ISO 8601). */
  created_at: string;
  updated_at: string;
}

/** One row (id 1) counting changes to products and categories; triggers increment it. */
export interface CatalogRevisionTable {
  id: number;
  revision: number;
}

/** Facts about this database, e.g. when the catalogue was seeded. */
export interface MetaTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Every table of the shop. */
export interface Database {
  products: ProductsTable;
  categories: CategoriesTable;
  catalog_revision: CatalogRevisionTable;
  meta: MetaTable;
}
