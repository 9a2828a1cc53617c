import { CompiledQuery, sql, type RawBuilder } from 'kysely';
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

/**
 * Takes up an interrupted job for `owner`, running again with a lease until `until`: only while it
 * is still interrupted and was taken up fewer than `max` times since its last committed batch. One
 * conditional UPDATE, so of several servers sweeping at once exactly one wins.
 */
export async function takeOverImportJob(db: Db, id: string, owner: string, now: string, until: string, max: number): Promise<boolean> {
  const result = await db
    .updateTable('import_jobs')
    .set({ status: 'uploading', lease_owner: owner, lease_expires_at: until, updated_at: now, takeovers: sql<number>`takeovers + 1` })
    .where('id', '=', id)
    .where('status', '=', 'interrupted')
    .where('takeovers', '<', max)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Interrupted jobs a server may take up (taken up fewer than `max` times since their last batch), oldest first. */
export function selectInterruptedImportJobs(db: Db, max: number): Promise<Pick<ImportJobsTable, 'id' | 'last_row' | 'takeovers'>[]> {
  return db.selectFrom('import_jobs').select(['id', 'last_row', 'takeovers']).where('status', '=', 'interrupted').where('takeovers', '<', max).orderBy('created_at').limit(20).execute();
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
      // A batch went in: the job is not what stops the servers taking it up.
      takeovers: 0,
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

/**
 * Takes the stored file of a finished dry run for the import started from it: clears the dry run's
 * file path only while it still is `path` (two starts cannot both win); false when it is gone.
 */
export async function takeDryRunFile(db: Db, id: string, path: string): Promise<boolean> {
  const result = await db.updateTable('import_jobs').set({ file_path: '' }).where('id', '=', id).where('dry_run', '=', 1).where('status', '=', 'completed').where('file_path', '=', path).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Finished dry runs whose file is still stored and that finished before `before` (their files are removed). */
export function selectExpiredDryRunFiles(db: Db, before: string): Promise<Pick<ImportJobsTable, 'id' | 'file_path'>[]> {
  return db.selectFrom('import_jobs').select(['id', 'file_path']).where('dry_run', '=', 1).where('status', '=', 'completed').where('file_path', '!=', '').where('finished_at', '<', before).limit(100).execute();
}

/** Every job marked running (a handful at most): the sweep decides which lost their process. */
export function selectRunningImportJobs(db: Db): Promise<ImportJobsTable[]> {
  return db.selectFrom('import_jobs').selectAll().where('status', '=', 'uploading').execute();
}

/**
 * `column` among `values`: on PostgreSQL `= ANY` of one text[] parameter (a batch's 500 values as
 * 500 bound parameters are sent, bound and planned one by one), on SQLite an IN list.
 */
function among(db: Db, column: RawBuilder<unknown> | string, values: readonly string[]): RawBuilder<boolean> {
  const target = typeof column === 'string' ? sql.ref(column) : column;
  if (getDialectKind(db) === 'postgres') return sql<boolean>`${target} = ANY(${[...values]}::text[])`;
  return sql<boolean>`${target} IN (${sql.join([...values])})`;
}

/** The live and withdrawn products holding any of these SKUs (compared lower-cased). */
export function selectProductsBySkus(db: Db, skus: readonly string[]): Promise<ProductsTable[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where(among(db, sql`lower(sku)`, skus.map((s) => s.toLowerCase()))).execute();
}

/** Which of these slugs a product holds already. */
export async function selectTakenSlugs(db: Db, slugs: readonly string[]): Promise<Set<string>> {
  if (slugs.length === 0) return new Set();
  return new Set((await db.selectFrom('products').select('slug').where(among(db, 'slug', slugs)).execute()).map((r) => r.slug));
}

/** Which of these product ids exist already. */
export async function selectTakenProductIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('products').select('id').where(among(db, 'id', ids)).execute()).map((r) => r.id));
}

/** One page of live products by id after `afterId` (the export's keyset pagination). */
export function selectLiveProductsAfter(db: Db, afterId: string, limit: number): Promise<ProductsTable[]> {
  return db.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** The live products among `ids`, by id. */
export function selectLiveProductsIn(db: Db, ids: readonly string[]): Promise<ProductsTable[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('withdrawn_at', 'is', null).where('id', 'in', [...ids]).orderBy('id').execute();
}

/** SQL text of SQLite multi-row inserts by table, columns and row count: built once, not an AST of every value per batch. */
const sqliteInsertText = new Map<string, string>();

/**
 * Inserts rows of one shape into `table` in this transaction. PostgreSQL: one statement per 1,000
 * rows with the rows as a single JSON parameter (json_populate_recordset), not 35 bound parameters
 * a row, which the driver would send and the server parse one by one (a 500-row batch of products
 * is 17,500 of them). SQLite (in the process, nothing sent): multi-row VALUES of at most `chunk`
 * rows, under its 32,766 bound-variable limit, as SQL text built once per shape with the values as
 * one flat parameter list (Kysely's builder would make and compile a node per value: about a third
 * of what an import allocated).
 */
async function insertRows<T extends 'products' | 'audit_log'>(db: Db, table: T, rows: readonly (T extends 'products' ? ProductsTable : AuditLogTable)[], chunk: number): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(rows[0]!);
  if (getDialectKind(db) === 'postgres') {
    const columns = names.map((c) => sql.id(c));
    for (let i = 0; i < rows.length; i += 1000) {
      const part = rows.slice(i, i + 1000);
      if (table === 'audit_log') {
        // Every column of the audit log is text: its rows travel as arrays of values taken out by
        // position, with no key per value to parse and look up (a batch's entries carry 1-2 KB each).
        const values = JSON.stringify(part.map((row) => names.map((n) => (row as unknown as Record<string, unknown>)[n] ?? null)));
        await sql`INSERT INTO audit_log (${sql.join(columns)}) SELECT ${sql.join(names.map((_, k) => sql`e->>${sql.lit(k)}`))} FROM jsonb_array_elements(${values}::jsonb) AS e`.execute(db);
      } else {
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns)}) SELECT ${sql.join(columns)} FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(part)}::jsonb)`.execute(db);
      }
    }
    return;
  }
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const key = `${table}(${names.join(',')})x${part.length}`;
    let text = sqliteInsertText.get(key);
    if (text === undefined) {
      const tuple = `(${names.map(() => '?').join(', ')})`;
      text = `insert into "${table}" (${names.map((n) => `"${n}"`).join(', ')}) values ${Array.from({ length: part.length }, () => tuple).join(', ')}`;
      if (sqliteInsertText.size > 64) sqliteInsertText.clear();
      sqliteInsertText.set(key, text);
    }
    const parameters: unknown[] = [];
    for (const row of part) for (const name of names) parameters.push((row as unknown as Record<string, unknown>)[name]);
    await db.executeQuery(CompiledQuery.raw(text, parameters));
  }
}

/** A product's new columns with the version the batch read it at (the update only lands on that version). */
export type ProductUpdateRow = Partial<Omit<ProductsTable, 'id' | 'version' | 'withdrawn_at'>> & { id: string; version: number; updated_at: string };

/**
 * Updates products in one statement per 1,000 rows, each only if it still has the version it was
 * read at and is not withdrawn (then its version goes up by one), as updateProductIfVersion does
 * for one: the rows travel as one JSON parameter (PostgreSQL jsonb_populate_recordset, SQLite
 * json_each). Returns the ids updated; an id missing was changed meanwhile (stale).
 */
export async function updateProductRows(db: Db, rows: readonly ProductUpdateRow[]): Promise<Set<string>> {
  const done = new Set<string>();
  if (rows.length === 0) return done;
  const names = Object.keys(rows[0]!).filter((n) => n !== 'id' && n !== 'version');
  for (let i = 0; i < rows.length; i += 1000) {
    const json = JSON.stringify(rows.slice(i, i + 1000));
    let updated: { id: string }[];
    if (getDialectKind(db) === 'postgres') {
      const set = sql.join(names.map((n) => sql`${sql.id(n)} = j.${sql.id(n)}`));
      // p.id = ANY(ids) finds the products through their primary key: joined on j.id alone, the
      // planner (which cannot see into the JSON) scanned every live product for each batch.
      const ids = rows.slice(i, i + 1000).map((r) => r.id);
      ({ rows: updated } = await sql<{ id: string }>`UPDATE products AS p SET ${set}, version = p.version + 1 FROM jsonb_populate_recordset(NULL::products, ${json}::jsonb) AS j WHERE p.id = ANY(${ids}::text[]) AND p.id = j.id AND p.version = j.version AND p.withdrawn_at IS NULL RETURNING p.id`.execute(db));
    } else {
      // The unary + keeps the planner off the withdrawn_at index: the JSON rows are scanned and each product found by its id.
      const set = names.map((n) => `"${n}" = json_extract(j.value, '$.${n}')`).join(', ');
      const text = `update "products" set ${set}, "version" = "products"."version" + 1 from json_each(?) as j where "products"."id" = json_extract(j.value, '$.id') and "products"."version" = json_extract(j.value, '$.version') and +"products"."withdrawn_at" is null returning "products"."id"`;
      ({ rows: updated } = await db.executeQuery<{ id: string }>(CompiledQuery.raw(text, [json])));
    }
    for (const r of updated) done.add(r.id);
  }
  return done;
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
  const rows = await db.selectFrom('products').select(['brand', 'brand_logo']).where(among(db, 'brand', [...new Set(brands)])).execute();
  return new Map(rows.map((r) => [r.brand, r.brand_logo]));
}
