import type { Kysely } from 'kysely';

/**
 * import_jobs.file_path holds a key of the import file store (`<uuid>.csv`, relative to IMPORT_DIR
 * or under the bucket's `imports/`), not an absolute path of one machine. Every stored upload was
 * written as IMPORT_DIR/<uuid>.csv, so a path's last segment is its key relative to IMPORT_DIR.
 * Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: string; file_path: string }[] = await db.selectFrom('import_jobs').select(['id', 'file_path']).where('file_path', '!=', '').execute();
  for (const row of rows) {
    const key = row.file_path.split(/[\\/]/).pop() ?? '';
    if (key !== row.file_path) await db.updateTable('import_jobs').set({ file_path: key }).where('id', '=', row.id).execute();
  }
}

/** Keys stay keys: the folder they were relative to is not known to the database. */
export async function down(_db: Kysely<any>): Promise<void> {}
