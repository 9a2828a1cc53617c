import { sql, type Kysely } from 'kysely';

/**
 * Trade accounts (issue 27): a customer marked as trade with a company, a VAT number, a discount off
 * the list in basis points, optional payment terms and credit limit; and their price list, one row per
 * product and minimum quantity (a fixed price is the row at quantity 1, a tier any row above). Rows
 * go with the customer when the account is erased. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trade_accounts')
    .addColumn('customer_id', 'text', (c) => c.primaryKey().references('customers.id').onDelete('cascade'))
    .addColumn('company', 'text', (c) => c.notNull())
    .addColumn('vat_number', 'text', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull().defaultTo(0).check(sql`discount_bp >= 0 AND discount_bp <= 10000`))
    .addColumn('terms_days', 'integer')
    .addColumn('credit_limit_cents', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('trade_prices')
    .addColumn('customer_id', 'text', (c) => c.notNull().references('trade_accounts.customer_id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('min_quantity', 'integer', (c) => c.notNull().check(sql`min_quantity >= 1`))
    .addColumn('unit_cents', 'integer', (c) => c.notNull().check(sql`unit_cents >= 0`))
    .addPrimaryKeyConstraint('trade_prices_pk', ['customer_id', 'product_id', 'min_quantity'])
    .execute();
}

/** Drops them. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trade_prices').execute();
  await db.schema.dropTable('trade_accounts').execute();
}
