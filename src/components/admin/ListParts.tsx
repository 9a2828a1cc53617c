import { useId, useState, type ReactNode } from 'react';
import { LIST_PAGE_SIZES, pageNumbers } from '../../lib/admin/admin-views';

/** Parts every server-paged list of the back office shares (Orders, Enquiries, Users, Staff): status filter, load error, empty state, pagination, loading placeholders. */
const pageButton =
  'inline-flex min-h-11 items-center rounded-lg border border-line bg-white px-4 text-sm font-semibold text-ink hover:border-ink disabled:cursor-not-allowed disabled:opacity-45 disabled:hover:border-line';

/**
 * Previous / page numbers / 'Page N of M' / Next under a server-paged list; with `onPageSize`, the
 * page size (LIST_PAGE_SIZES) and a jump to a page too. `ready` is false until the first page arrived.
 */
export function ListPagination({
  page,
  pages,
  ready,
  onPage,
  pageSize,
  onPageSize,
}: {
  page: number;
  pages: number;
  ready: boolean;
  onPage: (page: number) => void;
  pageSize?: number;
  onPageSize?: (size: number) => void;
}) {
  const [jump, setJump] = useState('');
  const jumpId = useId();
  const sizeId = useId();
  const shown = Math.min(page, pages);
  return (
    // pb: room for the toasts while they show (AdminToaster publishes their height), so they never cover these controls.
    <nav aria-label="Pagination" className="flex shrink-0 flex-wrap items-center justify-between gap-x-3 gap-y-2 border-t border-line bg-paper px-4 pt-2 pb-[max(0.5rem,var(--admin-toast-room,0px))] sm:rounded-b-xl sm:px-6">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} className={pageButton}>
        Previous
      </button>
      {onPageSize && pages > 1 && (
        <ol className="hidden items-center gap-1 md:flex">
          {pageNumbers(shown, pages).map((n, i) =>
            n === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-ink-muted">
                …
              </li>
            ) : (
              <li key={n}>
                <button
                  type="button"
                  onClick={() => onPage(n)}
                  aria-current={n === shown ? 'page' : undefined}
                  aria-label={`Page ${n}`}
                  className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-semibold tabular ${n === shown ? 'bg-ink text-paper' : 'text-ink hover:bg-canvas'}`}
                >
                  {n}
                </button>
              </li>
            ),
          )}
        </ol>
      )}
      <p className="text-sm whitespace-nowrap text-ink-soft tabular" aria-live="polite">
        Page {shown} of {pages}
      </p>
      {onPageSize && (
        <div className="order-last hidden w-full flex-wrap items-center justify-between gap-3 sm:flex">
          {pages > 1 && (
            <form
              className="flex items-center gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                const n = Number(jump);
                if (Number.isInteger(n) && n >= 1) onPage(Math.min(n, pages));
                setJump('');
              }}
            >
              <label htmlFor={jumpId} className="text-sm font-semibold whitespace-nowrap text-ink-soft">
                Go to page
              </label>
              <input id={jumpId} type="number" inputMode="numeric" min={1} max={pages} value={jump} onChange={(e) => setJump(e.target.value)} className="min-h-11 w-20 rounded-lg border border-ink/15 bg-white px-2 text-sm tabular" />
              <button type="submit" className={pageButton}>
                Go
              </button>
            </form>
          )}
          <div className="flex items-center gap-2">
            <label htmlFor={sizeId} className="text-sm font-semibold whitespace-nowrap text-ink-soft">
              Per page
            </label>
            <select id={sizeId} value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))} className="min-h-11 rounded-lg border border-ink/15 bg-white pr-8 pl-3 text-sm font-medium text-ink">
              {LIST_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <button type="button" onClick={() => onPage(page + 1)} disabled={!ready || page >= pages} className={pageButton}>
        Next
      </button>
    </nav>
  );
}

/** A sortable column's header button: the sort it shows with an arrow; the header cell carries aria-sort. */
export function SortHeaderButton({ label, active, direction, onSort }: { label: ReactNode; active: boolean; direction: 'asc' | 'desc'; onSort: () => void }) {
  return (
    <button type="button" onClick={onSort} className="-mx-1 inline-flex min-h-8 items-center gap-1 rounded px-1 text-xs font-semibold tracking-wide uppercase hover:text-ink focus-visible:outline-3 focus-visible:outline-accent">
      {label}
      <span aria-hidden="true" className={active ? 'text-ink' : 'text-ink-muted/50'}>
        {active ? (direction === 'asc' ? '↑' : '↓') : '↕'}
      </span>
    </button>
  );
}

/** The aria-sort of a header cell. */
export function ariaSortOf(active: boolean, direction: 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  return active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined;
}

/** A list that could not be loaded (the query retries on its own). */
export function ListLoadError({ what, error }: { what: string; error: unknown }) {
  return (
    <div role="alert" className="p-6 text-sm">
      <p className="font-semibold text-danger">{`The ${what} could not be loaded.`}</p>
      <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)} The list retries on its own.</p>
    </div>
  );
}

/** An empty list: what is missing, why, and Clear filters when filters hide everything. */
export function ListEmpty({ title, text, onClear }: { title: string; text: string; onClear?: () => void }) {
  return (
    <div className="grid place-items-center px-6 py-16 text-center">
      <div>
        <p className="font-display text-xl font-semibold text-ink">{title}</p>
        <p className="mt-1 text-sm text-ink-muted">{text}</p>
        {onClear && (
          <button type="button" onClick={onClear} className="mt-4 inline-flex min-h-11 items-center rounded-full border border-line px-5 text-sm font-semibold text-ink hover:border-ink">
            Clear filters
          </button>
        )}
      </div>
    </div>
  );
}

/** The labelled status filter of a list. */
export function StatusFilterSelect<S extends string>({ id, value, options, labels, onChange }: { id: string; value: S; options: readonly S[]; labels: Record<S, string>; onChange: (value: S) => void }) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink-soft">
        Status
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as S)}
        className="min-h-11 rounded-lg border border-ink/15 bg-white pr-9 pl-3 text-[0.9375rem] font-medium text-ink focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent"
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

const pulse = 'animate-pulse bg-canvas motion-reduce:animate-none';

/**
 * Placeholder rows of a list's size while its first page loads, so nothing jumps when it arrives:
 * `header` adds the table's header strip; `row` lays out one row; `cells` are the grey bars of a row.
 */
export function SkeletonRows({ count, header = false, row, cells }: { count: number; header?: boolean; row: string; cells: readonly string[] }) {
  return (
    <div aria-hidden="true">
      {header && <div className="h-[2.375rem] border-b border-line bg-paper" />}
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`border-b border-line bg-white px-4 sm:px-6 ${row}`}>
          {cells.map((cell, j) => (
            <span key={j} className={`${pulse} ${cell}`} />
          ))}
        </div>
      ))}
    </div>
  );
}

/**
 * A list view's frame before the island hydrates: its title, room for what sits between the title
 * and the list (`between`), the list box with `rows`, and the detail panel's column (`panel` classes).
 */
export function ListViewSkeleton({ title, between, rows, panel }: { title: string; between?: ReactNode; rows: ReactNode; panel: string }) {
  return (
    <div className="flex h-full min-h-0">
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="px-4 pt-5 pb-4 sm:px-6">
          <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{title}</h1>
          <p className="mt-0.5 min-h-5 text-sm">{'\u00a0'}</p>
        </div>
        {between}
        <div className="flex min-h-0 flex-1 flex-col overflow-hidden border-y border-line bg-white sm:mx-6 sm:mb-6 sm:rounded-xl sm:border sm:shadow-card">{rows}</div>
      </div>
      <div className={`hidden shrink-0 border-l border-line bg-white ${panel}`} />
    </div>
  );
}
