const pageButton =
  'inline-flex min-h-11 items-center rounded-lg border border-line bg-white px-4 text-sm font-semibold text-ink hover:border-ink disabled:cursor-not-allowed disabled:opacity-45 disabled:hover:border-line';

/** Previous / 'Page N of M' / Next under a server-paged list; `ready` is false until the first page has arrived. */
export function ListPagination({ page, pages, ready, onPage }: { page: number; pages: number; ready: boolean; onPage: (page: number) => void }) {
  return (
    <nav aria-label="Pagination" className="flex shrink-0 items-center justify-between gap-3 border-t border-line bg-paper px-4 py-2 sm:px-6">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className={pageButton}>
        Previous
      </button>
      <p className="text-sm whitespace-nowrap text-ink-soft tabular" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <button type="button" onClick={() => onPage(page + 1)} disabled={!ready || page >= pages} className={pageButton}>
        Next
      </button>
    </nav>
  );
}
