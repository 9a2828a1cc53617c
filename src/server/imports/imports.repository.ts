import { sql } from 'kysely';
import type { Db } from '../customers/customers.repository';
import { getDialectKind } from '../db/dialect';
import type { AuditLogTable, ImportJobErrorsTable, ImportJobsTable, ProductsTable } from '../db/schema';

/** Inserts a new job row. */
export async function insertImportJob(db: Db, row: ImportJobsTable): Promise<void> {
  await db.insertInto('import_jobs').values(row).execute();
}

/** The job with this id. */
export function selectImportJob(db: Db, id: string): Promise<ImportJobsTable | undefined> {
  return db.selectFrom('import_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The newest job (the one a reopened Bulk Upload view shows). */
export function selectLatestImportJob(db: Db): Promise<ImportJobsTable | undefined> {
  return db.selectFrom('import_jobs').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Moves a job from one of `from` to `to` with extra changes; false when it was in none of them. */
export async function transitionImportJob(db: Db, id: string, from: readonly string[], changes: Partial<ImportJobsTable> & { status: string; updated_at: string }): Promise<boolean> {
  const result = await db.updateTable('import_jobs').set(changes).where('id', '=', id).where('status', 'in', [...from]).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Claims a running job for `owner` until `until`: only when nobody holds an unexpired lease on it
 * (or `owner` already does). One conditional UPDATE, so two processes cannot both win.
 */
export async function claimImportJob(db: Db, id: string, owner: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({ lease_owner: owner, lease_expires_at: until, updated_at: now, started_at: sql<string>`coalesce(started_at, ${now})` })
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Extends `owner`'s lease; false when it no longer holds it. */
export async function extendImportLease(db: Db, id: string, owner: string, until: string): Promise<boolean> {
  const result = await db.updateTable('import_jobs').set({ lease_expires_at: until }).where('id', '=', id).where('lease_owner', '=', owner).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Drops `owner`'s lease (the job stays in its status). */
export async function releaseImportLease(db: Db, id: string, owner: string, changes: Partial<ImportJobsTable> = {}): Promise<void> {
  await db.updateTable('import_jobs').set({ ...changes, lease_owner: null, lease_expires_at: null }).where('id', '=', id).where('lease_owner', '=', owner).execute();
}

/** Counters a committed batch adds, with the new resume point. */
export interface BatchProgress {
  rows: number;
  lastRow: number;
  success: number;
  failed: number;
  created: number;
  updated: number;
  unchanged: number;
  imagesTotal: number;
  imagesDone: number;
  activeMs: number;
  currentProduct: string | null;
  leaseUntil: string;
  at: string;
}

/** Adds a batch's counters to its job, only while `owner` holds the lease; false when it lost it. */
export async function addBatchProgress(db: Db, id: string, owner: string, p: BatchProgress): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({
      current: sql<number>`current + ${p.rows}`,
      last_row: p.lastRow,
      success: sql<number>`success + ${p.success}`,
      failed: sql<number>`failed + ${p.failed}`,
      created: sql<number>`created + ${p.created}`,
      updated: sql<number>`updated + ${p.updated}`,
      unchanged: sql<number>`unchanged + ${p.unchanged}`,
      images_total: sql<number>`images_total + ${p.imagesTotal}`,
      images_done: sql<number>`images_done + ${p.imagesDone}`,
      active_ms: sql<number>`active_ms + ${p.activeMs}`,
      current_product: p.currentProduct,
      lease_expires_at: p.leaseUntil,
      updated_at: p.at,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records refused rows. */
export async function insertImportErrors(db: Db, rows: ImportJobErrorsTable[]): Promise<void> {
  if (rows.length) await db.insertInto('import_job_errors').values(rows).execute();
}

/** The first `limit` refused rows of a job by row number. */
export function selectImportErrors(db: Db, jobId: string, limit: number, afterRow = 0): Promise<ImportJobErrorsTable[]> {
  return db.selectFrom('import_job_errors').selectAll().where('job_id', '=', jobId).where('row', '>', afterRow).orderBy('row').limit(limit).execute();
}

/** Every job marked running (a handful at most): the sweep decides which lost their process. */
export function selectRunningImportJobs(db: Db): Promise<ImportJobsTable[]> {
  return db.selectFrom('import_jobs').selectAll().where('status', '=', 'uploading').execute();
}

/** The live and withdrawn products holding any of these SKUs (compared lower-cased). */
export function selectProductsBySkus(db: Db, skus: readonly string[]): Promise<ProductsTable[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where(sql<string>`lower(sku)`, 'in', skus.map((s) => s.toLowerCase())).execute();
}

/** Which of these slugs a product holds already. */
export async function selectTakenSlugs(db: Db, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  return new Set((await db.selectFrom('products').select('slug').where('slug', 'in', [...slugs]).execute()).map((r) => r.slug));
}

/** Which of these product ids exist already. */
export async function selectTakenProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('products').select('id').where('id', 'in', [...ids]).execute()).map((r) => r.id));
}

/** One page of live products by id after `afterId` (the export's keyset pagination). */
export function selectLiveProductsAfter(db: Db, afterId: string, limit: number): Promise<ProductsTable[]> {
  return db.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/**
 * Inserts rows of one shape into `table` in this transaction. PostgreSQL: one statement per 1,000
 * rows with the rows as a single JSON parameter (json_populate_recordset), not 35 bound parameters
 * a row, which the driver would send and the server parse one by one (a 500-row batch of products
 * is 17,500 of them). SQLite (in the process, nothing sent): multi-row VALUES of at most `chunk`
 * rows, under its 32,766 bound-variable limit.
 */
async function insertRows<T extends 'products' | 'audit_log'>(db: Db, table: T, rows: readonly (T extends 'products' ? ProductsTable : AuditLogTable)[], chunk: number): Promise<void> {
  if (rows.length === 0) return;
  if (getDialectKind(db) === 'postgres') {
    const columns = Object.keys(rows[0]!).map((c) => sql.id(c));
    for (let i = 0; i < rows.length; i += 1000) {
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns)}) SELECT ${sql.join(columns)} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows.slice(i, i + 1000))})`.execute(db);
    }
    return;
  }
  for (let i = 0; i < rows.length; i += chunk) await db.insertInto(table).values(rows.slice(i, i + chunk) as never).execute();
}

/** Inserts product rows (every row with the same columns) in a few statements per batch, not one per product. */
export async function insertProductRows(db: Db, rows: ProductsTable[]): Promise<void> {
  await insertRows(db, 'products', rows, 500);
}

/** Inserts audit entries in a few statements per batch. */
export async function insertAuditRows(db: Db, rows: AuditLogTable[]): Promise<void> {
  await insertRows(db, 'audit_log', rows, 1000);
}

/** The logo each of these brands already uses (brands no product carries are absent). */
export async function selectBrandLogos(db: Db, brands: readonly string[]): Promise<Map<string, string>> {
  if (brands.length === 0) return new Map();
  const rows = await db.selectFrom('products').select(['brand', 'brand_logo']).where('brand', 'in', [...new Set(brands)]).execute();
  return new Map(rows.map((r) => [r.brand, r.brand_logo]));
}
