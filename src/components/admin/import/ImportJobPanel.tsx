/**
 * One import job as the server reports it (spec §3 progress, result and metrics; §4 states): the
 * progress bar with the current product, speed and time left, Pause/Resume and Cancel, the refused
 * rows as they happen, the performance monitor, and once finished the result with the error file
 * and 'Upload Another File'. It only shows the server's state; closing the tab changes nothing.
 */
import { useEffect, useRef, useState } from 'react';
import { IMPORT_TREND_SAMPLES } from '../../../lib/admin-constants';
import { IMPORT_MESSAGES, type ImportJob } from '../../../lib/schemas/admin-imports';
import { changeImport, isLiveImport, uploadAnotherFile } from '../../../stores/admin-imports';
import { adminPath } from '../../../stores/admin-router';
import { toast } from '../../../stores/admin-toasts';
import { followAdminLink } from '../admin-links';
import { ConfirmDialog } from '../products/ConfirmDialog';
import { BUTTONS, Spinner } from '../products/ui';
import { formatCount, formatEta, formatSpeed, IMPORT_FORMAT_LABELS, products, rows } from './import-format';
import { Figure, ImportStatusBadge, ProgressBar, RefusedRows } from './import-ui';
import { PerformanceMonitor } from './PerformanceMonitor';
import { UndoImportButton } from './UndoImport';
import { focusFilePicker } from './UploadForm';

/** The panel's heading for each status. */
const HEADINGS: Record<ImportJob['status'], string> = {
  idle: 'Import waiting to start',
  uploading: 'Importing products',
  paused: 'Import paused',
  interrupted: 'Import interrupted',
  completed: 'Import complete',
  error: 'Import failed',
  cancelled: 'Import cancelled',
};

/** The sentence under the progress bar: what the status means for staff. */
function statusLine(job: ImportJob): string {
  const r = job.result;
  switch (job.status) {
    case 'paused':
      return 'Nothing is written while the import is paused. Resume carries on with the next row.';
    case 'interrupted':
      return 'The server stopped during this import. Resume carries on from the last saved batch; no row is written twice.';
    case 'completed':
      return `${formatCount(r.success)} of ${products(r.total)} imported: ${formatCount(r.created)} created, ${formatCount(r.updated)} updated, ${formatCount(r.unchanged)} unchanged. ${rows(r.failed)} refused.`;
    case 'error':
      return job.errorMessage || IMPORT_MESSAGES.unknownError;
    case 'cancelled':
      return `Cancelled after ${formatCount(job.current)} of ${rows(job.total)}. The ${products(r.success)} already written are kept.`;
    default:
      return '';
  }
}

/** The speeds seen while a job ran, newest last (spec §9: the trend keeps the last 20 samples). */
function useSpeedSamples(job: ImportJob): number[] {
  const [samples, setSamples] = useState<{ id: string; values: number[] }>({ id: job.id, values: [] });
  useEffect(() => {
    if (job.status !== 'uploading' || job.metrics.processedProducts === 0) return;
    setSamples((prev) => {
      const values = prev.id === job.id ? prev.values : [];
      return { id: job.id, values: [...values, job.metrics.uploadSpeed].slice(-IMPORT_TREND_SAMPLES) };
    });
  }, [job.id, job.current, job.status]);
  return samples.id === job.id ? samples.values : [];
}

/** Says when a job this page watched comes to an end (a job found finished says nothing). */
function useEndToast(job: ImportJob): void {
  const seen = useRef<{ id: string; status: ImportJob['status'] }>({ id: job.id, status: job.status });
  useEffect(() => {
    const before = seen.current;
    seen.current = { id: job.id, status: job.status };
    if (before.id !== job.id || before.status === job.status || !isLiveImport({ ...job, status: before.status })) return;
    if (job.status === 'completed') toast.success(`Import complete: ${products(job.result.success)} imported, ${rows(job.result.failed)} refused`);
    else if (job.status === 'error') toast.error(`Import failed: ${job.errorMessage || IMPORT_MESSAGES.unknownError}`);
  }, [job.id, job.status]);
}

/** The job panel. */
export function ImportJobPanel({ job }: { job: ImportJob }) {
  const [busy, setBusy] = useState<'pause' | 'resume' | 'cancel' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const again = useRef<HTMLButtonElement>(null);
  const pauseButton = useRef<HTMLButtonElement>(null);
  const samples = useSpeedSamples(job);
  useEndToast(job);
  const live = isLiveImport(job);
  const running = job.status === 'uploading';
  const m = job.metrics;

  // A job that ends under the Pause button takes that button away: focus moves to the next step.
  useEffect(() => {
    if (!live && document.activeElement === document.body) again.current?.focus();
  }, [live]);

  const act = async (action: 'pause' | 'resume' | 'cancel') => {
    setBusy(action);
    const answer = await changeImport(job.id, action);
    setBusy(null);
    if (action === 'cancel') {
      setConfirming(false);
      if (answer) {
        uploadAnotherFile();
        focusFilePicker();
      }
    }
  };

  const line = statusLine(job);
  return (
    <div className="grid grid-cols-1 gap-4 px-4 pb-6 sm:px-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <section aria-labelledby="import-heading" className="rounded-xl border border-line bg-white p-4 shadow-card sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
            <div className="min-w-0">
              <h2 id="import-heading" tabIndex={-1} className="font-display text-xl font-semibold text-ink focus:outline-none">
                {HEADINGS[job.status]}
              </h2>
              <p className="mt-0.5 truncate text-sm text-ink-muted">
                <span className="font-medium text-ink-soft">{job.fileName}</span>
                {job.format && ` · ${IMPORT_FORMAT_LABELS[job.format]}`}
              </p>
            </div>
            <ImportStatusBadge status={job.status} />
          </div>

          <div className="mt-5">
            <ProgressBar label="Import progress" current={job.current} total={job.total} percentage={job.percentage} status={job.status} unit="rows" />
            <p className={`mt-2 truncate text-sm text-ink-soft ${running ? 'min-h-5' : ''}`}>
              {running && job.currentProduct ? (
                <>
                  <span className="text-ink-muted">Now importing </span>
                  <span className="font-semibold text-ink">{job.currentProduct}</span>
                </>
              ) : running ? (
                <span className="text-ink-muted">Reading the file…</span>
              ) : null}
            </p>
          </div>

          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 border-t border-line pt-4 sm:grid-cols-4">
            <Figure label="Speed" value={m.processedProducts > 0 ? formatSpeed(m.uploadSpeed) : '—'} />
            <Figure label="Time left" value={running ? formatEta(m.estimatedTimeRemaining) : job.status === 'paused' ? 'Paused' : '—'} />
            <Figure label="Imported" value={formatCount(job.result.success)} tone="success" />
            <Figure label="Refused" value={formatCount(job.result.failed)} tone={job.result.failed > 0 ? 'danger' : 'ink'} />
          </dl>

          {line && (
            <p role={job.status === 'error' ? 'alert' : undefined} className={`mt-4 rounded-lg px-3 py-2.5 text-sm ${job.status === 'error' ? 'bg-danger-soft text-danger' : job.status === 'completed' ? 'bg-success-soft text-success' : 'bg-canvas text-ink-soft'}`}>
              {line}
            </p>
          )}

          <div className="mt-4 flex flex-wrap gap-2">
            {live ? (
              <>
                <button
                  ref={pauseButton}
                  type="button"
                  onClick={() => void act(running ? 'pause' : 'resume')}
                  disabled={busy !== null || job.status === 'idle'}
                  aria-busy={busy === 'pause' || busy === 'resume' || undefined}
                  className={running ? BUTTONS.quiet : BUTTONS.primary}
                >
                  {(busy === 'pause' || busy === 'resume') && <Spinner />}
                  {running ? 'Pause' : 'Resume'}
                </button>
                <button type="button" onClick={() => setConfirming(true)} disabled={busy !== null} className={BUTTONS.danger}>
                  Cancel import
                </button>
              </>
            ) : (
              <>
                <button
                  ref={again}
                  type="button"
                  onClick={() => {
                    uploadAnotherFile();
                    focusFilePicker();
                  }}
                  className={BUTTONS.primary}
                >
                  Upload Another File
                </button>
                <a href={adminPath('products')} onClick={(e) => followAdminLink(e)} className={BUTTONS.quiet}>
                  View products
                </a>
                <UndoImportButton job={job} />
              </>
            )}
          </div>
        </section>

        <RefusedRows job={job} />
      </div>

      <PerformanceMonitor job={job} samples={samples} />

      {confirming && (
        <ConfirmDialog
          title="Cancel this import?"
          description={`The ${products(job.result.success)} already written stay in the catalogue; the rest of ${job.fileName} is not imported.`}
          confirmLabel="Cancel import"
          cancelLabel="Keep importing"
          busy={busy === 'cancel'}
          onConfirm={() => void act('cancel')}
          onClose={() => setConfirming(false)}
          returnFocusTo={() => pauseButton.current}
        />
      )}
    </div>
  );
}

