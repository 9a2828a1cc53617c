import type { Kysely } from 'kysely';

/**
 * When the customer a quote was made for was erased (GDPR): such a quote's link answers 410 and
 * no longer opens for whoever holds it. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quotes').addColumn('erased_at', 'text').execute();
}

/** Drops it. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('quotes').dropColumn('erased_at').execute();
}
