import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { IMPORT_BATCH_SIZE, IMPORT_MESSAGES } from '../../lib/schemas/admin-imports';
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.service';
import type { Database, ImportJobsTable } from '../db/schema';
import type { Logger } from '../log';
import { countImportBatch } from '../metrics/metrics';
import { createRecordMapper } from './csv-formats';
import { countCsvRecords, isOversizedRecord, readCsvRecords, sniffFile } from './csv-reader';
import { ProductIdClock, writeBatch, type BatchContext, type ImportItem } from './import-batch';
import type { ImportFileStore } from './import-files';
import { SeenSkus } from './seen-skus';
import {
  addBatchProgress,
  claimImportJob,
  extendImportLease,
  insertImportErrors,
  releaseImportLease,
  selectExpiredDryRunFiles,
  selectImportJob,
  selectInterruptedImportJobs,
  selectRunningImportJobs,
  takeDryRunFile,
  takeOverImportJob,
  transitionImportJob,
} from './imports.repository';

/** How long a claim on a job holds without being renewed. */
export const IMPORT_LEASE_MS = 30_000;
/** Times in a row servers take up a job by itself without a batch going in; then it waits for Resume. */
export const IMPORT_TAKEOVER_MAX = 3;
/** How often a running job's lease is renewed between batches, and the sweep looks for orphaned jobs. */
const HEARTBEAT_MS = 5_000;

/** How long a finished dry run's file stays stored to be started as the import. */
export const DRY_RUN_FILE_KEEP_MS = 24 * 60 * 60_000;

/** Times a batch is tried when it meets another writer. */
const BATCH_ATTEMPTS = 5;

/** Whether a failed transaction only met another writer (it rolled back; writing it again may succeed). */
function isTransientWriteConflict(err: unknown): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  return code === 'SQLITE_BUSY' || code === '40001' || code === '40P01' || /database is locked/i.test(String(message ?? ''));
}

/** Thrown inside a batch's transaction when this process no longer holds the job: the batch rolls back. */
class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

/** Thrown to roll back a dry run's batch after it was counted. */
class DryRunRollback extends Error {
  override name = 'DryRunRollback';
}

/** Options of the runner. */
export interface ImportRunnerOptions {
  /** The database in use now (it may be replaced after a fault). */
  db: () => Kysely<Database>;
  log: Logger;
  /** Where the jobs' uploaded files are stored (the same store for every server that may take a job over). */
  files: ImportFileStore;
  /** Hooks a batch's items through before it is written (image fetching). */
  prepare?: (items: ImportItem[], job: ImportJobsTable, signal: AbortSignal, dryRun: boolean) => Promise<{ imagesTotal: number; imagesDone: number }>;
  /** Rows per transactional batch (IMPORT_BATCH_ROWS; IMPORT_BATCH_SIZE when not given): pause and cancel land within one. */
  batchRows?: number;
}

/** When a process of this machine started (clock ticks since boot, /proc/<pid>/stat), or '' where that cannot be read. */
function startTicksOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces; the start time is the 22nd field, the 20th after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

/**
 * Whether a lease owner (not this runner) names a process of this machine that no longer runs: no
 * process has its pid, this process has it (an earlier one restarted with the same pid, as in a
 * container), or another process has it that started at another time (the pid was reused).
 */
function ownerIsDeadHere(owner: string): boolean {
  const [host, pid, , started] = owner.split('#');
  if (host !== hostname() || !pid || !/^\d+$/.test(pid)) return false;
  if (Number(pid) === process.pid) return true;
  try {
    process.kill(Number(pid), 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return true;
  }
  const now = started ? startTicksOf(Number(pid)) : '';
  return now !== '' && now !== started;
}

/**
 * Runs import jobs in this process: claims a job with a lease (one process per job, even with
 * several servers on one PostgreSQL database), streams its file, writes batches of rows each in one
 * transaction together with the job's counters and resume point, and stops after the batch in which
 * it was paused or cancelled. A sweep marks jobs whose process died 'interrupted' and takes them up:
 * they go on from their last committed batch by themselves, on whichever server sweeps first.
 */
export class ImportRunner {
  /** This process's name on the leases it holds: host#pid#random#start ticks. */
  readonly owner = `${hostname()}#${process.pid}#${randomBytes(4).toString('hex')}#${startTicksOf(process.pid)}`;
  private readonly running = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private sweepTimer?: NodeJS.Timeout;
  /** When a job of this process last stopped because the file store failed (0: never). */
  private storeFailedAt = 0;

  constructor(private readonly options: ImportRunnerOptions) {}

  /** The store of the jobs' files. */
  get files(): ImportFileStore {
    return this.options.files;
  }

  /** Removes a job's stored file; a failure is logged (the file stays behind), not thrown. */
  async removeFile(id: string, key: string): Promise<void> {
    await this.options.files.delete(key).catch((err: unknown) => this.options.log.warn('import file could not be removed', { err, job: id, key }));
  }

  /** Starts the sweep (now and every few seconds). */
  start(): void {
    void this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), HEARTBEAT_MS).unref();
  }

  /**
   * Marks 'interrupted' every running job whose process is gone (its lease expired, or its owner was
   * a process of this machine that no longer runs: a kill -9 seen at once on restart), then takes
   * up interrupted jobs in this process: they go on after their last committed batch, nobody needed.
   * A job taken up IMPORT_TAKEOVER_MAX times without a batch going in waits for Resume.
   */
  async sweep(): Promise<number> {
    let marked = 0;
    try {
      const db = this.options.db();
      const now = new Date();
      for (const job of await selectRunningImportJobs(db)) {
        if (this.running.has(job.id)) continue;
        const expired = job.lease_expires_at !== null && job.lease_expires_at < now.toISOString();
        const unclaimed = job.lease_owner === null && Date.parse(job.updated_at) < now.getTime() - IMPORT_LEASE_MS;
        const dead = job.lease_owner !== null && job.lease_owner !== this.owner && ownerIsDeadHere(job.lease_owner);
        if (!expired && !unclaimed && !dead) continue;
        const changed = await transitionImportJob(db, job.id, ['uploading'], { status: 'interrupted', lease_owner: null, lease_expires_at: null, updated_at: now.toISOString() });
        if (changed) {
          marked++;
          const waits = job.takeovers >= IMPORT_TAKEOVER_MAX;
          this.options.log.warn(waits ? 'import interrupted again: it waits for Resume' : 'import interrupted: its server stopped', { job: job.id, row: job.last_row, takeovers: job.takeovers });
        }
      }
      await this.takeOverInterrupted(now);
      await this.removeExpiredDryRunFiles(now);
    } catch (err) {
      this.options.log.warn('import sweep failed', { err });
    }
    return marked;
  }

  /** Takes up the interrupted jobs a server may take up, each in this process unless another server won it. */
  private async takeOverInterrupted(now: Date): Promise<void> {
    if (this.abort.signal.aborted) return;
    // A server whose file store just failed leaves interrupted jobs to the others for a lease's time.
    if (now.getTime() - this.storeFailedAt < IMPORT_LEASE_MS) return;
    const db = this.options.db();
    const until = new Date(now.getTime() + IMPORT_LEASE_MS).toISOString();
    for (const job of await selectInterruptedImportJobs(db, IMPORT_TAKEOVER_MAX)) {
      if (this.running.has(job.id) || this.abort.signal.aborted) continue;
      const taken = await db.transaction().execute(async (trx) => {
        if (!(await takeOverImportJob(trx, job.id, this.owner, now.toISOString(), until, IMPORT_TAKEOVER_MAX))) return false;
        await recordAudit(trx, SYSTEM_ACTOR, { action: 'import.take_over', entityType: 'import', entityId: job.id, before: { status: 'interrupted' }, after: { status: 'uploading', row: job.last_row } }, now);
        return true;
      });
      if (!taken) continue;
      this.options.log.info('import taken over', { job: job.id, row: job.last_row, takeover: job.takeovers + 1 });
      this.kick(job.id);
    }
  }

  /** Runs a job marked 'uploading' in this process unless it already runs here (or another process holds it). */
  kick(id: string): void {
    if (this.running.has(id) || this.abort.signal.aborted) return;
    const run = this.run(id)
      .catch((err: unknown) => this.options.log.error('import runner failed', { err, job: id }))
      .finally(() => {
        this.running.delete(id);
        // Resumed while the last batch before a pause was finishing: go on.
        void selectImportJob(this.options.db(), id)
          .then((job) => {
            if (job?.status === 'uploading' && !job.lease_owner) this.kick(id);
          })
          .catch(() => undefined);
      });
    this.running.set(id, run);
  }

  /** Whether this process runs the job now. */
  isRunning(id: string): boolean {
    return this.running.has(id);
  }

  /** Stops every job after its current batch; each is left 'interrupted' (resumable). */
  async stop(): Promise<void> {
    this.abort.abort();
    clearInterval(this.sweepTimer);
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(id: string): Promise<void> {
    const db = this.options.db();
    const leaseUntil = () => new Date(Date.now() + IMPORT_LEASE_MS).toISOString();
    if (!(await claimImportJob(db, id, this.owner, new Date().toISOString(), leaseUntil()))) return;
    const heartbeat = setInterval(() => void extendImportLease(this.options.db(), id, this.owner, leaseUntil()).catch(() => undefined), HEARTBEAT_MS).unref();
    try {
      await this.process(id, leaseUntil);
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.options.log.warn('import lease lost; another process holds the job', { job: id });
        return;
      }
      if (err instanceof Error && err.name === 'ObjectStoreError') {
        // The bucket failed this process, not the job: it is left for a server that can reach it
        // (or this one, later), as after a crash; taken up IMPORT_TAKEOVER_MAX times without a batch going in, it waits for Resume.
        this.storeFailedAt = Date.now();
        this.options.log.warn('import stopped: its file store cannot be read', { err, job: id });
        const db = this.options.db();
        // Only a running job becomes 'interrupted': one paused or cancelled meanwhile keeps its status.
        await transitionImportJob(db, id, ['uploading'], { status: 'interrupted', updated_at: new Date().toISOString() }).catch(() => undefined);
        await releaseImportLease(db, id, this.owner).catch(() => undefined);
        return;
      }
      const message = err instanceof Error && err.message ? err.message : IMPORT_MESSAGES.unknownError;
      this.options.log.error('import failed', { err, job: id });
      // Spec §8 bulk failure: status error, the result shows one failed row 0 with the message.
      await this.finish(id, 'error', { error_message: message }).catch(() => undefined);
      await insertImportErrors(this.options.db(), [{ job_id: id, row: 0, message, product: null, raw_json: '[]' }]).catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Ends a job in a final status, releases its lease and removes its stored file, except a finished
   * dry run's: that file can be started as the import (POST …/:id/start), and the sweep removes it
   * after DRY_RUN_FILE_KEEP_MS.
   */
  private async finish(id: string, status: 'completed' | 'error', changes: Partial<ImportJobsTable> = {}): Promise<void> {
    const db = this.options.db();
    const at = new Date().toISOString();
    const job = await selectImportJob(db, id);
    await transitionImportJob(db, id, ['uploading'], { ...changes, status, finished_at: at, updated_at: at, lease_owner: null, lease_expires_at: null, current_product: null });
    if (job && !(job.dry_run === 1 && status === 'completed') && job.file_path) await this.removeFile(id, job.file_path);
  }

  /** Removes the stored files of finished dry runs nobody started within DRY_RUN_FILE_KEEP_MS. */
  private async removeExpiredDryRunFiles(now: Date): Promise<void> {
    const db = this.options.db();
    for (const job of await selectExpiredDryRunFiles(db, new Date(now.getTime() - DRY_RUN_FILE_KEEP_MS).toISOString())) {
      if (await takeDryRunFile(db, job.id, job.file_path)) await this.removeFile(job.id, job.file_path);
    }
  }

  private async process(id: string, leaseUntil: () => string): Promise<void> {
    let job = await selectImportJob(this.options.db(), id);
    if (!job) return;
    const files = this.options.files;
    const sniff = await sniffFile(files, job.file_path);
    if (!sniff) throw new Error(IMPORT_MESSAGES.invalidFile);
    if (job.total === 0 && job.last_row === 0) {
      const { header, rows } = await countCsvRecords(files, job.file_path, sniff);
      if (rows === 0) throw new Error(IMPORT_MESSAGES.noProducts);
      const mapper = createRecordMapper(header);
      await this.options.db().updateTable('import_jobs').set({ total: rows, format: mapper.format, header_json: JSON.stringify(header) }).where('id', '=', id).where('lease_owner', '=', this.owner).execute();
      job = { ...job, total: rows, format: mapper.format };
    }
    const actor: Actor = { id: job.created_by, name: job.created_by_name };
    const ctx: BatchContext = { jobId: id, actor, ids: new ProductIdClock(), brandLogos: new Map(), sourceFiles: new Map() };
    const dryRun = job.dry_run === 1;
    let mapper: ReturnType<typeof createRecordMapper> | undefined;
    let record = 0;
    // A SKU on two rows of one file: the later row is refused (rebuilt from the skipped rows on a resume).
    const seenSkus = new SeenSkus();
    let batch: ImportItem[] = [];
    let clock = Date.now();

    const commit = async (): Promise<boolean> => {
      const items = batch;
      batch = [];
      // A dry run's image step only refuses the paths a real run would refuse: nothing is fetched or stored.
      const images = this.options.prepare ? await this.options.prepare(items, job!, this.abort.signal, dryRun) : { imagesTotal: 0, imagesDone: 0 };
      // When the batch is written: taken again for each attempt, so a batch written again after another
      // writer's commit dates its rows and audit entries after that commit, not before it.
      let now = new Date();
      const db = this.options.db();
      let outcome: Awaited<ReturnType<typeof writeBatch>> | undefined;
      const lastRow = items[items.length - 1]!.row - 1;
      const progress = () => ({
        rows: items.length,
        lastRow,
        success: outcome!.success,
        failed: outcome!.failed,
        created: outcome!.created,
        updated: outcome!.updated,
        unchanged: outcome!.unchanged,
        imagesTotal: images.imagesTotal,
        imagesDone: images.imagesDone,
        activeMs: Date.now() - clock,
        currentProduct: outcome!.lastProduct,
        leaseUntil: leaseUntil(),
        at: now.toISOString(),
      });
      // A batch that met another writer (SQLite's 'database is locked' when a second process writes, a
      // PostgreSQL deadlock or serialization failure) rolled back whole: it is written again.
      for (let attempt = 1; ; attempt++) {
        if (attempt > 1) now = new Date();
        try {
          if (dryRun) {
            // The rows go through every rule and write, then the transaction is rolled back; only the counts stay.
            await db
              .transaction()
              .execute(async (trx) => {
                outcome = await writeBatch(trx, items, ctx, now);
                throw new DryRunRollback();
              })
              .catch((err: unknown) => {
                if (!(err instanceof DryRunRollback)) throw err;
              });
            await db.transaction().execute(async (trx) => {
              if (!(await addBatchProgress(trx, id, this.owner, progress()))) throw new LeaseLostError();
              await insertImportErrors(trx, outcome!.errors);
            });
          } else {
            await db.transaction().execute(async (trx) => {
              outcome = await writeBatch(trx, items, ctx, now);
              if (!(await addBatchProgress(trx, id, this.owner, progress()))) throw new LeaseLostError();
              await insertImportErrors(trx, outcome.errors);
            });
          }
          break;
        } catch (err) {
          if (attempt >= BATCH_ATTEMPTS || !isTransientWriteConflict(err)) throw err;
          this.options.log.warn('import batch met another writer; writing it again', { job: id, attempt });
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
        }
      }
      countImportBatch(outcome!, dryRun);
      // Let requests waiting on the event loop in (SQLite's driver answers without real I/O, so a run of
      // batches would otherwise hold the loop): a pause or cancel is then seen after this batch, not a later one.
      await new Promise((resolve) => setImmediate(resolve));
      clock = Date.now();
      if (this.abort.signal.aborted) {
        await releaseImportLease(db, id, this.owner, { status: 'interrupted', updated_at: new Date().toISOString() });
        return false;
      }
      const status = (await selectImportJob(db, id))?.status;
      if (status !== 'uploading') {
        await releaseImportLease(db, id, this.owner);
        return false;
      }
      return true;
    };

    for await (const cells of readCsvRecords(files, job.file_path, sniff)) {
      if (!mapper) {
        if (isOversizedRecord(cells)) throw new Error(IMPORT_MESSAGES.rowTooLong);
        mapper = createRecordMapper(cells);
        continue;
      }
      record++;
      if (isOversizedRecord(cells)) {
        // Never read whole, so never mapped: a continuation row after it joins no product.
        if (record > job.last_row) batch.push({ row: record + 1, cells: [], fields: {}, refused: IMPORT_MESSAGES.rowTooLong });
        if (batch.length >= (this.options.batchRows ?? IMPORT_BATCH_SIZE) && !(await commit())) return;
        continue;
      }
      // Every record goes through the mapper (a variant row needs the product row before it), but
      // the ones of committed batches are not written again.
      const mapped = mapper.map(cells);
      const code = mapped.kind === 'product' ? mapped.fields.sku?.trim().toLowerCase() : undefined;
      const repeated = code ? seenSkus.add(code) : false;
      if (record <= job.last_row) continue;
      batch.push({ row: record + 1, cells, fields: mapped.kind === 'product' ? mapped.fields : null, refused: repeated ? IMPORT_MESSAGES.duplicateSku : undefined });
      if (batch.length >= (this.options.batchRows ?? IMPORT_BATCH_SIZE) && !(await commit())) return;
    }
    if (batch.length && !(await commit())) return;
    await this.finish(id, 'completed');
  }
}
