import { randomBytes, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { BULK_MESSAGES, type BulkJob, type BulkKind, type BulkResult } from '../../lib/schemas/admin-bulk';
import type { Actor } from '../audit/audit.service';
import type { BulkJobsTable, Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Logger } from '../log';
import { applyToEach } from './bulk.service';
import { addBulkJobProgress, claimBulkJob, finishBulkJob, insertBulkJob, selectBulkJob, selectOrphanedBulkJobs } from './bulk-jobs.repository';

/** How long a claim on a job holds without being renewed (a slice renews it). */
export const BULK_LEASE_MS = 30_000;
/** Records a job changes between two progress writes. */
export const BULK_SLICE = 50;
/** How often the sweep looks for jobs whose process died. */
const SWEEP_MS = 5_000;

/** Changes one record of a job as its request asks; throws the one-by-one route's refusal; false: left as it was, not counted. */
export type BulkChangeOne = (db: Kysely<Database>, input: unknown, id: string, actor: Actor) => Promise<boolean | void>;

/** Options of the runner. */
export interface BulkJobRunnerOptions {
  /** The database in use now. */
  db: () => Kysely<Database>;
  log: Logger;
  /** The one-record change of each kind (the same service as the 200 path). */
  changeOne: Record<BulkKind, BulkChangeOne>;
  /** Called after each slice (e.g. to wake the outbox for the e-mails it queued). */
  afterSlice?: (kind: BulkKind) => void;
}

/** The stored input of a job: the request with its ids resolved once. */
export interface StoredInput {
  ids: string[];
  [key: string]: unknown;
}

/** The view of a stored job. */
export function toBulkJob(row: BulkJobsTable): BulkJob {
  return {
    id: row.id,
    kind: row.kind as BulkKind,
    status: row.status as BulkJob['status'],
    total: Number(row.total),
    current: Number(row.current),
    changed: Number(row.changed),
    refused: JSON.parse(row.refused_json) as BulkResult['refused'],
    errorMessage: row.error_message,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/**
 * Runs large bulk actions as jobs in this process: the ids are stored with the request, a lease says
 * which process runs it, and each slice of BULK_SLICE records commits its counts and refusals with the
 * lease renewed. A sweep takes up a job whose process died after its last committed slice; a record of
 * the slice in flight may meet its change again, which the one-by-one rules refuse (an order no longer
 * pending, a product whose version moved on since the selection was read) rather than apply twice.
 */
export class BulkJobRunner {
  /** This process's name on the leases it holds. */
  readonly owner = `${hostname()}#${process.pid}#${randomBytes(4).toString('hex')}`;
  private readonly running = new Map<string, Promise<void>>();
  private sweepTimer?: NodeJS.Timeout;
  private stopped = false;

  constructor(private readonly options: BulkJobRunnerOptions) {}

  /** Starts the sweep for jobs whose process died. */
  start(): void {
    if (this.sweepTimer) return;
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_MS).unref();
    void this.sweep();
  }

  /** Stops taking up work and waits for the slices in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await Promise.allSettled([...this.running.values()]);
  }

  /**
   * Runs a resolved selection: within the request when it has fewer than `minRecords` records (the
   * result), otherwise as a job started here (its first view), its input first passed through
   * `prepareJob` (e.g. to pin each product's version).
   */
  async submit(kind: BulkKind, input: StoredInput, actor: Actor, minRecords: number, prepareJob?: (input: StoredInput) => Promise<StoredInput>): Promise<{ result: BulkResult } | { job: BulkJob }> {
    const ids = [...new Set(input.ids)];
    if (ids.length < minRecords) {
      const db = this.options.db();
      return { result: await applyToEach(ids, (id) => this.options.changeOne[kind](db, input, id, actor)) };
    }
    const stored = { ...input, ids };
    return { job: await this.create(kind, prepareJob ? await prepareJob(stored) : stored, actor) };
  }

  /** Stores a job for `ids` of `kind` and starts it here; answers its first view. */
  async create(kind: BulkKind, input: StoredInput, actor: Actor): Promise<BulkJob> {
    const at = new Date().toISOString();
    const row: BulkJobsTable = {
      id: randomUUID(),
      kind,
      status: 'running',
      input_json: JSON.stringify(input),
      total: input.ids.length,
      current: 0,
      changed: 0,
      refused_json: '[]',
      error_message: null,
      lease_owner: this.owner,
      lease_expires_at: new Date(Date.now() + BULK_LEASE_MS).toISOString(),
      created_by: actor.id,
      created_by_name: actor.name,
      created_at: at,
      finished_at: null,
      updated_at: at,
    };
    await insertBulkJob(this.options.db(), row);
    this.launch(row.id);
    return toBulkJob(row);
  }

  /** The view of a job; 404 when there is none. */
  async get(id: string): Promise<BulkJob> {
    const row = await selectBulkJob(this.options.db(), id);
    if (!row) throw new ApiError(404, 'not_found', BULK_MESSAGES.jobNotFound);
    return toBulkJob(row);
  }

  /** Resolves when this process's run of the job ends (tests and shutdown). */
  async settled(id: string): Promise<void> {
    await this.running.get(id);
  }

  private launch(id: string): void {
    if (this.running.has(id) || this.stopped) return;
    const run = this.run(id)
      .catch((err: unknown) => this.options.log.error('bulk job failed', { err, job: id }))
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private async sweep(): Promise<void> {
    try {
      for (const { id } of await selectOrphanedBulkJobs(this.options.db(), new Date().toISOString())) {
        if (!this.running.has(id)) {
          this.options.log.info('bulk job taken over', { job: id });
          this.launch(id);
        }
      }
    } catch (err) {
      this.options.log.warn('bulk job sweep failed', { err });
    }
  }

  private async run(id: string): Promise<void> {
    const db = this.options.db();
    const now = () => new Date().toISOString();
    const leaseUntil = () => new Date(Date.now() + BULK_LEASE_MS).toISOString();
    if (!(await claimBulkJob(db, id, this.owner, now(), leaseUntil()))) return;
    const row = await selectBulkJob(db, id);
    if (!row) return;
    const kind = row.kind as BulkKind;
    const input = JSON.parse(row.input_json) as StoredInput;
    const actor: Actor = { id: row.created_by, name: row.created_by_name };
    const changeOne = this.options.changeOne[kind];
    let current = Number(row.current);
    try {
      while (current < input.ids.length && !this.stopped) {
        const slice = input.ids.slice(current, current + BULK_SLICE);
        let changed = 0;
        const refused: BulkResult['refused'] = [];
        for (const recordId of slice) {
          try {
            if ((await changeOne(db, input, recordId, actor)) !== false) changed++;
          } catch (err) {
            if (!(err instanceof ApiError) || err.status >= 500) throw err;
            refused.push({ id: recordId, message: err.message });
          }
        }
        if (!(await addBulkJobProgress(db, id, this.owner, current, { done: slice.length, changed, refused, leaseUntil: leaseUntil(), at: now() }))) {
          this.options.log.warn('bulk job lease lost', { job: id });
          return;
        }
        current += slice.length;
        this.options.afterSlice?.(kind);
      }
      if (current >= input.ids.length) await finishBulkJob(db, id, this.owner, 'completed', now());
    } catch (err) {
      this.options.log.error('bulk job stopped by a fault', { err, job: id });
      await finishBulkJob(db, id, this.owner, 'error', now(), 'The bulk action stopped on a server fault; the records counted so far were changed.');
    }
  }
}
