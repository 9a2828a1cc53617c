import type { Kysely } from 'kysely';

/**
 * Staff password links: a super admin e-mails a member a single-use link to set a new password
 * (or their first one when added without). Only the SHA-256 of each token is stored. Also indexes
 * for the audit log's kind filter, newest first. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_password_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_password_tokens_staff_idx').on('staff_password_tokens').column('staff_id').execute();
  await db.schema.createIndex('audit_log_entity_type_at_idx').on('audit_log').columns(['entity_type', 'at']).execute();
  // The 'auth' and 'staff' kinds split one entity type by action: counted from this index alone.
  await db.schema.createIndex('audit_log_entity_type_action_idx').on('audit_log').columns(['entity_type', 'action', 'at']).execute();
}

/** Removes the staff password links and the kind index. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_entity_type_action_idx').execute();
  await db.schema.dropIndex('audit_log_entity_type_at_idx').execute();
  await db.schema.dropTable('staff_password_tokens').execute();
}
