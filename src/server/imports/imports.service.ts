import { randomUUID } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import type { Kysely } from 'kysely';
import {
  formatImportError,
  IMPORT_MESSAGES,
  IMPORT_PREVIEW_ROWS,
  performanceStatusOf,
  suggestionsFor,
  TEMPLATE_COLUMNS,
  type ImportFormat,
  type ImportJob,
  type ImportStatus,
} from '../../lib/schemas/admin-imports';
import { recordAudit, type Actor } from '../audit/audit.service';
import { toAdminProduct } from '../catalog/admin-products.service';
import type { Db } from '../customers/customers.repository';
import type { Database, ImportJobsTable } from '../db/schema';
import { ApiError, notFound } from '../http/errors';
import { createRecordMapper, type RecordMapper, type TemplateRecord } from './csv-formats';
import { isOversizedRecord, readCsvRecords, sniffFile } from './csv-reader';
import { ImportFileGoneError, type ImportFileStore } from './import-files';
import type { ImportRunner } from './import-runner';
import { insertImportJob, selectImportErrors, selectImportJob, selectLatestImportJob, selectLiveProductsAfter, selectLiveProductsIn, takeDryRunFile, transitionImportJob } from './imports.repository';
import { csvLine, productToTemplateCells } from './product-rows';

/** Refused rows a job answer lists (the error file has every one). */
const ERRORS_LISTED = 100;
/** Rows read per query while streaming a CSV. */
const STREAM_PAGE = 500;

/** A job as the API answers it: spec §3 progress, result and metrics, with the §8 suggestions. */
export async function toImportJob(db: Db, files: ImportFileStore, row: ImportJobsTable): Promise<ImportJob> {
  const errors = (await selectImportErrors(db, row.id, ERRORS_LISTED)).map((e) => ({ row: e.row, message: e.message, ...(e.product ? { product: e.product } : {}) }));
  const processed = row.current;
  const activeMs = Number(row.active_ms);
  const perMinute = activeMs > 0 ? (processed / activeMs) * 60_000 : 0;
  const errorRate = processed > 0 ? row.failed / processed : 0;
  const heap = getHeapStatistics();
  const memory = heap.used_heap_size / heap.heap_size_limit;
  const average = processed > 0 ? activeMs / processed : 0;
  return {
    id: row.id,
    status: row.status as ImportStatus,
    dryRun: row.dry_run === 1,
    fileName: row.file_name,
    format: (row.format as ImportFormat | null) ?? null,
    current: processed,
    total: row.total,
    percentage: row.total > 0 ? Math.min(100, Math.round((processed / row.total) * 1000) / 10) : row.status === 'completed' ? 100 : 0,
    currentProduct: row.current_product,
    result: {
      success: row.success,
      failed: row.failed,
      total: row.total,
      created: row.created,
      updated: row.updated,
      unchanged: row.unchanged,
      errors,
      messages: errors.map(formatImportError),
    },
    metrics: {
      totalProducts: row.total,
      processedProducts: processed,
      totalImages: row.images_total,
      uploadedImages: row.images_done,
      startTime: row.started_at,
      estimatedTimeRemaining: processed > 0 && row.total > processed ? Math.round(((row.total - processed) * average) / 1000) : processed > 0 ? 0 : null,
      averageProcessingTime: Math.round(average * 100) / 100,
      uploadSpeed: Math.round(perMinute * 10) / 10,
      errorRate: Math.round(errorRate * 1000) / 1000,
      memoryUsage: Math.round(memory * 1000) / 1000,
      performanceStatus: performanceStatusOf(errorRate, perMinute),
    },
    suggestions: row.status === 'uploading' || row.status === 'completed' ? suggestionsFor(errorRate, perMinute, memory, processed) : [],
    errorMessage: row.error_message,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    ...(row.dry_run === 1 && row.file_path ? { preview: await previewRows(files, row.file_path), startable: row.status === 'completed' } : {}),
  };
}

/**
 * A dry run's first product rows mapped to template fields, read from its stored file (a few KB of
 * it: the reader stops once they are found). Empty when the file cannot be read.
 */
async function previewRows(files: ImportFileStore, key: string): Promise<NonNullable<ImportJob['preview']>> {
  const rows: NonNullable<ImportJob['preview']> = [];
  try {
    const sniff = await sniffFile(files, key);
    if (!sniff) return rows;
    let mapper: RecordMapper | undefined;
    let record = 0;
    for await (const cells of readCsvRecords(files, key, sniff)) {
      if (isOversizedRecord(cells)) {
        if (!mapper) break;
        record++;
        continue;
      }
      if (!mapper) {
        mapper = createRecordMapper(cells);
        continue;
      }
      record++;
      const mapped = mapper.map(cells);
      if (mapped.kind !== 'product') continue;
      const fields = Object.fromEntries(Object.entries(mapped.fields).filter(([, v]) => v !== undefined && v.trim() !== '')) as TemplateRecord;
      rows.push({ row: record + 1, fields });
      if (rows.length >= IMPORT_PREVIEW_ROWS) break;
    }
  } catch {
    // A file removed meanwhile (started or expired): no preview.
  }
  return rows;
}

/** A stored upload to import. */
export interface StoredImportFile {
  id: string;
  /** Its key in the import file store (importFileKey of the id it was uploaded as). */
  key: string;
  name: string;
  bytes: number;
}

/** Records a new job for a stored file (running at once, a dry run too: it only counts) and audits it. */
export async function createImportJob(db: Kysely<Database>, runner: ImportRunner, file: StoredImportFile, dryRun: boolean, actor: Actor, now = new Date()): Promise<ImportJob> {
  const row = newJobRow(file, dryRun, actor, now);
  await db.transaction().execute(async (trx) => {
    await insertImportJob(trx, row);
    await recordAudit(trx, actor, { action: dryRun ? 'import.dry_run' : 'import.start', entityType: 'import', entityId: row.id, after: { fileName: row.file_name, bytes: file.bytes } }, now);
  });
  runner.kick(row.id);
  return toImportJob(db, runner.files, row);
}

/**
 * POST /api/admin/imports/:id/start: the stored file of a finished dry run imported for real, as a
 * new job, without sending it again (the same bytes that were checked). The file passes to the new
 * job under its key; a second start of the same dry run finds it gone. 404 when no job; 409 when it
 * is not a finished dry run, or its file was started already or removed (DRY_RUN_FILE_KEEP_MS).
 */
export async function startCheckedImport(db: Kysely<Database>, runner: ImportRunner, dryRunId: string, actor: Actor, now = new Date()): Promise<ImportJob> {
  const checked = await selectImportJob(db, dryRunId);
  if (!checked) throw notFound(IMPORT_MESSAGES.notFound);
  if (checked.dry_run !== 1 || checked.status !== 'completed') throw new ApiError(409, 'conflict', IMPORT_MESSAGES.notStartable);
  const file: StoredImportFile = { id: randomUUID(), key: checked.file_path, name: checked.file_name, bytes: Number(checked.file_bytes) };
  const row = newJobRow(file, false, actor, now);
  await db.transaction().execute(async (trx) => {
    // The key is taken from the dry run in the same transaction that gives it to the new job: a
    // second start, or the sweep of expired dry runs, finds it gone.
    if (!checked.file_path || !(await takeDryRunFile(trx, checked.id, checked.file_path))) throw new ApiError(409, 'conflict', IMPORT_MESSAGES.checkedFileGone);
    await insertImportJob(trx, row);
    await recordAudit(trx, actor, { action: 'import.start', entityType: 'import', entityId: row.id, after: { fileName: row.file_name, bytes: file.bytes, dryRun: checked.id } }, now);
    // Last, so a file removed behind the shop's back rolls the claim back as the 409.
    await runner.files.head(file.key, 1).catch((err: unknown) => {
      throw err instanceof ImportFileGoneError ? new ApiError(409, 'conflict', IMPORT_MESSAGES.checkedFileGone) : err;
    });
  });
  runner.kick(row.id);
  return toImportJob(db, runner.files, row);
}

/** A new job's row, running at once. */
function newJobRow(file: StoredImportFile, dryRun: boolean, actor: Actor, now: Date): ImportJobsTable {
  const at = now.toISOString();
  return {
    id: file.id,
    status: 'uploading',
    dry_run: dryRun ? 1 : 0,
    file_path: file.key,
    file_name: file.name.slice(0, 255) || 'products.csv',
    file_bytes: file.bytes,
    format: null,
    header_json: null,
    total: 0,
    current: 0,
    last_row: 0,
    current_product: null,
    success: 0,
    failed: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    images_total: 0,
    images_done: 0,
    active_ms: 0,
    error_message: null,
    lease_owner: null,
    lease_expires_at: null,
    takeovers: 0,
    created_by: actor.id,
    created_by_name: actor.name,
    created_at: at,
    started_at: null,
    finished_at: null,
    updated_at: at,
  };
}

/** A job by id; 404 when none. */
export async function getImportJob(db: Kysely<Database>, files: ImportFileStore, id: string): Promise<ImportJob> {
  const row = await selectImportJob(db, id);
  if (!row) throw notFound(IMPORT_MESSAGES.notFound);
  return toImportJob(db, files, row);
}

/** The newest job, or null: a reopened Bulk Upload view shows it. */
export async function getLatestImportJob(db: Kysely<Database>, files: ImportFileStore): Promise<ImportJob | null> {
  const row = await selectLatestImportJob(db);
  return row ? toImportJob(db, files, row) : null;
}

/** Moves a job between states with an audit entry; 404 when none, 409 with `refused` when it is in none of `from`. */
async function moveJob(db: Kysely<Database>, id: string, from: ImportStatus[], changes: Partial<ImportJobsTable> & { status: ImportStatus }, refused: string, actor: Actor, action: string, now: Date): Promise<ImportJobsTable> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await selectImportJob(trx, id);
    if (!before) throw notFound(IMPORT_MESSAGES.notFound);
    // Refused on what the read shows, before asking for the write lock: another process's import
    // may hold it batch after batch, and a refusal must not wait for it (or time out as a 503).
    // The transition's own condition still settles a race with a change made since the read.
    if (!from.includes(before.status as ImportStatus)) throw new ApiError(409, 'conflict', refused);
    if (!(await transitionImportJob(trx, id, from, { ...changes, updated_at: at }))) throw new ApiError(409, 'conflict', refused);
    await recordAudit(trx, actor, { action, entityType: 'import', entityId: id, before: { status: before.status }, after: { status: changes.status, row: before.last_row } }, now);
    return (await selectImportJob(trx, id))!;
  });
}

/** Pauses a running job: its runner stops after the batch it is writing. */
export async function pauseImportJob(db: Kysely<Database>, files: ImportFileStore, id: string, actor: Actor, now = new Date()): Promise<ImportJob> {
  return toImportJob(db, files, await moveJob(db, id, ['uploading'], { status: 'paused' }, IMPORT_MESSAGES.notPausable, actor, 'import.pause', now));
}

/**
 * Resumes a paused or interrupted job from its last committed batch, in this process (an interrupted
 * one is taken up by a server by itself too, unless it stopped every server that took it up).
 */
export async function resumeImportJob(db: Kysely<Database>, runner: ImportRunner, id: string, actor: Actor, now = new Date()): Promise<ImportJob> {
  const row = await moveJob(db, id, ['paused', 'interrupted'], { status: 'uploading', takeovers: 0 }, IMPORT_MESSAGES.notResumable, actor, 'import.resume', now);
  runner.kick(id);
  return toImportJob(db, runner.files, row);
}

/** Cancels a job that has not finished: what was written stays (and is listed); its file is removed once no batch runs. */
export async function cancelImportJob(db: Kysely<Database>, runner: ImportRunner, id: string, actor: Actor, now = new Date()): Promise<ImportJob> {
  const row = await moveJob(db, id, ['uploading', 'paused', 'interrupted', 'idle'], { status: 'cancelled', finished_at: now.toISOString(), current_product: null }, IMPORT_MESSAGES.notCancellable, actor, 'import.cancel', now);
  if (!runner.isRunning(id) && !row.lease_owner && row.file_path) await runner.removeFile(id, row.file_path);
  return toImportJob(db, runner.files, row);
}

/** A CSV body streamed page by page from `pages` (each call returns the next lines, [] at the end). */
function csvStream(first: string, pages: () => Promise<string[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(first));
        return;
      }
      const lines = await pages();
      if (lines.length === 0) controller.close();
      else controller.enqueue(encoder.encode(lines.join('')));
    },
  });
}

/** The column of the error file that says why a row was refused. */
export const ERROR_FILE_REASON_COLUMN = 'Import error';

/** GET …/:id/errors.csv: the refused rows as they were in the file, plus a column saying why; 404 when no job. */
export async function streamImportErrors(db: Kysely<Database>, id: string): Promise<ReadableStream<Uint8Array>> {
  const job = await selectImportJob(db, id);
  if (!job) throw notFound(IMPORT_MESSAGES.notFound);
  const header = job.header_json ? (JSON.parse(job.header_json) as string[]) : [...TEMPLATE_COLUMNS];
  let after = 0;
  // A UTF-8 BOM so a spreadsheet opens accents right.
  return csvStream(`\ufeff${csvLine([...header, ERROR_FILE_REASON_COLUMN])}`, async () => {
    const rows = await selectImportErrors(db, id, STREAM_PAGE, after);
    if (rows.length) after = rows[rows.length - 1]!.row;
    return rows.map((r) => {
      const cells = JSON.parse(r.raw_json) as string[];
      const padded = header.map((_, i) => cells[i] ?? '');
      return csvLine([...padded, r.message]);
    });
  });
}

/** GET /api/admin/products/export.csv: every live product (or the live ones among `only`) in the template's columns, streamed. */
export function streamProductsExport(db: Kysely<Database>, only?: readonly string[]): ReadableStream<Uint8Array> {
  let after = '';
  const wanted = only ? [...only].sort() : null;
  return csvStream(`\ufeff${csvLine([...TEMPLATE_COLUMNS])}`, async () => {
    if (wanted) {
      // A chunk of withdrawn products only is skipped: an empty page would end the stream.
      while (wanted.length > 0) {
        const rows = await selectLiveProductsIn(db, wanted.splice(0, STREAM_PAGE));
        if (rows.length) return rows.map((r) => csvLine(productToTemplateCells(toAdminProduct(r))));
      }
      return [];
    }
    const rows = await selectLiveProductsAfter(db, after, STREAM_PAGE);
    if (rows.length) after = rows[rows.length - 1]!.id;
    return rows.map((r) => csvLine(productToTemplateCells(toAdminProduct(r))));
  });
}
