import { sql } from 'kysely';
import type { Db } from '../customers/customers.repository';
import type { BulkJobsTable } from '../db/schema';

/** Inserts a new job. */
export async function insertBulkJob(db: Db, row: BulkJobsTable): Promise<void> {
  await db.insertInto('bulk_jobs').values(row).execute();
}

/** One job, or undefined. */
export function selectBulkJob(db: Db, id: string): Promise<BulkJobsTable | undefined> {
  return db.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims a running job for `owner` until `until`: only when nobody holds it, `owner` already does, or
 * its lease ran out (its process died). One conditional UPDATE, so of several servers exactly one wins.
 */
export async function claimBulkJob(db: Db, id: string, owner: string, now: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('bulk_jobs')
    .set({ lease_owner: owner, lease_expires_at: until, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_expires_at', '<', now)]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Running jobs whose lease ran out (or that nobody holds), oldest first. */
export function selectOrphanedBulkJobs(db: Db, now: string): Promise<Pick<BulkJobsTable, 'id'>[]> {
  return db
    .selectFrom('bulk_jobs')
    .select('id')
    .where('status', '=', 'running')
    .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_expires_at', '<', now)]))
    .orderBy('created_at')
    .limit(20)
    .execute();
}

/** What a committed slice of ids adds to a job. */
export interface BulkSliceProgress {
  done: number;
  changed: number;
  refused: { id: string; message: string }[];
  leaseUntil: string;
  at: string;
}

/**
 * Adds a slice's counts and refusals and renews the lease, only while `owner` still holds the job
 * and it is at `current` (so a slice is never counted twice); false when it lost the job.
 */
export async function addBulkJobProgress(db: Db, id: string, owner: string, current: number, progress: BulkSliceProgress): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const job = await trx.selectFrom('bulk_jobs').select(['refused_json']).where('id', '=', id).where('lease_owner', '=', owner).where('current', '=', current).executeTakeFirst();
    if (!job) return false;
    const refused = progress.refused.length > 0 ? JSON.stringify([...(JSON.parse(job.refused_json) as unknown[]), ...progress.refused]) : job.refused_json;
    await trx
      .updateTable('bulk_jobs')
      .set({
        current: sql<number>`current + ${progress.done}`,
        changed: sql<number>`changed + ${progress.changed}`,
        refused_json: refused,
        lease_expires_at: progress.leaseUntil,
        updated_at: progress.at,
      })
      .where('id', '=', id)
      .execute();
    return true;
  });
}

/** Ends `owner`'s job as completed or error and drops its lease. */
export async function finishBulkJob(db: Db, id: string, owner: string, status: 'completed' | 'error', at: string, errorMessage: string | null = null): Promise<void> {
  await db
    .updateTable('bulk_jobs')
    .set({ status, error_message: errorMessage, finished_at: at, updated_at: at, lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}
