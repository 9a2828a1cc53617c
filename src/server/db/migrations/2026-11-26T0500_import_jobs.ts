import type { Kysely } from 'kysely';

/**
 * Bulk product imports run as server jobs: one row per uploaded file with its state, progress,
 * result counters, metrics and the lease of the process running it; one row per refused CSV row
 * (written in the batch that refused it) for the result list and the error file. Frozen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('dry_run', 'integer', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_bytes', 'bigint', (c) => c.notNull())
    .addColumn('format', 'text')
    .addColumn('header_json', 'text')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_product', 'text')
    .addColumn('success', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unchanged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('images_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('images_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('import_jobs_created_at_idx').on('import_jobs').column('created_at').execute();
  // An import looks up the logo of each row's brand (the spec's default brand is the product's own name).
  await db.schema.createIndex('products_brand_idx').on('products').column('brand').execute();
  await db.schema
    .createTable('import_job_errors')
    .addColumn('job_id', 'text', (c) => c.notNull().references('import_jobs.id').onDelete('cascade'))
    .addColumn('row', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('product', 'text')
    .addColumn('raw_json', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_job_errors_pk', ['job_id', 'row'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_job_errors').execute();
  await db.schema.dropIndex('products_brand_idx').execute();
  await db.schema.dropTable('import_jobs').execute();
}
