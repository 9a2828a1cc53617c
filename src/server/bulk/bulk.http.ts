import { BULK_MESSAGES, type BulkJob, type BulkKind, type BulkResult } from '../../lib/schemas/admin-bulk';
import { ApiError, jsonResponse } from '../http/errors';
import type { BulkJobRunner } from './bulk-job-runner';

/** 200 with the result of a selection run within the request, 202 `{ job }` for one running as a job. */
export function bulkOutcomeResponse(outcome: { result: BulkResult } | { job: BulkJob }): Response {
  return 'job' in outcome ? jsonResponse({ job: outcome.job }, 202) : jsonResponse(outcome.result);
}

/** The job `id` of `kind` as JSON; 404 when there is none of that kind. */
export async function bulkJobResponse(runner: BulkJobRunner, kind: BulkKind, id: string): Promise<Response> {
  const job = await runner.get(id);
  if (job.kind !== kind) throw new ApiError(404, 'not_found', BULK_MESSAGES.jobNotFound);
  return jsonResponse(job);
}
