/**
 * The selection of a back-office list and the bulk action run on it: row ids picked on the pages
 * seen, or every record the list's filter matches; the action is one POST (200 with its result, or
 * 202 with a job polled every second until it ends); afterwards the refused stay selected.
 */
import { atom } from 'nanostores';
import { bulkJobAcceptedSchema, bulkJobSchema, bulkResultSchema, type BulkKind, type BulkResult } from '../lib/schemas/admin-bulk';
import { refreshQueries } from './admin-query';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';

/** How often a running bulk job is asked for its progress. */
export const BULK_POLL_MS = 1000;

/** What a list has selected: ids, or every record its filter matches (`total` of them when chosen). */
export interface BulkSelection {
  kind: BulkKind | null;
  ids: string[];
  /** Every record the filter matches; `total` is how many there were when chosen. */
  allMatching: { total: number } | null;
  /** How each record picked so far reads (its number or name), for the summary of refusals. */
  labels: Record<string, string>;
  /** The version each picked record was read at, when its list has versions (products): sent so a record changed since is refused. */
  versions: Record<string, number>;
}

/** A bulk action in flight or done: its progress, then its result (or why it failed). */
export interface BulkRun {
  kind: BulkKind;
  /** What was asked, e.g. 'Approve'. */
  label: string;
  status: 'running' | 'done' | 'failed';
  total: number;
  current: number;
  result?: BulkResult;
  error?: string;
}

const EMPTY: BulkSelection = { kind: null, ids: [], allMatching: null, labels: {}, versions: {} };

/** The selection of the list on screen. */
export const $bulkSelection = atom<BulkSelection>(EMPTY);
/** The last bulk action of the list on screen. */
export const $bulkRun = atom<BulkRun | null>(null);

/** The selection of `kind` (empty when another list's). */
export function selectionOf(kind: BulkKind, selection: BulkSelection): BulkSelection {
  return selection.kind === kind ? selection : EMPTY;
}

/** Adds or removes `ids` from the selection of `kind` (leaving 'all matching'), keeping how each reads and the version it was read at. */
export function selectBulkIds(kind: BulkKind, ids: readonly string[], on: boolean, labels: Record<string, string> = {}, versions: Record<string, number> = {}): void {
  const selection = selectionOf(kind, $bulkSelection.get());
  const current = new Set(selection.ids);
  for (const id of ids) {
    if (on) current.add(id);
    else current.delete(id);
  }
  $bulkSelection.set({ kind, ids: [...current], allMatching: null, labels: { ...selection.labels, ...labels }, versions: { ...selection.versions, ...versions } });
}

/** Takes the versions a fresh page of `kind` shows for the records already picked (what staff now see is what they act on). */
export function refreshBulkVersions(kind: BulkKind, versions: Record<string, number>): void {
  const selection = $bulkSelection.get();
  if (selection.kind !== kind) return;
  const fresh = Object.entries(versions).filter(([id, v]) => selection.ids.includes(id) && selection.versions[id] !== undefined && selection.versions[id] !== v);
  if (fresh.length > 0) $bulkSelection.set({ ...selection, versions: { ...selection.versions, ...Object.fromEntries(fresh) } });
}

/** The `versions` a request sends for `ids`: all of them when every one is known, else none (the server then reads them itself). */
function versionsFor(selection: BulkSelection, ids: readonly string[]): { versions?: Record<string, number> } {
  if (ids.length === 0 || !ids.every((id) => selection.versions[id] !== undefined)) return {};
  return { versions: Object.fromEntries(ids.map((id) => [id, selection.versions[id]!])) };
}

/** Selects every record the list's filter matches. */
export function selectAllMatching(kind: BulkKind, total: number): void {
  const selection = selectionOf(kind, $bulkSelection.get());
  $bulkSelection.set({ kind, ids: [], allMatching: { total }, labels: selection.labels, versions: {} });
}

/** Empties the selection (and forgets the last run's summary). */
export function clearBulkSelection(): void {
  $bulkSelection.set(EMPTY);
  $bulkRun.set(null);
}

/** How many records the selection names. */
export function countSelected(selection: BulkSelection): number {
  return selection.allMatching ? selection.allMatching.total : selection.ids.length;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a bulk action: POST /api/admin/<kind>/bulk with the selection (`ids`, or the list's `filter`)
 * and `fields`; a 202 job is polled until it ends, its progress in $bulkRun. Then the lists of `kind`
 * reload and the selection keeps only the refused.
 */
export async function runBulkAction(kind: BulkKind, label: string, filter: Record<string, unknown>, fields: Record<string, unknown>): Promise<BulkRun> {
  const selection = selectionOf(kind, $bulkSelection.get());
  const body = { ...(selection.allMatching ? { filter } : { ids: selection.ids, ...versionsFor(selection, selection.ids) }), ...fields };
  const path = `/api/admin/${kind}/bulk`;
  let run: BulkRun = { kind, label, status: 'running', total: countSelected(selection), current: 0 };
  $bulkRun.set(run);
  try {
    const data = await requestAdmin(path, { method: 'POST', body });
    const accepted = bulkJobAcceptedSchema.safeParse(data);
    let result: BulkResult;
    if (accepted.success) {
      let job = accepted.data.job;
      const jobPath = `${path}/${encodeURIComponent(job.id)}`;
      while (job.status === 'running') {
        run = { ...run, total: job.total, current: job.current };
        $bulkRun.set(run);
        await wait(BULK_POLL_MS);
        job = readAs(bulkJobSchema, await requestAdmin(jobPath), jobPath);
      }
      if (job.status === 'error') throw new AdminApiError(500, job.errorMessage ?? 'The bulk action stopped.');
      result = { changed: job.changed, refused: job.refused };
      run = { ...run, total: job.total };
    } else {
      result = readAs(bulkResultSchema, data, path);
    }
    run = { ...run, status: 'done', current: run.total, result };
    $bulkRun.set(run);
    $bulkSelection.set({ kind, ids: result.refused.map((r) => r.id), allMatching: null, labels: selection.labels, versions: selection.versions });
  } catch (err) {
    run = { ...run, status: 'failed', error: err instanceof Error ? err.message : String(err) };
    $bulkRun.set(run);
  }
  refreshQueries((key) => key.startsWith(`/api/admin/${kind}?`) || key.startsWith(`/api/admin/${kind}/`) || key === '/api/admin/summary');
  return run;
}
