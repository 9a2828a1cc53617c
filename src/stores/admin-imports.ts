/**
 * The Bulk Upload section's data (spec §2.13, §3, §4; API.md imports routes). The import is a server
 * job: this store only shows it. The URL names the job it shows (`?section=bulk&job=<id>`), so a
 * reload or a reopened tab finds it; without one the section shows the newest job while it still
 * runs, else the upload form. A file staff choose is first checked by a dry run (nothing written)
 * and started only when they confirm.
 */
import { atom } from 'nanostores';
import { z } from 'zod';
import { ADMIN_MESSAGES } from '../lib/schemas/admin';
import { IMPORT_MESSAGES, importJobSchema, type ImportJob } from '../lib/schemas/admin-imports';
import { importUndoResultSchema, type ImportUndoResult } from '../lib/schemas/admin-import-undo';
import { parseProductsFilters } from '../lib/admin/products-filters';
import { AdminApiError, readAs, requestAdmin } from './admin-orders';
import { createQuery, refreshQueries, setQueryData } from './admin-query';
import { adminPath, navigateAdmin, $adminRouter } from './admin-router';
import { $admin, endAdminSession } from './admin-session';
import { toast } from './admin-toasts';

/** POST a file here to import it; GET gives the newest job. */
export const IMPORTS_PATH = '/api/admin/imports';
/** The template staff fill in. */
export const IMPORT_TEMPLATE_PATH = `${IMPORTS_PATH}/template.csv`;

/** The API path of one job. */
export function importJobPath(id: string): string {
  return `${IMPORTS_PATH}/${encodeURIComponent(id)}`;
}

/** The refused rows of a job as a CSV to fix and import again. */
export function importErrorsPath(id: string): string {
  return `${importJobPath(id)}/errors.csv`;
}

/** Statuses in which a job still has work to do (it runs, waits for Resume, or was stopped by its server). */
export const LIVE_IMPORT_STATUSES: readonly ImportJob['status'][] = ['uploading', 'paused', 'interrupted', 'idle'];

/** Whether a job still has work to do. */
export function isLiveImport(job: ImportJob): boolean {
  return LIVE_IMPORT_STATUSES.includes(job.status);
}

/** The dashboard path of the Bulk Upload section, showing one job or the upload form. */
export function bulkUploadPath(jobId?: string): string {
  return adminPath('products', {}, jobId ? { section: 'bulk', job: jobId } : { section: 'bulk' });
}

/** The job the URL names on the Bulk Upload section ('' for none), or null off the section. */
function currentBulkJob(): string | null {
  const page = $adminRouter.get();
  if (!($admin.get()?.permissions.includes('manage_products') ?? false) || page?.route !== 'products') return null;
  return parseProductsFilters(page.search).section === 'bulk' ? (page.search.job ?? '') : null;
}

const latestSchema = z.object({ job: importJobSchema.nullable() });

/** A job answer (one job, or `{ job }` of the newest) as the job or null. */
async function fetchJob(path: string): Promise<ImportJob | null> {
  const data = await requestAdmin(path);
  return path === IMPORTS_PATH ? readAs(latestSchema, data, path).job : readAs(importJobSchema, data, path);
}

/** Job answers count as fresh only briefly: whoever opens the section sees the job as it is now. */
const JOB_STALE_MS = 500;

/** The job the section shows: the URL's, or (without one) the newest. */
export const $shownImport = createQuery<ImportJob | null>({
  sources: [$adminRouter, $admin],
  key: () => {
    const job = currentBulkJob();
    if (job === null) return null;
    return job ? importJobPath(job) : IMPORTS_PATH;
  },
  fetcher: fetchJob,
  staleMs: JOB_STALE_MS,
});

/** A file staff chose, while it is sent and checked by a dry run. */
export interface FileCheck {
  file: File;
  /** Share of the file sent so far (0..1), null once the server has it. */
  sent: number | null;
  /** The dry-run job, once the server took the file. */
  jobId?: string;
  /** Why the server refused the file (spec §5 'Please select a valid CSV file', too large, no rows). */
  error?: string;
}

/** The file being checked, or null. */
export const $fileCheck = atom<FileCheck | null>(null);

/** The dry run of the chosen file. */
export const $checkedImport = createQuery<ImportJob | null>({
  sources: [$fileCheck],
  key: () => {
    const id = $fileCheck.get()?.jobId;
    return id ? importJobPath(id) : null;
  },
  fetcher: fetchJob,
  staleMs: JOB_STALE_MS,
});

/** Sends a file (multipart `file`, `dryRun`) with the upload's progress; resolves to the new job. */
function sendImportFile(file: File, dryRun: boolean, onProgress: (share: number) => void): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    body.append('file', file);
    if (dryRun) body.append('dryRun', 'true');
    // XMLHttpRequest, not fetch: a 100 MB file takes a while to send, and only XHR reports progress.
    const xhr = new XMLHttpRequest();
    xhr.open('POST', IMPORTS_PATH);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new AdminApiError(0, 'The server could not be reached. Please try again.'));
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = null;
      }
      if (xhr.status === 401) {
        endAdminSession();
        reject(new AdminApiError(401, ADMIN_MESSAGES.notSignedIn, data));
        return;
      }
      if (xhr.status !== 202) {
        const message = (data as { error?: { message?: string } } | null)?.error?.message || IMPORT_MESSAGES.invalidFile;
        reject(new AdminApiError(xhr.status, message, data));
        return;
      }
      try {
        resolve(readAs(importJobSchema, data, IMPORTS_PATH));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(body);
  });
}

/** Checks a chosen file with a dry run: the server counts what it would create, update and refuse, writing nothing. */
export async function checkImportFile(file: File): Promise<void> {
  const check: FileCheck = { file, sent: 0 };
  $fileCheck.set(check);
  const current = () => $fileCheck.get()?.file === file;
  try {
    const job = await sendImportFile(file, true, (sent) => current() && $fileCheck.set({ ...$fileCheck.get()!, sent }));
    if (!current()) return;
    setQueryData(importJobPath(job.id), job);
    $fileCheck.set({ file, sent: null, jobId: job.id });
  } catch (error) {
    if (!current()) return;
    const message = error instanceof Error && error.message ? error.message : IMPORT_MESSAGES.invalidFile;
    $fileCheck.set({ file, sent: null, error: message });
  }
}

/** Forgets the chosen file (back to the upload form). */
export function clearFileCheck(): void {
  $fileCheck.set(null);
}

/** Whether the checked file is being started (0 while the server answers), else null. */
export const $starting = atom<number | null>(null);

/**
 * Imports the checked file for real: the dry run's stored file is started on the server
 * (POST …/:id/start), never sent again. The section then shows the running job (its id in the URL).
 */
export async function startImport(): Promise<boolean> {
  const check = $fileCheck.get();
  if (!check?.jobId || $starting.get() !== null) return false;
  $starting.set(0);
  const path = `${importJobPath(check.jobId)}/start`;
  try {
    const job = readAs(importJobSchema, await requestAdmin(path, { method: 'POST' }), path);
    setQueryData(importJobPath(job.id), job);
    $fileCheck.set(null);
    navigateAdmin(bulkUploadPath(job.id));
    return true;
  } catch (error) {
    toast.error(error instanceof Error && error.message ? error.message : IMPORT_MESSAGES.invalidFile);
    return false;
  } finally {
    $starting.set(null);
  }
}

/** '1 product', '9,812 products'. */
const countProducts = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/** What each job action says once the server did it. */
const ACTION_DONE = { pause: 'Import paused', resume: 'Import resumed', cancel: 'Import cancelled: the products already written are kept' } as const;

/** Pauses, resumes or cancels a job (answered within one batch); the section shows the job as the server answers. */
export async function changeImport(id: string, action: keyof typeof ACTION_DONE): Promise<ImportJob | null> {
  const path = importJobPath(id);
  try {
    const job = readAs(importJobSchema, await requestAdmin(`${path}/${action}`, { method: 'POST' }), path);
    setQueryData(path, job);
    // A cancel answers the job as it stopped: its count then, not the one the dialog showed.
    toast.success(action === 'cancel' ? `Import cancelled: ${countProducts(job.result.success)} written stay in the catalogue` : ACTION_DONE[action]);
    return job;
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
    $shownImport.refresh();
    return null;
  }
}

/** 'Upload Another File' (spec §4): back to the upload form. */
export function uploadAnotherFile(): void {
  $fileCheck.set(null);
  // The newest job as cached may be the one just finished while it still ran: ask again.
  refreshQueries((key) => key === IMPORTS_PATH);
  navigateAdmin(bulkUploadPath());
}

/**
 * Undoes a finished or cancelled import (POST /api/admin/imports/:id/undo): with `dryRun` only the
 * counts it would come to; otherwise done, with a toast of what changed. Null when refused (toasted).
 */
export async function undoImport(id: string, dryRun: boolean): Promise<ImportUndoResult | null> {
  const path = `${importJobPath(id)}/undo`;
  try {
    const result = readAs(importUndoResultSchema, await requestAdmin(path, { method: 'POST', body: { dryRun } }), path);
    if (!dryRun) {
      toast.success(`Import undone: ${countProducts(result.deleted)} deleted, ${countProducts(result.withdrawn)} withdrawn, ${countProducts(result.reverted)} set back${result.refused.length > 0 ? `, ${countProducts(result.refused.length)} left as they are` : ''}`);
      refreshQueries((key) => key.startsWith('/api/admin/products') || key.startsWith(IMPORTS_PATH));
    }
    return result;
  } catch (error) {
    toast.error(error instanceof Error ? error.message : String(error));
    return null;
  }
}
