import type { Kysely, Transaction } from 'kysely';
import type { Database, ProductsTable } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The columns an estimate reads of a pack size: its price, live stock, size and the paint's coverage. */
export type PackRow = Pick<
  ProductsTable,
  'id' | 'slug' | 'name' | 'image' | 'category' | 'family' | 'pack_size' | 'spread_rate' | 'recommended_coats' | 'price_cents' | 'in_stock' | 'stock_quantity' | 'request_quote_only'
>;

const PACK_COLUMNS = ['id', 'slug', 'name', 'image', 'category', 'family', 'pack_size', 'spread_rate', 'recommended_coats', 'price_cents', 'in_stock', 'stock_quantity', 'request_quote_only'] as const;

/** A live product's estimate columns, or undefined when there is none (or it was withdrawn). */
export async function selectLivePackRow(db: Db, id: string): Promise<PackRow | undefined> {
  return db.selectFrom('products').select(PACK_COLUMNS).where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();
}

/** The live members of a family (its pack sizes), by id. */
export async function selectLiveFamilyRows(db: Db, family: string): Promise<PackRow[]> {
  return db.selectFrom('products').select(PACK_COLUMNS).where('family', '=', family).where('withdrawn_at', 'is', null).orderBy('id').execute();
}
