import type { Kysely } from 'kysely';

/**
 * import_jobs.takeovers: how many times a server took up the job by itself after its process was
 * gone, since its last committed batch. A job that kills every process taking it up stops being
 * taken up after a few tries and waits for a person (Resume). Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_jobs').addColumn('takeovers', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

/** Drops the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('import_jobs').dropColumn('takeovers').execute();
}
