import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { ProductDocumentsTable } from '../db/schema';

/** A data sheet row as stored. */
export type ProductDocumentRow = Selectable<ProductDocumentsTable>;

/** Records an uploaded data sheet. */
export async function insertProductDocument(db: Db, row: Insertable<ProductDocumentsTable>): Promise<void> {
  await db.insertInto('product_documents').values(row).execute();
}

/** Retires the current sheet of a kind of a product (replaced or removed); false when there was none. */
export async function retireCurrentDocument(db: Db, productId: string, kind: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('product_documents')
    .set({ retired_at: at })
    .where('product_id', '=', productId)
    .where('kind', '=', kind)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The current sheets of a product, by kind. */
export function selectCurrentDocuments(db: Db, productId: string): Promise<ProductDocumentRow[]> {
  return db.selectFrom('product_documents').selectAll().where('product_id', '=', productId).where('retired_at', 'is', null).orderBy('kind').execute();
}

/** Writes a product's current sheets onto its row (JSON, null for none), bumping its version so pages and the live catalogue follow. */
export async function writeProductDocumentsColumn(db: Db, productId: string, documents: string | null, at: string): Promise<void> {
  await db
    .updateTable('products')
    .set({ documents, updated_at: at, version: sql`version + 1` })
    .where('id', '=', productId)
    .execute();
}

/** The live products that carry hazard or dangerous-goods data, with their current sheets. */
export function selectClassifiedProducts(db: Db): Promise<{ id: string; name: string; sku: string; slug: string; hazard?: string | null; dangerous_goods?: string | null; documents?: string | null }[]> {
  return db
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'slug', 'hazard', 'dangerous_goods', 'documents'])
    .where('withdrawn_at', 'is', null)
    .where((eb) => eb.or([eb('hazard', 'is not', null), eb('dangerous_goods', 'is not', null)]))
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** The safety columns of these products (withdrawn ones too: an order names them). */
export function selectProductSafetyColumns(db: Db, ids: readonly string[]): Promise<{ id: string; hazard?: string | null; dangerous_goods?: string | null; documents?: string | null }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'hazard', 'dangerous_goods', 'documents']).where('id', 'in', ids).execute();
}

/**
 * Which of these products a customer (by e-mail address, ignoring case, or by account) ordered in
 * any order but `exceptOrderId`.
 */
export async function selectProductsOrderedBefore(
  db: Db,
  customer: { email: string; customerId: string | null },
  productIds: readonly string[],
  exceptOrderId: string,
): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .select('order_items.product_id')
    .distinct()
    .where('order_items.product_id', 'in', productIds)
    .where('orders.id', '!=', exceptOrderId)
    .where((eb) => {
      const byEmail = eb(sql<string>`lower(orders.customer_email)`, '=', customer.email.toLowerCase());
      return customer.customerId ? eb.or([byEmail, eb('orders.customer_id', '=', customer.customerId)]) : byEmail;
    })
    .execute();
  return new Set(rows.map((r) => r.product_id));
}
