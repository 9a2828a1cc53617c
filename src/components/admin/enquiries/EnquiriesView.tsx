import { useEffect, useId, useRef, useState } from 'react';
import { ENQUIRY_KINDS, ENQUIRY_STATUS_FILTERS, type AdminEnquiry } from '../../../lib/schemas/admin-enquiries';
import { $enquiriesPage, openEnquiries, type EnquiriesPage } from '../../../stores/admin-enquiries';
import { useQuery } from '../../../stores/admin-query';
import { adminPath } from '../../../stores/admin-router';
import { followAdminLink } from '../admin-links';
import { countPages } from '../../../lib/admin/admin-views';
import { SearchIcon } from '../icons';
import { ListEmpty, ListLoadError, ListPagination, ListViewSkeleton, SkeletonRows, StatusFilterSelect } from '../ListParts';
import { EnquiryPanel } from './EnquiryPanel';
import { EnquiryStatusBadge } from './EnquiryStatusBadge';
import { ENQUIRY_KIND_LABELS, ENQUIRY_STATUS_FILTER_LABELS, enquiriesFiltersToSearch, parseEnquiriesFilters, type EnquiriesFilters } from '../../../lib/admin/enquiry-filters';

/** How long typing pauses before the list follows the search box. */
const SEARCH_DEBOUNCE_MS = 300;

const todayFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const yearFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** '9:31 AM' today, 'Nov 23' this year, 'Nov 23, 2025' before: an inbox's dates. */
export function formatReceived(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (date.toDateString() === now.toDateString()) return todayFormat.format(date);
  return date.getFullYear() === now.getFullYear() ? dayFormat.format(date) : yearFormat.format(date);
}

/** The line under the sender: the subject of a message, the product and quantity of a quote. */
export function enquiryTopic(enquiry: AdminEnquiry): string {
  if (enquiry.kind === 'quotes') return `${enquiry.product.name}${enquiry.quantity !== undefined ? ` · Qty ${enquiry.quantity.toLocaleString('en-US')}` : ''}`;
  return enquiry.subject ?? 'No subject';
}

/** One row of the inbox: a link to the enquiry keeping the filters. */
function EnquiryRow({ enquiry, filters, selected }: { enquiry: AdminEnquiry; filters: EnquiriesFilters; selected: boolean }) {
  const fresh = enquiry.status === 'new';
  const replies = enquiry.history.filter((h) => h.action === 'reply').length;
  const text = enquiry.message ?? '';
  return (
    <li>
      <a
        href={adminPath('enquiry', { id: enquiry.id }, enquiriesFiltersToSearch(filters))}
        onClick={(e) => followAdminLink(e)}
        aria-current={selected ? 'true' : undefined}
        className={`block border-b border-line px-4 py-3 outline-none focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-accent sm:px-6 ${
          selected ? 'bg-accent-soft/70 shadow-[inset_3px_0_0_var(--color-accent)]' : 'bg-white hover:bg-paper'
        }`}
      >
        <span className="flex items-baseline justify-between gap-3">
          <span className="flex min-w-0 items-center gap-2">
            {fresh && <span className="h-2 w-2 shrink-0 rounded-full bg-accent" aria-hidden="true" />}
            <span className={`truncate text-[0.9375rem] text-ink ${fresh ? 'font-bold' : 'font-medium'}`}>{enquiry.name}</span>
          </span>
          <time dateTime={enquiry.createdAt} className="shrink-0 text-xs text-ink-muted tabular">
            {formatReceived(enquiry.createdAt)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-3">
          <span className={`truncate text-sm ${fresh ? 'font-semibold text-ink' : 'text-ink-soft'}`}>{enquiryTopic(enquiry)}</span>
          <EnquiryStatusBadge status={enquiry.status} />
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-3">
          <span className="truncate text-sm text-ink-muted">{text || 'No notes.'}</span>
          {replies > 0 && <span className="shrink-0 text-xs font-medium text-ink-muted">{replies === 1 ? '1 reply' : `${replies} replies`}</span>}
        </span>
      </a>
    </li>
  );
}

/** The inbox's placeholder rows: sender, subject, first words. */
function EnquiriesSkeletonRows() {
  return <SkeletonRows count={7} row="grid h-[5.5rem] content-center gap-2" cells={['h-3.5 w-40 rounded', 'h-3 w-3/4 rounded', 'h-3 w-1/2 rounded']} />;
}

/** The search box: follows the URL, and the URL follows it after a pause in typing. */
function EnquirySearch({ filters, selectedId }: { filters: EnquiriesFilters; selectedId: string | null }) {
  const id = useId();
  const [value, setValue] = useState(filters.q);
  const latest = useRef({ filters, selectedId });
  latest.current = { filters, selectedId };

  // The URL is the truth: the back button changes q, the box follows.
  useEffect(() => setValue((v) => (v.trim() === filters.q ? v : filters.q)), [filters.q]);

  useEffect(() => {
    const { filters: current, selectedId: selected } = latest.current;
    if (value.trim() === current.q) return;
    const timer = window.setTimeout(() => openEnquiries({ ...current, q: value, page: 1 }, { id: selected ?? undefined, replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  return (
    <form
      role="search"
      className="relative min-w-0 basis-full sm:basis-0 sm:flex-1"
      onSubmit={(e) => {
        e.preventDefault();
        openEnquiries({ ...filters, q: value, page: 1 }, { id: selectedId ?? undefined, replace: true });
      }}
    >
      <label htmlFor={id} className="sr-only">
        Search enquiries
      </label>
      <span className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-ink-muted">
        <SearchIcon />
      </span>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={filters.kind === 'quotes' ? 'Name, e-mail, product or notes' : 'Name, e-mail, subject or message'}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        className="block min-h-11 w-full rounded-lg border border-ink/15 bg-white pr-3 pl-10 text-[0.9375rem] text-ink placeholder:text-ink-muted focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent"
      />
    </form>
  );
}

/**
 * The enquiries inbox (issue #13): contact messages and quote requests behind a switch (two lists,
 * because a quote carries a product and quantity a message has not), status filter and search in the
 * URL, a server-side page of 20, the enquiry with its history and reply box beside it.
 */
export function EnquiriesView({ selectedId, search }: { selectedId: string | null; search: Record<string, string> }) {
  const filters = parseEnquiriesFilters(search);
  const statusId = useId();
  const { data, error, loading } = useQuery($enquiriesPage);
  // While the next page or filter loads, the previous rows stay (dimmed) instead of the list collapsing.
  const last = useRef<EnquiriesPage | undefined>(undefined);
  if (data) last.current = data;
  const shown = data ?? (loading ? last.current : undefined);
  const pages = shown ? countPages(shown.total, shown.pageSize) : 1;
  const selectedRow = shown?.items.find((e) => e.id === selectedId);
  const filtered = filters.status !== 'all' || filters.q !== '';
  const noun = filters.kind === 'quotes' ? ['quote request', 'quote requests'] : ['message', 'messages'];

  // A page past the end (enquiries moved on) goes back to the last page there is.
  useEffect(() => {
    if (data && data.items.length === 0 && data.total > 0 && filters.page > 1) openEnquiries({ ...filters, page: countPages(data.total, data.pageSize) }, { id: selectedId ?? undefined, replace: true });
  }, [data]);

  const setFilters = (next: Partial<EnquiriesFilters>) => openEnquiries({ ...filters, ...next }, { id: selectedId ?? undefined });

  return (
    <div className="flex h-full min-h-0">
      {selectedId && <h1 className="sr-only lg:hidden">Enquiries</h1>}
      <section aria-labelledby="enquiries-heading" className={`min-w-0 flex-1 flex-col ${selectedId ? 'hidden lg:flex' : 'flex'}`}>
        <div className="grid gap-3 px-4 pt-5 pb-4 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-3">
            <div>
              <h1 id="enquiries-heading" className="font-display text-2xl font-semibold text-ink sm:text-3xl">
                Enquiries
              </h1>
              <p className="mt-0.5 min-h-5 text-sm text-ink-muted tabular" aria-live="polite">
                {shown && shown.kind === filters.kind
                  ? `${shown.total.toLocaleString('en-US')} ${shown.total === 1 ? noun[0] : noun[1]}${filtered ? ' match' : ''} · newest first`
                  : '\u00a0'}
              </p>
            </div>
            <nav aria-label="Kind of enquiry" className="flex w-full rounded-lg border border-line bg-paper p-1 sm:w-auto">
              {ENQUIRY_KINDS.map((kind) => {
                const active = kind === filters.kind;
                return (
                  <a
                    key={kind}
                    href={adminPath('enquiries', {}, enquiriesFiltersToSearch({ ...filters, kind, page: 1 }))}
                    onClick={(e) => followAdminLink(e)}
                    aria-current={active ? 'page' : undefined}
                    className={`inline-flex min-h-10 flex-1 items-center justify-center rounded-md px-4 text-sm font-semibold whitespace-nowrap outline-none focus-visible:outline-3 focus-visible:outline-accent sm:flex-none ${
                      active ? 'bg-white text-ink shadow-card ring-1 ring-line' : 'text-ink-soft hover:text-ink'
                    }`}
                  >
                    {ENQUIRY_KIND_LABELS[kind]}
                  </a>
                );
              })}
            </nav>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <EnquirySearch key={filters.kind} filters={filters} selectedId={selectedId} />
            <StatusFilterSelect id={statusId} value={filters.status} options={ENQUIRY_STATUS_FILTERS} labels={ENQUIRY_STATUS_FILTER_LABELS} onChange={(status) => setFilters({ status, page: 1 })} />
          </div>
        </div>

        <div className="mx-0 flex min-h-0 flex-1 flex-col overflow-hidden border-y border-line bg-white sm:mx-6 sm:mb-6 sm:rounded-xl sm:border sm:shadow-card">
          <div className="min-h-0 flex-1 overflow-y-auto">
            {error && !shown ? (
              <ListLoadError what="enquiries" error={error} />
            ) : !shown ? (
              <EnquiriesSkeletonRows />
            ) : shown.items.length === 0 ? (
              <ListEmpty
                title={filters.kind === 'quotes' ? 'No quote requests found' : 'No messages found'}
                text={
                  filtered
                    ? 'Nothing matches this status and search.'
                    : filters.kind === 'quotes'
                      ? 'Quote requests from product pages appear here.'
                      : 'Messages sent through the contact page appear here.'
                }
                onClear={filtered ? () => openEnquiries({ kind: filters.kind }, { id: selectedId ?? undefined }) : undefined}
              />
            ) : (
              <ul aria-label={`${ENQUIRY_KIND_LABELS[filters.kind]}, newest first`} aria-busy={(loading && !data) || undefined} className={`transition-opacity ${loading && !data ? 'opacity-60' : ''}`}>
                {shown.items.map((enquiry) => (
                  <EnquiryRow key={enquiry.id} enquiry={enquiry} filters={filters} selected={enquiry.id === selectedId} />
                ))}
              </ul>
            )}
          </div>
          <ListPagination page={filters.page} pages={pages} ready={Boolean(shown)} onPage={(page) => setFilters({ page })} />
        </div>
      </section>
      <EnquiryPanel selectedId={selectedId} listRow={selectedRow} filters={filters} />
    </div>
  );
}

/** The inbox's frame before the island hydrates (same boxes, no data). */
EnquiriesView.Skeleton = function EnquiriesViewSkeleton() {
  return <ListViewSkeleton title="Enquiries" between={<div className="mb-3 h-11" />} rows={<EnquiriesSkeletonRows />} panel="w-[27rem] lg:block xl:w-[30rem]" />;
};
