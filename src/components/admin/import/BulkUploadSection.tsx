/**
 * The Bulk Upload side of the Products view (spec §2.13): the job the URL names
 * (`?section=bulk&job=<id>`), or without one the newest job while it still runs (its id then goes
 * into the URL), else the upload form. Everything shown is the server's state, polled.
 */
import { useEffect } from 'react';
import { $shownImport, bulkUploadPath, isLiveImport, uploadAnotherFile } from '../../../stores/admin-imports';
import { useQuery } from '../../../stores/admin-query';
import { navigateAdmin } from '../../../stores/admin-router';
import { BUTTONS } from '../products/ui';
import { ImportJobPanel } from './ImportJobPanel';
import { UploadForm } from './UploadForm';
import { useJobPolling } from './use-job-polling';

/** The section's placeholder while the job loads (the size of a job panel, so nothing jumps). */
function SectionSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-4 px-4 pb-6 sm:px-6 xl:grid-cols-[minmax(0,1fr)_22rem]" aria-hidden="true">
      <div className="h-72 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
      <div className="h-72 animate-pulse rounded-xl border border-line bg-white motion-reduce:animate-none" />
    </div>
  );
}

/** The Bulk Upload section; `jobId` is the job the URL names. */
export function BulkUploadSection({ jobId }: { jobId?: string }) {
  const { data: job, error, loading } = useQuery($shownImport);
  useJobPolling($shownImport, job);
  // Only a fresh answer moves the URL: a cached one may be a job that has finished since.
  const runningElsewhere = !jobId && !loading && job && isLiveImport(job) && !job.dryRun ? job.id : null;

  // Reopened without a job in the URL while one runs: show that one, under its own URL.
  useEffect(() => {
    if (runningElsewhere) navigateAdmin(bulkUploadPath(runningElsewhere), true);
  }, [runningElsewhere]);

  if (jobId) {
    if (job && job.id === jobId) return <ImportJobPanel job={job} />;
    if (error && !loading) {
      return (
        <div className="px-4 pb-6 sm:px-6">
          <div role="alert" className="max-w-xl rounded-xl border border-line bg-white p-6 text-sm shadow-card">
            <p className="font-semibold text-danger">This import could not be shown.</p>
            <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
            <button type="button" onClick={uploadAnotherFile} className={`${BUTTONS.primary} mt-4`}>
              Upload Another File
            </button>
          </div>
        </div>
      );
    }
    return <SectionSkeleton />;
  }
  if (runningElsewhere || (job === undefined && !error) || (loading && job && isLiveImport(job))) return <SectionSkeleton />;
  return <UploadForm lastJob={job && !job.dryRun && !isLiveImport(job) ? job : null} />;
}
