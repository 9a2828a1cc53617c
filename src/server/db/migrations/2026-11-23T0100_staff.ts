import { sql, type Kysely } from 'kysely';

/**
 * The back office: staff accounts and their sessions (apart from customers), the audit log of
 * every staff action, each order's event history, and shipment details on orders. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('last_login_at', 'text')
    .execute();
  await db.schema.createIndex('staff_email_lower_idx').on('staff').unique().expression(sql`lower(email)`).execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_sessions_staff_idx').on('staff_sessions').column('staff_id').execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'text', (c) => c.notNull())
    // No foreign key: the record outlives the staff account it names.
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('address', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_actor_at_idx').on('audit_log').columns(['actor_id', 'at']).execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('note', 'text')
    .addColumn('outbox_id', 'text')
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'at']).execute();

  await db.schema.alterTable('orders').addColumn('carrier', 'text').execute();
  await db.schema.alterTable('orders').addColumn('tracking_number', 'text').execute();
  // What the back-office search matches: number, e-mail and name, lower-cased, in one narrow column.
  await db.schema.alterTable('orders').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`UPDATE orders SET search_text = lower(order_number || ' ' || customer_email || ' ' || first_name || ' ' || last_name)`.execute(db);
  // Newest first with a unique tie-breaker, covering what paging and search read, so a deep page
  // or a search scans this narrow index instead of the table.
  await db.schema.createIndex('orders_list_idx').on('orders').columns(['created_at', 'order_number', 'status', 'search_text']).execute();
  await db.schema.createIndex('orders_status_list_idx').on('orders').columns(['status', 'created_at', 'order_number', 'search_text']).execute();
}

/** Removes the back-office tables and columns. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_status_list_idx').execute();
  await db.schema.dropIndex('orders_list_idx').execute();
  await db.schema.alterTable('orders').dropColumn('search_text').execute();
  await db.schema.alterTable('orders').dropColumn('tracking_number').execute();
  await db.schema.alterTable('orders').dropColumn('carrier').execute();
  await db.schema.dropTable('order_events').execute();
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('staff_sessions').execute();
  await db.schema.dropTable('staff').execute();
}
