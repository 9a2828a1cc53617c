import { sql } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { containsPattern } from '../orders/order-admin.repository';

/** One product audit entry an import wrote. */
export interface ImportProductAudit {
  entity_id: string;
  action: string;
  at: string;
  before_json: string | null;
  after_json: string | null;
}

/** The product.create and product.update entries import `jobId` wrote (they name it in `importJob`), oldest first. */
export function selectImportProductAudits(db: Db, jobId: string, since: string): Promise<ImportProductAudit[]> {
  const marker = sql<string>`${containsPattern(JSON.stringify({ importJob: jobId }).slice(1, -1))} ESCAPE '\\'`;
  return db
    .selectFrom('audit_log')
    .select(['entity_id', 'action', 'at', 'before_json', 'after_json'])
    .where('entity_type', '=', 'product')
    .where('action', 'in', ['product.create', 'product.update'])
    .where('at', '>=', since)
    .where('after_json', 'like', marker)
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
