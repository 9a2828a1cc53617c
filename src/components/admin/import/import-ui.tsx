/** Small pieces of the Bulk Upload section: the status badge, the progress bar, figures and the refused-rows list. */
import type { ReactNode } from 'react';
import type { ImportJob, ImportStatus } from '../../../lib/schemas/admin-imports';
import { importErrorsPath } from '../../../stores/admin-imports';
import { formatCount, IMPORT_STATUS_LABELS, rows } from './import-format';

/** AA-contrast colours per status, as the orders' badges: moving is blue, waiting amber, done green, failed red, stopped grey. */
const STATUS_CLASSES: Record<ImportStatus, string> = {
  idle: 'bg-slate-100 text-slate-700 ring-slate-300',
  uploading: 'bg-sky-50 text-sky-900 ring-sky-300',
  paused: 'bg-amber-100 text-amber-900 ring-amber-300',
  interrupted: 'bg-amber-100 text-amber-900 ring-amber-300',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  error: 'bg-red-50 text-red-800 ring-red-300',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};
const DOT_CLASSES: Record<ImportStatus, string> = {
  idle: 'bg-slate-500',
  uploading: 'bg-sky-600 animate-pulse motion-reduce:animate-none',
  paused: 'bg-amber-500',
  interrupted: 'bg-amber-500',
  completed: 'bg-emerald-600',
  error: 'bg-red-600',
  cancelled: 'bg-slate-500',
};

/** A job status as a compact coloured badge. */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_CLASSES[status]}`}>
      <span className={`h-1.5 w-1.5 rounded-full ${DOT_CLASSES[status]}`} aria-hidden="true" />
      {IMPORT_STATUS_LABELS[status]}
    </span>
  );
}

const BAR_CLASSES: Record<ImportStatus, string> = {
  idle: 'bg-slate-400',
  uploading: 'bg-ink',
  paused: 'bg-gold',
  interrupted: 'bg-gold',
  completed: 'bg-success',
  error: 'bg-danger',
  cancelled: 'bg-slate-400',
};

/** A labelled progress bar: 'N of M …' and the percentage above a bar coloured by status. */
export function ProgressBar({ label, current, total, percentage, status, unit }: { label: string; current: number; total: number; percentage: number; status: ImportStatus; unit: string }) {
  const known = total > 0;
  const text = known ? `${formatCount(current)} of ${formatCount(total)} ${unit}` : `Counting ${unit}…`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p className="font-semibold text-ink tabular">{text}</p>
        <p className="font-display text-2xl font-semibold text-ink tabular">{known ? `${percentage.toFixed(percentage % 1 === 0 ? 0 : 1)}%` : ''}</p>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percentage : undefined}
        aria-valuetext={known ? `${text} (${percentage}%)` : text}
        className="mt-2 h-3 overflow-hidden rounded-full bg-canvas ring-1 ring-line ring-inset"
      >
        <div className={`h-full rounded-full transition-[width] duration-500 motion-reduce:transition-none ${BAR_CLASSES[status]}`} style={{ width: `${known ? Math.max(percentage, 0.5) : 0}%` }} />
      </div>
    </div>
  );
}

/** One figure of a `<dl>` of figures: a small label over a tabular value. */
export function Figure({ label, value, tone = 'ink' }: { label: string; value: ReactNode; tone?: 'ink' | 'success' | 'danger' }) {
  const colour = { ink: 'text-ink', success: 'text-success', danger: 'text-danger' }[tone];
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className={`mt-0.5 truncate text-lg font-semibold tabular ${colour}`}>{value}</dd>
    </div>
  );
}

/** The refused rows of a job as spec §8 writes them ('Row N: message (product name)'), with the error file to download. */
export function RefusedRows({ job, title = 'Refused rows' }: { job: ImportJob; title?: string }) {
  const { failed, messages } = job.result;
  const more = failed - messages.length;
  return (
    <section aria-labelledby={`refused-${job.id}`} className="rounded-xl border border-line bg-white shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
        <h3 id={`refused-${job.id}`} className="flex items-center gap-2 font-sans text-base font-semibold text-ink">
          {title}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular ${failed > 0 ? 'bg-danger-soft text-danger' : 'bg-canvas text-ink-soft'}`}>{formatCount(failed)}</span>
        </h3>
        {failed > 0 && !job.dryRun && (
          <a href={importErrorsPath(job.id)} download className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm font-semibold text-accent-strong underline-offset-4 hover:underline">
            <DownloadIcon />
            Download error file
          </a>
        )}
      </div>
      {failed === 0 ? (
        <p className="px-4 py-4 text-sm text-ink-muted">{job.status === 'uploading' ? 'No row refused so far.' : 'No row was refused.'}</p>
      ) : (
        <>
          <ol className="max-h-72 divide-y divide-line overflow-y-auto text-sm" aria-label={title} tabIndex={0}>
            {messages.map((message, i) => (
              <li key={`${job.result.errors[i]?.row ?? i}-${i}`} className="px-4 py-2 break-words text-ink-soft">
                {message}
              </li>
            ))}
          </ol>
          {more > 0 && (
            <p className="border-t border-line px-4 py-2.5 text-sm text-ink-muted">
              And {rows(more)} more{job.dryRun ? '.' : ': the error file lists every refused row with its reason.'}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** A white card of the section's side column: a titled region with an optional badge beside its title. */
export function SideCard({ id, title, level = 2, badge, children }: { id: string; title: string; level?: 2 | 3; badge?: ReactNode; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={id} className="rounded-xl border border-line bg-white p-4 shadow-card">
      <div className="flex items-center justify-between gap-2">
        <Heading id={id} className="font-sans text-base font-semibold text-ink">
          {title}
        </Heading>
        {badge}
      </div>
      {children}
    </section>
  );
}

/** A download arrow. */
export function DownloadIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" className="shrink-0">
      <path d="M12 4v11M7 10l5 5 5-5" />
      <path d="M4 17v1a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-1" />
    </svg>
  );
}
