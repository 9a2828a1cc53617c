import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import { getDialectKind } from '../dialect';

/**
 * Summaries the overview and analytics read instead of every order of a period (issue #13's bench:
 * a year of analytics read 100,000 orders three times and joined 200,000 lines):
 * - order_stats_hourly: orders and their totals per UTC hour of created_at, the sales (approved
 *   and later, payment not refunded) apart;
 * - order_status_daily: orders and their totals per UTC day of created_at and status;
 * - customer_stats_hourly: accounts created per UTC hour;
 * - product_sales_daily: units, line revenue and line count of sale orders' lines per UTC day of
 *   the order and product.
 * Triggers on orders, order_items and customers keep them in step in the same transaction as every
 * write, whoever makes it (checkout, staff transitions, imports, erasure, raw SQL). UTC hours and
 * days hold for any shop time zone: a local day reads the whole UTC hours inside it from here and
 * the minutes at its edges (zones offset by :30 or :45) from the rows themselves (stats.repository.ts). Frozen.
 */

/** A row of orders (`o`, NEW or OLD) counts as a sale; the same rule as SALE_STATUSES in stats.repository.ts. */
const saleText = (o: string) => `(${o}.status IN ('approved', 'processing', 'shipped', 'delivered') AND ${o}.payment_status <> 'refunded')`;
const isSale = (o: string) => sql.raw(saleText(o));

const UPSERT = sql.raw(`ON CONFLICT (day, product_id) DO UPDATE SET lines = product_sales_daily.lines + excluded.lines,
  units = product_sales_daily.units + excluded.units, revenue_cents = product_sales_daily.revenue_cents + excluded.revenue_cents`);

/** Adds the lines of order `o` (NEW or OLD of orders) when it is a sale and `extra` holds. */
const addOrderLines = (o: string, extra: RawBuilder<unknown>) => sql`INSERT INTO product_sales_daily (day, product_id, lines, units, revenue_cents)
  SELECT substr(${sql.raw(o)}.created_at, 1, 10), i.product_id, COUNT(*), SUM(i.quantity), SUM(i.quantity * i.unit_price_cents)
  FROM order_items i WHERE i.order_id = ${sql.raw(o)}.id AND ${isSale(o)} AND ${extra}
  GROUP BY i.product_id ${UPSERT}`;

/** Takes away the lines of order `o` when it was a sale and `extra` holds. */
const removeOrderLines = (o: string, extra: RawBuilder<unknown>) => sql`UPDATE product_sales_daily SET
  lines = lines - (SELECT COUNT(*) FROM order_items i WHERE i.order_id = ${sql.raw(o)}.id AND i.product_id = product_sales_daily.product_id),
  units = units - (SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i WHERE i.order_id = ${sql.raw(o)}.id AND i.product_id = product_sales_daily.product_id),
  revenue_cents = revenue_cents - (SELECT COALESCE(SUM(i.quantity * i.unit_price_cents), 0) FROM order_items i WHERE i.order_id = ${sql.raw(o)}.id AND i.product_id = product_sales_daily.product_id)
  WHERE ${isSale(o)} AND ${extra} AND day = substr(${sql.raw(o)}.created_at, 1, 10)
    AND product_id IN (SELECT i.product_id FROM order_items i WHERE i.order_id = ${sql.raw(o)}.id)`;

/** Adds one line (NEW of order_items) when its order is a sale. */
const addLine = sql`INSERT INTO product_sales_daily (day, product_id, lines, units, revenue_cents)
  SELECT substr(o.created_at, 1, 10), NEW.product_id, 1, NEW.quantity, NEW.quantity * NEW.unit_price_cents
  FROM orders o WHERE o.id = NEW.order_id AND ${isSale('o')} ${UPSERT}`;

/** Takes away one line (OLD of order_items) when its order (still there) is a sale. */
const removeLine = sql`UPDATE product_sales_daily SET lines = lines - 1, units = units - OLD.quantity,
  revenue_cents = revenue_cents - OLD.quantity * OLD.unit_price_cents
  WHERE product_id = OLD.product_id AND day = (SELECT substr(o.created_at, 1, 10) FROM orders o WHERE o.id = OLD.order_id AND ${isSale('o')})`;

/** The same sale on the same UTC day before and after an update: nothing to move. */
const unchanged = sql.raw(`(${saleText('OLD')} AND ${saleText('NEW')} AND substr(OLD.created_at, 1, 10) = substr(NEW.created_at, 1, 10))`);

/** 1 when order `o` is a sale, else 0. */
const saleFlag = (o: string) => sql.raw(`CASE WHEN ${saleText(o)} THEN 1 ELSE 0 END`);

/** Adds order `o` (NEW) to its hour and to its day and status. */
const addOrder = (o: string) => [
  sql`INSERT INTO order_stats_hourly (hour, orders, revenue_cents, sale_orders, sale_revenue_cents)
  VALUES (substr(${sql.raw(o)}.created_at, 1, 13), 1, ${sql.raw(o)}.total_cents, ${saleFlag(o)}, ${saleFlag(o)} * ${sql.raw(o)}.total_cents)
  ON CONFLICT (hour) DO UPDATE SET orders = order_stats_hourly.orders + excluded.orders,
    revenue_cents = order_stats_hourly.revenue_cents + excluded.revenue_cents,
    sale_orders = order_stats_hourly.sale_orders + excluded.sale_orders,
    sale_revenue_cents = order_stats_hourly.sale_revenue_cents + excluded.sale_revenue_cents`,
  sql`INSERT INTO order_status_daily (day, status, orders, revenue_cents)
  VALUES (substr(${sql.raw(o)}.created_at, 1, 10), ${sql.raw(o)}.status, 1, ${sql.raw(o)}.total_cents)
  ON CONFLICT (day, status) DO UPDATE SET orders = order_status_daily.orders + excluded.orders,
    revenue_cents = order_status_daily.revenue_cents + excluded.revenue_cents`,
];

/** Takes order `o` (OLD) away from its hour and from its day and status. */
const removeOrder = (o: string) => [
  sql`UPDATE order_stats_hourly SET orders = orders - 1, revenue_cents = revenue_cents - ${sql.raw(o)}.total_cents,
  sale_orders = sale_orders - ${saleFlag(o)}, sale_revenue_cents = sale_revenue_cents - ${saleFlag(o)} * ${sql.raw(o)}.total_cents
  WHERE hour = substr(${sql.raw(o)}.created_at, 1, 13)`,
  sql`UPDATE order_status_daily SET orders = orders - 1, revenue_cents = revenue_cents - ${sql.raw(o)}.total_cents
  WHERE day = substr(${sql.raw(o)}.created_at, 1, 10) AND status = ${sql.raw(o)}.status`,
];

const addCustomer = sql`INSERT INTO customer_stats_hourly (hour, customers) VALUES (substr(NEW.created_at, 1, 13), 1)
  ON CONFLICT (hour) DO UPDATE SET customers = customer_stats_hourly.customers + excluded.customers`;
const removeCustomer = sql`UPDATE customer_stats_hourly SET customers = customers - 1 WHERE hour = substr(OLD.created_at, 1, 13)`;

/** The triggers: name, timing and event, the statements of their body. */
const TRIGGERS: { name: string; when: string; table: string; body: RawBuilder<unknown>[]; returns: 'NULL' | 'OLD' }[] = [
  { name: 'order_items_sales_insert', when: 'AFTER INSERT', table: 'order_items', body: [addLine], returns: 'NULL' },
  { name: 'order_items_sales_delete', when: 'AFTER DELETE', table: 'order_items', body: [removeLine], returns: 'NULL' },
  { name: 'order_items_sales_update', when: 'AFTER UPDATE', table: 'order_items', body: [removeLine, addLine], returns: 'NULL' },
  { name: 'orders_sales_delete', when: 'BEFORE DELETE', table: 'orders', body: [removeOrderLines('OLD', sql`1 = 1`)], returns: 'OLD' },
  {
    name: 'orders_sales_update',
    when: 'AFTER UPDATE OF status, payment_status, created_at',
    table: 'orders',
    body: [removeOrderLines('OLD', sql`NOT ${unchanged}`), addOrderLines('NEW', sql`NOT ${unchanged}`)],
    returns: 'NULL',
  },
  { name: 'orders_stats_insert', when: 'AFTER INSERT', table: 'orders', body: addOrder('NEW'), returns: 'NULL' },
  { name: 'orders_stats_delete', when: 'AFTER DELETE', table: 'orders', body: removeOrder('OLD'), returns: 'NULL' },
  { name: 'orders_stats_update', when: 'AFTER UPDATE OF created_at, status, payment_status, total_cents', table: 'orders', body: [...removeOrder('OLD'), ...addOrder('NEW')], returns: 'NULL' },
  { name: 'customers_stats_insert', when: 'AFTER INSERT', table: 'customers', body: [addCustomer], returns: 'NULL' },
  { name: 'customers_stats_delete', when: 'AFTER DELETE', table: 'customers', body: [removeCustomer], returns: 'NULL' },
  { name: 'customers_stats_update', when: 'AFTER UPDATE OF created_at', table: 'customers', body: [removeCustomer, addCustomer], returns: 'NULL' },
];

/** SQLite keeps the rows in the primary key's b-tree, so a range is read without a look-up per row. */
const withoutRowid = (postgres: boolean) => (t: CreateTableBuilder<any, any>) => (postgres ? t : t.modifyEnd(sql`WITHOUT ROWID`));

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = getDialectKind(db) === 'postgres';
  await db.schema
    .createTable('product_sales_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_sales_daily_pk', ['day', 'product_id'])
    .$call(withoutRowid(postgres))
    .execute();
  await db.schema
    .createTable('order_stats_hourly')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull())
    .addColumn('sale_orders', 'integer', (c) => c.notNull())
    .addColumn('sale_revenue_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_stats_hourly_pk', ['hour'])
    .$call(withoutRowid(postgres))
    .execute();
  await db.schema
    .createTable('order_status_daily')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('revenue_cents', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('order_status_daily_pk', ['day', 'status'])
    .$call(withoutRowid(postgres))
    .execute();
  await db.schema
    .createTable('customer_stats_hourly')
    .addColumn('hour', 'text', (c) => c.notNull())
    .addColumn('customers', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('customer_stats_hourly_pk', ['hour'])
    .$call(withoutRowid(postgres))
    .execute();
  await sql`INSERT INTO order_stats_hourly (hour, orders, revenue_cents, sale_orders, sale_revenue_cents)
    SELECT substr(o.created_at, 1, 13), COUNT(*), SUM(o.total_cents), SUM(${saleFlag('o')}), SUM(${saleFlag('o')} * o.total_cents)
    FROM orders o GROUP BY substr(o.created_at, 1, 13)`.execute(db);
  await sql`INSERT INTO order_status_daily (day, status, orders, revenue_cents)
    SELECT substr(created_at, 1, 10), status, COUNT(*), SUM(total_cents) FROM orders GROUP BY substr(created_at, 1, 10), status`.execute(db);
  await sql`INSERT INTO customer_stats_hourly (hour, customers)
    SELECT substr(created_at, 1, 13), COUNT(*) FROM customers GROUP BY substr(created_at, 1, 13)`.execute(db);
  await sql`INSERT INTO product_sales_daily (day, product_id, lines, units, revenue_cents)
    SELECT substr(o.created_at, 1, 10), i.product_id, COUNT(*), SUM(i.quantity), SUM(i.quantity * i.unit_price_cents)
    FROM orders o JOIN order_items i ON i.order_id = o.id WHERE ${isSale('o')}
    GROUP BY substr(o.created_at, 1, 10), i.product_id`.execute(db);
  for (const t of TRIGGERS) {
    if (postgres) {
      const body = sql.join(t.body.map((s) => sql`${s};`), sql` `);
      await sql`CREATE FUNCTION ${sql.id(t.name)}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN ${sql.raw(t.returns)}; END $$`.execute(db);
      await sql`CREATE TRIGGER ${sql.id(t.name)} ${sql.raw(t.when)} ON ${sql.table(t.table)} FOR EACH ROW EXECUTE FUNCTION ${sql.id(t.name)}()`.execute(db);
    } else {
      const body = sql.join(t.body.map((s) => sql`${s};`), sql` `);
      await sql`CREATE TRIGGER ${sql.id(t.name)} ${sql.raw(t.when)} ON ${sql.table(t.table)} FOR EACH ROW BEGIN ${body} END`.execute(db);
    }
  }
}

/** Drops the triggers and the table. */
export async function down(db: Kysely<any>): Promise<void> {
  const postgres = getDialectKind(db) === 'postgres';
  for (const t of TRIGGERS) {
    if (postgres) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(t.name)} ON ${sql.table(t.table)}`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.id(t.name)}()`.execute(db);
    } else {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(t.name)}`.execute(db);
    }
  }
  await db.schema.dropTable('customer_stats_hourly').execute();
  await db.schema.dropTable('order_status_daily').execute();
  await db.schema.dropTable('order_stats_hourly').execute();
  await db.schema.dropTable('product_sales_daily').execute();
}
