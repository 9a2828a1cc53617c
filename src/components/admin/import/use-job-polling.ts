import { useEffect } from 'react';
import { IMPORT_POLL_MS, IMPORT_WAITING_POLL_MS } from '../../../lib/admin-constants';
import type { ImportJob } from '../../../lib/schemas/admin-imports';
import { isLiveImport } from '../../../stores/admin-imports';
import type { QueryStore } from '../../../stores/admin-query';

/** Asks the server for a job again while it has work to do: every second while it runs, less often while it waits. */
export function useJobPolling(query: QueryStore<ImportJob | null>, job: ImportJob | undefined | null): void {
  const live = job ? isLiveImport(job) : false;
  const running = job?.status === 'uploading';
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => query.refresh(), running ? IMPORT_POLL_MS : IMPORT_WAITING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [query, job?.id, live, running]);
}
