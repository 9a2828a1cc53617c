import type { Kysely } from 'kysely';

/**
 * The payment providers' notifications already applied (Stripe's webhook events by id): a row is
 * written in the transaction that applies the event, so an event delivered twice, or by two
 * servers at once, is applied once. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('provider_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('order_id', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_events_pk', ['provider', 'event_id'])
    .execute();
}

/** Removes the record of applied provider events. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('provider_events').execute();
}
