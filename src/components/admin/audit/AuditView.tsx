import { useEffect, useId, useRef, useState } from 'react';
import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditEntry, type AuditKind, type AuditPage } from '../../../lib/schemas/admin-staff';
import { useQuery } from '../../../stores/admin-query';
import { adminPath, navigateAdmin } from '../../../stores/admin-router';
import { $auditPage, $staffList } from '../../../stores/admin-staff';
import { countPages } from '../../../lib/admin/admin-views';
import { BUTTONS, FIELD_BOX } from '../products/ui';
import { auditFiltersToSearch, isAuditFiltered, parseAuditFilters, type AuditFilters } from '../../../lib/admin/audit-filters';
import { UndoImportButton } from '../import/UndoImport';
import { actionLabel, diffRecords, entityLabel, importLine, type DiffLine } from './audit-format';

const whenFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** Opens the audit view with these filters. */
function openAudit(filters: Partial<AuditFilters>, replace = false): void {
  navigateAdmin(adminPath('audit', {}, auditFiltersToSearch(filters)), replace);
}

/** Colours of the kinds (AA contrast on their tint). */
const KIND_CLASSES: Record<string, string> = {
  auth: 'bg-slate-100 text-slate-700 ring-slate-300',
  staff: 'bg-violet-50 text-violet-800 ring-violet-300',
  order: 'bg-sky-50 text-sky-900 ring-sky-300',
  product: 'bg-amber-50 text-amber-900 ring-amber-300',
  category: 'bg-orange-50 text-orange-900 ring-orange-300',
  media: 'bg-teal-50 text-teal-900 ring-teal-300',
  customer: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  enquiry: 'bg-indigo-50 text-indigo-800 ring-indigo-300',
};

function KindBadge({ kind }: { kind: string }) {
  const label = AUDIT_KIND_LABELS[kind as AuditKind] ?? 'Other';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${KIND_CLASSES[kind] ?? 'bg-slate-100 text-slate-700 ring-slate-300'}`}>{label}</span>
  );
}

/** A value of the diff: long texts wrap, nothing reads as a dash. */
function Value({ text, tone }: { text: string; tone?: 'before' | 'after' }) {
  const toneClass = tone === 'before' ? 'bg-red-50 text-red-900' : tone === 'after' ? 'bg-emerald-50 text-emerald-900' : 'text-ink';
  return <span className={`inline-block max-w-full rounded px-1.5 py-0.5 break-words whitespace-pre-wrap ${toneClass}`}>{text}</span>;
}

/**
 * Before and after as readable fields: for a change, what changed (old value → new), the
 * unchanged ones behind a toggle; for a creation or removal, the record's fields.
 */
function ChangeDetails({ entry }: { entry: AuditEntry }) {
  const [showAll, setShowAll] = useState(false);
  const lines = diffRecords(entry.before, entry.after);
  const hasBefore = entry.before !== null && entry.before !== undefined;
  const hasAfter = entry.after !== null && entry.after !== undefined;
  const both = hasBefore && hasAfter;
  const changed = lines.filter((l) => l.changed);
  const shown: DiffLine[] = both && !showAll ? changed : lines;
  const hidden = lines.length - changed.length;
  return (
    <div className="grid gap-3 px-4 py-4 sm:px-6">
      {lines.length === 0 ? (
        <p className="text-sm text-ink-muted">No record details were kept for this action.</p>
      ) : (
        <table className="w-full table-fixed border-collapse text-sm">
          <caption className="sr-only">{both ? 'Fields before and after' : hasAfter ? 'Fields of the new record' : 'Fields of the record before'}</caption>
          <thead>
            <tr className="text-left text-xs font-semibold tracking-wide text-ink-muted uppercase">
              <th scope="col" className="w-[34%] py-1.5 pr-3 sm:w-[26%]">
                Field
              </th>
              {both ? (
                <>
                  <th scope="col" className="py-1.5 pr-3">
                    Before
                  </th>
                  <th scope="col" className="py-1.5">
                    After
                  </th>
                </>
              ) : (
                <th scope="col" className="py-1.5">
                  {hasAfter ? 'Value' : 'Value before'}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {shown.map((line) => (
              <tr key={line.path} className="border-t border-line align-top">
                <th scope="row" className="py-1.5 pr-3 text-left font-semibold break-words text-ink-soft">
                  {line.label}
                </th>
                {both ? (
                  <>
                    <td className="py-1.5 pr-3">
                      <Value text={line.before} tone={line.changed ? 'before' : undefined} />
                    </td>
                    <td className="py-1.5">
                      <Value text={line.after} tone={line.changed ? 'after' : undefined} />
                    </td>
                  </>
                ) : (
                  <td className="py-1.5">
                    <Value text={hasAfter ? line.after : line.before} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {both && hidden > 0 && (
        <button type="button" onClick={() => setShowAll((v) => !v)} className="inline-flex min-h-11 items-center self-start text-sm font-semibold text-accent-strong underline-offset-4 hover:underline">
          {showAll ? 'Show only what changed' : `Show ${hidden} unchanged ${hidden === 1 ? 'field' : 'fields'}`}
        </button>
      )}
      <p className="text-xs text-ink-muted">
        {entry.entityId && (
          <>
            Record <span className="font-mono">{entry.entityId}</span>
          </>
        )}
        {entry.address && <> · from {entry.address}</>}
      </p>
    </div>
  );
}

/** One entry: when, who, what, its kind, and a toggle opening its before/after. */
function EntryRows({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const subject = entityLabel(entry);
  const when = new Date(entry.at);
  return (
    <>
      <tr className={`grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-b border-line px-4 py-3 @3xl:table-row @3xl:p-0 ${open ? 'bg-paper' : 'bg-white'}`}>
        <th scope="row" className="min-w-0 text-left font-normal @3xl:border-b @3xl:border-line @3xl:py-3 @3xl:pr-3 @3xl:pl-6">
          {entry.import ? (
            <ImportLine entry={entry} job={entry.import} />
          ) : (
            <span className="block font-semibold text-ink">
              {actionLabel(entry.action)}
              {subject && <span className="font-normal text-ink-soft"> · {subject}</span>}
            </span>
          )}
          <span className="block text-sm text-ink-muted @3xl:hidden">
            {entry.actor.name} · <time dateTime={entry.at}>{whenFormat.format(when)}</time>
          </span>
        </th>
        <td className="self-start @3xl:border-b @3xl:border-line @3xl:px-3 @3xl:py-3 @3xl:align-middle">
          <KindBadge kind={entry.kind} />
        </td>
        <td className="hidden text-ink-soft @3xl:table-cell @3xl:border-b @3xl:border-line @3xl:px-3 @3xl:py-3 @3xl:align-middle">
          <span className="block truncate">{entry.actor.name}</span>
          {entry.actor.id === null && <span className="block text-xs text-ink-muted">Automatic</span>}
        </td>
        <td className="hidden text-sm whitespace-nowrap text-ink-soft tabular @3xl:table-cell @3xl:border-b @3xl:border-line @3xl:px-3 @3xl:py-3 @3xl:align-middle">
          <time dateTime={entry.at}>{whenFormat.format(when)}</time>
        </td>
        <td className="col-span-2 @3xl:border-b @3xl:border-line @3xl:py-3 @3xl:pr-6 @3xl:pl-3 @3xl:text-right @3xl:align-middle">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((v) => !v)}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-line bg-white px-3 text-sm font-semibold whitespace-nowrap text-ink hover:border-ink"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className={`transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}>
              <path d="M6 9l6 6 6-6" />
            </svg>
            {open ? 'Hide changes' : 'Show changes'}
            <span className="sr-only">: {actionLabel(entry.action)}{subject ? ` ${subject}` : ''}, {whenFormat.format(when)}</span>
          </button>
        </td>
      </tr>
      <tr id={detailsId} hidden={!open} className="block @3xl:table-row">
        <td colSpan={5} className="block border-b border-line bg-paper @3xl:table-cell">
          {open && <ChangeDetails entry={entry} />}
        </td>
      </tr>
    </>
  );
}

/** An import's own line: 'Imported 9,812 products from products.csv', its product entries and Undo. */
function ImportLine({ entry, job }: { entry: AuditEntry; job: NonNullable<AuditEntry['import']> }) {
  const written = job.created + job.updated;
  return (
    <span className="block">
      <span className="block font-semibold text-ink">{importLine(entry.action, job)}</span>
      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        {entry.action === 'import.start' && written > 0 && (
          <button type="button" onClick={() => openAudit({ importJob: job.jobId })} className="min-h-11 font-semibold text-accent-strong underline-offset-4 hover:underline">
            Show its {written.toLocaleString('en-US')} product {written === 1 ? 'entry' : 'entries'}
          </button>
        )}
        {entry.action === 'import.start' && !job.undone && <UndoImportButton job={{ id: job.jobId, dryRun: false, status: job.status as never, fileName: job.fileName }} />}
      </span>
    </span>
  );
}

/** The filters bar: staff member, kind, from and to days, Clear filters. */
function FilterBar({ filters }: { filters: AuditFilters }) {
  const id = useId();
  const { data } = useQuery($staffList);
  const set = (next: Partial<AuditFilters>) => openAudit({ ...filters, ...next, page: 1 });
  const labelClass = 'block text-xs font-semibold tracking-wide text-ink-muted uppercase';
  const box = `${FIELD_BOX} mt-1 w-full border-ink/15 text-[0.9375rem]`;
  const known = data?.staff.some((s) => s.id === filters.actor) ?? true;
  return (
    <form role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()} className="grid grid-cols-2 gap-3 px-4 pb-4 sm:px-6 lg:grid-cols-[minmax(12rem,1.4fr)_minmax(10rem,1fr)_minmax(9.5rem,0.8fr)_minmax(9.5rem,0.8fr)_auto] lg:items-end">
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-actor`} className={labelClass}>
          Staff member
        </label>
        <select id={`${id}-actor`} value={filters.actor} onChange={(e) => set({ actor: e.target.value })} className={`${box} pr-9`}>
          <option value="">All staff</option>
          <option value="system">System (automatic)</option>
          {!known && filters.actor !== 'system' && <option value={filters.actor}>Unknown member</option>}
          {data?.staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
              {member.active ? '' : ' (deactivated)'}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-kind`} className={labelClass}>
          Kind
        </label>
        <select id={`${id}-kind`} value={filters.kind} onChange={(e) => set({ kind: e.target.value as AuditKind | '' })} className={`${box} pr-9`}>
          <option value="">All kinds</option>
          {AUDIT_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {AUDIT_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-from`} className={labelClass}>
          From
        </label>
        <input id={`${id}-from`} type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => set({ from: e.target.value })} className={box} />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className={labelClass}>
          To
        </label>
        <input id={`${id}-to`} type="date" value={filters.to} min={filters.from || undefined} onChange={(e) => set({ to: e.target.value })} className={box} />
      </div>
      <button type="button" onClick={() => openAudit({})} disabled={!isAuditFiltered(filters)} className={`${BUTTONS.quiet} col-span-2 lg:col-span-1`}>
        Clear filters
      </button>
    </form>
  );
}

/**
 * The audit log (super_admin only): every staff action newest first, filtered by staff member,
 * kind and days (all in the URL), 25 a page; each row opens to its before and after.
 */
export function AuditView({ search }: { search: Record<string, string> }) {
  const filters = parseAuditFilters(search);
  const { data, error, loading } = useQuery($auditPage);
  const last = useRef<AuditPage | undefined>(undefined);
  if (data) last.current = data;
  const shown = data ?? (loading ? last.current : undefined);
  const pages = shown ? countPages(shown.total, shown.pageSize) : 1;
  const filtered = isAuditFiltered(filters);

  useEffect(() => {
    if (data && data.entries.length === 0 && data.total > 0 && filters.page > 1) openAudit({ ...filters, page: countPages(data.total, data.pageSize) }, true);
  }, [data]);

  return (
    <div className="flex h-full min-h-0 flex-col overflow-y-auto">
      <div className="px-4 pt-5 pb-3 sm:px-6">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">Audit log</h1>
        <p className="mt-0.5 min-h-5 text-sm text-ink-muted tabular" aria-live="polite">
          {shown ? `${shown.total.toLocaleString('en-US')} ${shown.total === 1 ? 'entry' : 'entries'}${filtered ? ' match' : ''} · newest first` : '\u00a0'}
        </p>
      </div>
      <FilterBar filters={filters} />
      {filters.importJob && (
        <p className="mx-4 mb-3 flex flex-wrap items-center gap-x-3 rounded-lg bg-paper px-4 py-2 text-sm text-ink-soft sm:mx-6">
          The products one import created or updated.
          <button type="button" onClick={() => openAudit({ ...filters, importJob: '', page: 1 })} className="min-h-11 font-semibold text-accent-strong underline-offset-4 hover:underline">
            Back to the whole log
          </button>
        </p>
      )}

      <div className="@container mx-0 flex flex-col border-y border-line bg-white sm:mx-6 sm:mb-6 sm:rounded-xl sm:border sm:shadow-card">
        {error && !shown ? (
          <div role="alert" className="p-6 text-sm">
            <p className="font-semibold text-danger">The audit log could not be loaded.</p>
            <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
            <button type="button" onClick={() => $auditPage.refresh()} className={`${BUTTONS.quiet} mt-3`}>
              Try again
            </button>
          </div>
        ) : !shown ? (
          <div aria-hidden="true">
            {Array.from({ length: 8 }, (_, i) => (
              <div key={i} className="flex h-[4.25rem] items-center gap-4 border-b border-line px-4 sm:px-6">
                <span className="h-3.5 w-56 animate-pulse rounded bg-canvas motion-reduce:animate-none" />
                <span className="ml-auto h-5 w-20 animate-pulse rounded-full bg-canvas motion-reduce:animate-none" />
              </div>
            ))}
          </div>
        ) : shown.entries.length === 0 ? (
          <div className="grid place-items-center px-6 py-16 text-center">
            <div>
              <p className="font-display text-xl font-semibold text-ink">No entries found</p>
              <p className="mt-1 text-sm text-ink-muted">{filtered ? 'Nothing was recorded for this staff member, kind and dates.' : 'Staff actions appear here as they happen.'}</p>
            </div>
          </div>
        ) : (
          <table className={`w-full border-separate border-spacing-0 text-[0.9375rem] transition-opacity ${loading && !data ? 'opacity-60' : ''}`} aria-busy={(loading && !data) || undefined}>
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead className="hidden @3xl:table-header-group">
              <tr>
                {['What', 'Kind', 'Who', 'When', 'Details'].map((h, i) => (
                  <th
                    key={h}
                    scope="col"
                    className={`border-b border-line bg-paper px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-ink-muted uppercase first:pl-6 last:pr-6 ${['', 'w-[9rem]', 'w-[11rem]', 'w-[12.5rem]', 'w-[11rem] text-right'][i]}`}
                  >
                    {h === 'Details' ? <span className="sr-only">Details</span> : h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.entries.map((entry) => (
                <EntryRows key={entry.id} entry={entry} />
              ))}
            </tbody>
          </table>
        )}
        <nav aria-label="Pagination" className="flex shrink-0 items-center justify-between gap-3 border-t border-line bg-paper px-4 py-2 sm:rounded-b-xl sm:px-6">
          <button type="button" onClick={() => openAudit({ ...filters, page: filters.page - 1 })} disabled={filters.page <= 1} className={BUTTONS.quiet}>
            Previous
          </button>
          <p className="text-sm whitespace-nowrap text-ink-soft tabular" aria-live="polite">
            Page {Math.min(filters.page, pages)} of {pages}
          </p>
          <button type="button" onClick={() => openAudit({ ...filters, page: filters.page + 1 })} disabled={!shown || filters.page >= pages} className={BUTTONS.quiet}>
            Next
          </button>
        </nav>
      </div>
    </div>
  );
}
