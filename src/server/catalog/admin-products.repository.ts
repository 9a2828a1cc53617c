import { sql } from 'kysely';
import type { ListSort, ProductSortField } from '../../lib/schemas/admin-sort';
import type { StockFilter } from '../../lib/admin/stock';
import { LOW_STOCK_MAX } from '../../lib/constants';
import type { Db } from '../customers/customers.repository';
import type { ProductsTable } from '../db/schema';
import { containsPattern } from '../orders/order-admin.repository';

/** What the back-office list asks for: a search, a category (undefined: all), one page. */
export interface AdminProductFilter {
  /** Lower-cased text matched anywhere in name, description, SKU or brand. */
  text?: string;
  category?: string;
  /** A column to sort by (the id breaks ties); by name without it. */
  sort?: ListSort<ProductSortField>;
  /** Only products at this stock level (src/lib/admin/stock.ts), counted against LOW_STOCK_MAX. */
  stock?: Exclude<StockFilter, 'all'>;
  limit: number;
  offset: number;
}

/** The SQL of stockLevel() 'out' (src/lib/admin/stock.ts): not sellable, or no counted unit left. */
export function outOfStockSql() {
  return sql<boolean>`(in_stock = 0 or stock_quantity = 0)`;
}

/** The SQL of stockLevel() 'low': sellable with 1..threshold counted units. */
export function lowStockSql(threshold: number) {
  return sql<boolean>`(in_stock = 1 and stock_quantity between 1 and ${threshold})`;
}

/** The SQL each sortable column of the products list sorts by (text case-insensitively). */
const PRODUCT_SORT_SQL: Record<ProductSortField, ReturnType<typeof sql>> = {
  name: sql`lower(name)`,
  sku: sql`lower(sku)`,
  category: sql`category`,
  brand: sql`lower(brand)`,
  price: sql`price_cents`,
  // Uncounted stock (null) sorts as the most: it is never short.
  stock: sql`coalesce(stock_quantity, 2147483647)`,
  rating: sql`rating`,
  updatedAt: sql`updated_at`,
  createdAt: sql`created_at`,
};

/**
 * One page of live products by name (then id) and how many match, searched and filtered in SQL.
 * The page's ids come first from the list index (a deep page skips index entries, not table rows),
 * then the rows are read by id.
 */
export async function selectAdminProductPage(db: Db, filter: AdminProductFilter): Promise<{ rows: ProductsTable[]; total: number }> {
  let query = db.selectFrom('products').where('withdrawn_at', 'is', null);
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.stock === 'out') query = query.where(outOfStockSql());
  if (filter.stock === 'low') query = query.where(lowStockSql(LOW_STOCK_MAX));
  if (filter.stock === 'short') query = query.where((eb) => eb.or([outOfStockSql(), lowStockSql(LOW_STOCK_MAX)]));
  if (filter.text) {
    const pattern = sql<string>`${containsPattern(filter.text)} ESCAPE '\\'`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['sku']), 'like', pattern),
        eb(eb.fn('lower', ['brand']), 'like', pattern),
        eb(eb.fn('lower', ['description']), 'like', pattern),
      ]),
    );
  }
  const [ids, count] = await Promise.all([
    (filter.sort
      ? query.select('id').orderBy(PRODUCT_SORT_SQL[filter.sort.field], filter.sort.direction).orderBy('id', filter.sort.direction)
      : query.select('id').orderBy('name').orderBy('id')
    )
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const wanted = ids.map((r) => r.id);
  const rows = wanted.length ? await db.selectFrom('products').selectAll().where('id', 'in', wanted).execute() : [];
  const position = new Map(wanted.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The stat cards over every live product: total, in stock, out of stock, low stock, as stockLevel() reads them (LOW_STOCK_MAX). */
export async function selectAdminProductStats(db: Db): Promise<{ total: number; inStock: number; outOfStock: number; lowStock: number }> {
  const row = await db
    .selectFrom('products')
    .where('withdrawn_at', 'is', null)
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      sql<number>`coalesce(sum(case when ${outOfStockSql()} then 0 else 1 end), 0)`.as('in_stock'),
      sql<number>`coalesce(sum(case when ${lowStockSql(LOW_STOCK_MAX)} then 1 else 0 end), 0)`.as('low_stock'),
    ])
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  const inStock = Number(row.in_stock);
  return { total, inStock, outOfStock: total - inStock, lowStock: Number(row.low_stock) };
}

/** The product row with this id, withdrawn or not. */
export function selectAnyProductById(db: Db, id: string): Promise<ProductsTable | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether a product other than `exceptId` (withdrawn ones included: they keep theirs) has this SKU, ignoring case. */
export async function skuTaken(db: Db, sku: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('products').select('id').where(sql<string>`lower(sku)`, '=', sku.toLowerCase());
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The slugs starting with `stem` (a slug: no LIKE wildcards in it) held by products other than `exceptId`. */
export async function selectSlugsLike(db: Db, stem: string, exceptId?: string): Promise<Set<string>> {
  let query = db.selectFrom('products').select('slug').where('slug', 'like', `${stem}%`);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return new Set((await query.execute()).map((r) => r.slug));
}

/** The brand logo another product of this brand uses, if any. */
export async function selectBrandLogo(db: Db, brand: string): Promise<string | undefined> {
  const row = await db.selectFrom('products').select('brand_logo').where('brand', '=', brand).limit(1).executeTakeFirst();
  return row?.brand_logo;
}

/** Inserts one product row. */
export async function insertProduct(db: Db, row: ProductsTable): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/** Writes a live product's columns only if it is still at `version`, bumping it; false when stale or gone. */
export async function updateProductIfVersion(
  db: Db,
  id: string,
  version: number,
  changes: Omit<Partial<ProductsTable>, 'id' | 'version' | 'withdrawn_at'> & { updated_at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...changes, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks a live product withdrawn; false when there is none. */
export async function markProductWithdrawn(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ withdrawn_at: at, updated_at: at, version: sql`version + 1` })
    .where('id', '=', id)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The version of each of these products that exists (read in slices the SQL parameter limits allow). */
export async function selectProductVersions(db: Db, ids: readonly string[]): Promise<Record<string, number>> {
  const versions: Record<string, number> = {};
  for (let from = 0; from < ids.length; from += 500) {
    const rows = await db.selectFrom('products').select(['id', 'version']).where('id', 'in', ids.slice(from, from + 500)).execute();
    for (const row of rows) versions[row.id] = Number(row.version);
  }
  return versions;
}
