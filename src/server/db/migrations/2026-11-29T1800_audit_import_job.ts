import { sql, type Kysely } from 'kysely';
import { getDialectKind } from '../dialect';

/**
 * The import job a product audit entry belongs to, as a column: the audit log leaves an import's
 * product entries out of every page and lists one import's entries on asking, and matching
 * `after_json` with LIKE for that read every row's JSON (a scan per page and per count). Existing
 * entries take the job their `after_json` names in `importJob`. Indexed with the time and id the
 * log sorts by, so a page and its count are read from the index. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('import_job_id', 'text').execute();
  const named = sql`after_json LIKE '%"importJob":%'`;
  if (getDialectKind(db) === 'postgres') {
    await sql`UPDATE audit_log SET import_job_id = after_json::jsonb ->> 'importJob' WHERE ${named}`.execute(db);
  } else {
    await sql`UPDATE audit_log SET import_job_id = json_extract(after_json, '$.importJob') WHERE ${named}`.execute(db);
  }
  await db.schema.createIndex('audit_log_import_job_at_idx').on('audit_log').columns(['import_job_id', 'at', 'id']).execute();
}

/** Drops the index and the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('audit_log_import_job_at_idx').execute();
  await db.schema.alterTable('audit_log').dropColumn('import_job_id').execute();
}
