import type { BulkResult } from '../../lib/schemas/admin-bulk';
import { BULK_MESSAGES, BULK_MAX_RECORDS } from '../../lib/schemas/admin-bulk';
import { ApiError } from '../http/errors';

/** 422 when a filter matches more records than one bulk request may change. */
export function checkSelectionSize(count: number): void {
  if (count > BULK_MAX_RECORDS) throw new ApiError(422, 'invalid_fields', BULK_MESSAGES.tooMany, { ids: BULK_MESSAGES.tooMany });
}

/**
 * Applies `change` to each id in turn, each in its own transaction (the one-by-one service), so a
 * refusal leaves the others changed: refusals (an ApiError the route would answer) are collected with
 * their message; anything else is a fault and stops the run. Duplicate ids are changed once.
 */
export async function applyToEach(ids: readonly string[], change: (id: string) => Promise<boolean | void>): Promise<BulkResult> {
  const result: BulkResult = { changed: 0, refused: [] };
  for (const id of new Set(ids)) {
    try {
      if ((await change(id)) !== false) result.changed++;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status >= 500) throw err;
      result.refused.push({ id, message: err.message });
    }
  }
  return result;
}
