import type { Db } from '../customers/customers.repository';

/** One product audit entry an import wrote. */
export interface ImportProductAudit {
  entity_id: string;
  action: string;
  at: string;
  before_json: string | null;
  after_json: string | null;
}

/** The product.create and product.update entries import `jobId` wrote, oldest first. */
export function selectImportProductAudits(db: Db, jobId: string, since: string): Promise<ImportProductAudit[]> {
  return db
    .selectFrom('audit_log')
    .select(['entity_id', 'action', 'at', 'before_json', 'after_json'])
    .where('entity_type', '=', 'product')
    .where('action', 'in', ['product.create', 'product.update'])
    .where('at', '>=', since)
    .where('import_job_id', '=', jobId)
    .orderBy('at')
    .orderBy('id')
    .execute() as Promise<ImportProductAudit[]>;
}

/** Which of these products an order placed at or after `since` contains. */
export async function selectProductsOrderedSince(db: Db, ids: readonly string[], since: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select('order_items.product_id')
      .distinct()
      .where('order_items.product_id', 'in', ids.slice(i, i + 500))
      .where('orders.created_at', '>=', since)
      .execute();
    for (const row of rows) found.add(row.product_id);
  }
  return found;
}

/** What keeps a product an import created from being deleted for good: the first kind of row found naming it. */
export type ProductReference = 'order' | 'quote' | 'projectList' | 'tradePrice' | 'content';

/** Tables whose `product_id` names a product, with the kind each counts as (orders first: their reason is the one staff look for). */
const REFERENCING_TABLES = [
  ['order_items', 'order'],
  ['product_sales_daily', 'order'],
  ['quote_lines', 'quote'],
  ['quote_requests', 'quote'],
  ['project_list_items', 'projectList'],
  ['trade_prices', 'tradePrice'],
] as const;

/**
 * Which of these products another row names (an order line or its sales figure, a quote or quote
 * request, a project list, a trade price, or content/ files through the sync's base), each with the
 * first kind found; a product absent from the map is named by nothing and may be deleted.
 */
export async function selectProductReferences(db: Db, ids: readonly string[]): Promise<Map<string, ProductReference>> {
  const found = new Map<string, ProductReference>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const [table, kind] of REFERENCING_TABLES) {
      const rows = await db.selectFrom(table).select('product_id').distinct().where('product_id', 'in', chunk).execute();
      for (const row of rows) if (!found.has(row.product_id)) found.set(row.product_id, kind);
    }
    // A product content/ holds would come back with the next sync: it is only withdrawn.
    const bases = await db.selectFrom('content_base').select('entity_id').where('entity_type', '=', 'product').where('entity_id', 'in', chunk).where('base_json', 'is not', null).execute();
    for (const row of bases) if (!found.has(row.entity_id)) found.set(row.entity_id, 'content');
  }
  return found;
}

/** Deletes these products and the rows that only describe them (former slugs, content-sync bases and conflicts); resolves to how many products went. */
export async function deleteProductsWithHistory(db: Db, ids: readonly string[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await db.deleteFrom('product_former_slugs').where('product_id', 'in', chunk).execute();
    await db.deleteFrom('content_conflicts').where('entity_type', '=', 'product').where('entity_id', 'in', chunk).execute();
    await db.deleteFrom('content_base').where('entity_type', '=', 'product').where('entity_id', 'in', chunk).execute();
    const result = await db.deleteFrom('products').where('id', 'in', chunk).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
