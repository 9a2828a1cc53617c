import type { Kysely } from 'kysely';

/**
 * Colours by code on order lines (issue 24): the colour system, code and name a line was tinted
 * to (null when untinted), and when the customer accepted that tinted paint is mixed to order and
 * cannot be returned (null when the order has no tinted line). Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_items').addColumn('colour_system', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('colour_code', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('colour_name', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tinted_accepted_at', 'text').execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('tinted_accepted_at').execute();
  for (const column of ['colour_name', 'colour_code', 'colour_system']) {
    await db.schema.alterTable('order_items').dropColumn(column).execute();
  }
}
