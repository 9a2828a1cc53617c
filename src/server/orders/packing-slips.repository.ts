import type { Selectable } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { ProductsTable } from '../db/schema';
import type { OrderRow } from './orders.repository';

/** The product columns a packing slip reads: pack size and safety data. */
export type PackingProductRow = Pick<Selectable<ProductsTable>, 'id' | 'name' | 'pack_size' | 'hazard' | 'dangerous_goods'>;

/** The orders with these ids (unknown ids are simply absent). */
export function selectOrdersByIds(db: Db, ids: readonly string[]): Promise<OrderRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
}

/** The pack size and safety data of these products, withdrawn ones too (an order still names them). */
export function selectPackingProducts(db: Db, ids: readonly string[]): Promise<PackingProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(['id', 'name', 'pack_size', 'hazard', 'dangerous_goods']).where('id', 'in', ids).execute() as Promise<PackingProductRow[]>;
}
