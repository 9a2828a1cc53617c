import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_ORDERS_REFRESH_MS } from '../../../lib/admin-constants';
import { ENQUIRY_MESSAGE_MAX } from '../../../lib/constants';
import { ENQUIRY_INBOX_MESSAGES, enquiryReplySchema, type AdminEnquiry, type EnquiryHistoryEntry } from '../../../lib/schemas/admin-enquiries';
import { $selectedEnquiry, changeEnquiryStatus, openEnquiries, refreshSelectedEnquiry, sendEnquiryReply } from '../../../stores/admin-enquiries';
import { useQuery } from '../../../stores/admin-query';
import { DETAIL_PANEL_CLASS, DetailPanelBar, DetailPanelEmpty, DetailPanelSkeleton, useDetailPanelSync } from '../DetailPanel';
import { EnquiryStatusBadge } from './EnquiryStatusBadge';
import { QuoteEditor } from './QuoteEditor';
import type { EnquiriesFilters } from '../../../lib/admin/enquiry-filters';

const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const buttonBase =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 text-sm font-semibold whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-55';
const sectionTitle = 'mb-2.5 font-sans text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase';

/** A small labelled section of the panel. */
function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  return (
    <section className="border-t border-line px-5 py-4 sm:px-6" aria-labelledby={id}>
      <h3 id={id} className={sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}

function Spinner() {
  return <span className="h-4 w-4 animate-spin rounded-full border-2 border-current/30 border-t-current motion-reduce:animate-none" aria-hidden="true" />;
}

/** The panel's heading: the subject of a message, the product of a quote. */
function headingOf(enquiry: AdminEnquiry): string {
  return enquiry.kind === 'quotes' ? enquiry.product.name : (enquiry.subject ?? 'No subject');
}

/** The titles of the quote steps in an enquiry's history. */
const QUOTE_EVENT_TITLES = {
  quote_started: 'Quote started by staff for the customer',
  quote_drafted: 'Quote saved as draft',
  quote_sent: 'Quote sent',
  quote_withdrawn: 'Quote withdrawn',
  quote_accepted: 'Quote accepted by the customer',
  quote_declined: 'Quote declined by the customer',
  quote_expired: 'Quote expired',
} as const;

/** What one history entry says: title and where its e-mail stands. */
function describeEntry(entry: EnquiryHistoryEntry): { title: string; mail?: string } {
  if (entry.action === 'handled') return { title: 'Marked as handled' };
  if (entry.action === 'reopened') return { title: 'Reopened' };
  const mail = entry.mail;
  const quoteTitle = QUOTE_EVENT_TITLES[entry.action as keyof typeof QUOTE_EVENT_TITLES];
  return {
    title: quoteTitle ?? 'Reply sent',
    mail: !mail ? undefined : mail.sentAt ? `E-mailed to ${mail.to}` : mail.lastError ? `Not delivered yet to ${mail.to}: retrying` : `Queued for ${mail.to}`,
  };
}

/** The history of an enquiry, oldest first. */
function History({ enquiry }: { enquiry: AdminEnquiry }) {
  if (enquiry.history.length === 0) return <p className="text-sm text-ink-muted">No replies yet.</p>;
  return (
    <ol className="relative" aria-label={`History of the enquiry from ${enquiry.name}`}>
      {enquiry.history.map((entry, index) => {
        const line = describeEntry(entry);
        const last = index === enquiry.history.length - 1;
        return (
          <li key={entry.id} className="relative pb-4 pl-6 last:pb-0">
            {!last && <span className="absolute top-3 bottom-0 left-[5px] w-px bg-line" aria-hidden="true" />}
            <span className={`absolute top-1.5 left-0 h-[11px] w-[11px] rounded-full ring-2 ring-white ${entry.action === 'reply' ? 'bg-accent' : 'bg-ink-muted'}`} aria-hidden="true" />
            <p className="text-sm font-semibold text-ink">{line.title}</p>
            {entry.message && <p className="mt-1 rounded-lg bg-paper px-3 py-2 text-sm break-words whitespace-pre-line text-ink-soft">{entry.message}</p>}
            <p className="mt-1 text-xs text-ink-muted">
              {entry.by} · <time dateTime={entry.at}>{dateTimeFormat.format(new Date(entry.at))}</time>
              {line.mail ? ` · ${line.mail}` : ''}
            </p>
          </li>
        );
      })}
    </ol>
  );
}

/** The reply box: required text, e-mailed to the sender; sending marks the enquiry handled. */
function ReplyForm({ enquiry, onSent }: { enquiry: AdminEnquiry; onSent: () => void }) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = enquiryReplySchema.safeParse({ message: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ENQUIRY_INBOX_MESSAGES.replyRequired);
      field.current?.focus();
      return;
    }
    setBusy(true);
    const result = await sendEnquiryReply(enquiry.kind, enquiry.id, parsed.data.message);
    setBusy(false);
    if (result.ok) {
      setText('');
      onSent();
    } else if (result.fields?.message) {
      setError(result.fields.message);
      field.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate className="border-t border-line bg-paper/60 px-5 py-4 sm:px-6">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Reply to {enquiry.name}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-sm text-ink-muted">
        Goes by e-mail to <span className="font-medium text-ink-soft [overflow-wrap:anywhere]">{enquiry.email}</span>, with their {enquiry.kind === 'quotes' ? 'request' : 'message'}{' '}
        quoted. Sending marks it as handled.
      </p>
      <textarea
        id={id}
        ref={field}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          if (error) setError(null);
        }}
        rows={5}
        maxLength={ENQUIRY_MESSAGE_MAX}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        placeholder={enquiry.kind === 'quotes' ? 'Prices, delivery times and anything else they asked' : 'Write your answer'}
        className={`mt-2 block w-full resize-y rounded-lg border bg-white px-3 py-2.5 text-[0.9375rem] text-ink placeholder:text-ink-muted/80 focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent ${
          error ? 'border-danger' : 'border-ink/20'
        }`}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div className="mt-3 flex items-center justify-between gap-3">
        <span className="text-xs text-ink-muted tabular">
          {text.length.toLocaleString('en-US')} / {ENQUIRY_MESSAGE_MAX.toLocaleString('en-US')}
        </span>
        <button type="submit" disabled={busy} aria-busy={busy || undefined} className={`${buttonBase} bg-ink text-paper hover:bg-ink-soft`}>
          {busy && <Spinner />}
          Send reply
        </button>
      </div>
    </form>
  );
}

/** Mark as handled, or Reopen a handled enquiry. */
function StatusAction({ enquiry, onSettled }: { enquiry: AdminEnquiry; onSettled: () => void }) {
  const [busy, setBusy] = useState(false);
  const next = enquiry.status === 'new' ? 'handled' : 'new';
  return (
    <button
      type="button"
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={async () => {
        setBusy(true);
        await changeEnquiryStatus(enquiry.kind, enquiry.id, next);
        setBusy(false);
        requestAnimationFrame(onSettled);
      }}
      className={`${buttonBase} border border-line bg-white text-ink hover:border-ink`}
    >
      {busy && <Spinner />}
      {next === 'handled' ? 'Mark as handled' : 'Reopen'}
    </button>
  );
}

/** The whole enquiry: sender, product and quantity of a quote, the text, history and reply box. */
function EnquiryDetail({ enquiry, onChanged }: { enquiry: AdminEnquiry; onChanged: () => void }) {
  const historyId = useId();
  return (
    <>
      <section className="px-5 py-4 sm:px-6" aria-label="From">
        <h3 className={sectionTitle}>From</h3>
        <p className="font-medium text-ink">{enquiry.name}</p>
        <p className="text-sm [overflow-wrap:anywhere]">
          <a href={`mailto:${enquiry.email}`} className="text-accent-strong underline-offset-4 hover:underline">
            {enquiry.email}
          </a>
        </p>
        {enquiry.phone && (
          <p className="text-sm">
            <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`} className="text-ink-soft tabular underline-offset-4 hover:underline">
              {enquiry.phone}
            </a>
          </p>
        )}
      </section>
      {enquiry.kind === 'quotes' && (
        <Section title="Product">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-ink-muted">Product</dt>
            <dd className="font-medium text-ink">{enquiry.product.name}</dd>
            <dt className="text-ink-muted">SKU</dt>
            <dd className="text-ink-soft tabular">{enquiry.product.sku}</dd>
            <dt className="text-ink-muted">Quantity</dt>
            <dd className="font-semibold text-ink tabular">{enquiry.quantity !== undefined ? enquiry.quantity.toLocaleString('en-US') : 'To be discussed'}</dd>
          </dl>
        </Section>
      )}
      <Section title={enquiry.kind === 'quotes' ? 'Notes' : 'Message'}>
        <p className="text-[0.9375rem] leading-relaxed break-words whitespace-pre-line text-ink">{enquiry.message || 'No notes.'}</p>
      </Section>
      {enquiry.kind === 'quotes' && (
        <Section title="Quote">
          <QuoteEditor key={enquiry.id} request={enquiry} />
        </Section>
      )}
      <Section title="History" id={historyId}>
        <History enquiry={enquiry} />
      </Section>
      <ReplyForm key={enquiry.id} enquiry={enquiry} onSent={onChanged} />
    </>
  );
}

/**
 * The detail side panel: 'Select an enquiry' when none; otherwise a region named after the
 * enquiry. Below 1024 px it replaces the list, with a Back button.
 */
export function EnquiryPanel({ selectedId, listRow, filters }: { selectedId: string | null; listRow: AdminEnquiry | undefined; filters: EnquiriesFilters }) {
  const { data, error } = useQuery($selectedEnquiry);
  const enquiry = data && data.id === selectedId ? data : undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const header = enquiry ?? listRow;

  useDetailPanelSync({ selectedId, detail: enquiry, listRow, refresh: refreshSelectedEnquiry, heading });

  // A reply still in the outbox: ask again until it has left, so the history says when it did.
  const mailQueued = enquiry?.history.some((h) => h.mail && !h.mail.sentAt) ?? false;
  useEffect(() => {
    if (!mailQueued) return;
    const timer = window.setInterval(refreshSelectedEnquiry, ADMIN_ORDERS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [mailQueued, enquiry?.id]);


  if (!selectedId) {
    return (
      <DetailPanelEmpty
        id="enquiry-panel-empty"
        title="Select an enquiry"
        text="Choose a message or quote request in the list to read it, see its replies and answer it."
        icon={
          <>
            <path d="M3 13.5 5.6 5.3A1.9 1.9 0 0 1 7.4 4h9.2a1.9 1.9 0 0 1 1.8 1.3L21 13.5V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
            <path d="M3 13.5h5l1.5 2.5h5l1.5-2.5h5" />
          </>
        }
      />
    );
  }

  const notFound = !enquiry && error && (error as { status?: number }).status === 404;
  const kindLabel = filters.kind === 'quotes' ? 'Quote request' : 'Message';
  return (
    <section className={`${DETAIL_PANEL_CLASS} flex`} aria-labelledby="enquiry-panel-heading">
      <div className="shrink-0 border-b border-line px-5 pt-3 pb-4 sm:px-6">
        <DetailPanelBar backLabel="Back to enquiries" label={kindLabel} closeLabel="Close enquiry" onClose={() => openEnquiries(filters)} />
        <h2 id="enquiry-panel-heading" ref={heading} tabIndex={-1} className="mt-1 font-sans text-xl font-bold break-words text-ink outline-none">
          {header ? headingOf(header) : notFound ? `${kindLabel} not found` : 'Loading…'}
        </h2>
        {header && (
          <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <EnquiryStatusBadge status={header.status} size="md" />
            <p className="text-sm text-ink-muted tabular">
              Received <time dateTime={header.createdAt}>{dateTimeFormat.format(new Date(header.createdAt))}</time>
            </p>
          </div>
        )}
        {enquiry && (
          <div className="mt-3 flex flex-wrap gap-2">
            <StatusAction enquiry={enquiry} onSettled={() => heading.current?.focus({ preventScroll: true })} />
          </div>
        )}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {enquiry ? (
          <EnquiryDetail enquiry={enquiry} onChanged={() => heading.current?.focus({ preventScroll: true })} />
        ) : error ? (
          <div role="alert" className="px-5 py-5 text-sm sm:px-6">
            <p className="font-semibold text-danger">{notFound ? (filters.kind === 'quotes' ? ENQUIRY_INBOX_MESSAGES.quoteNotFound : ENQUIRY_INBOX_MESSAGES.messageNotFound) : 'The enquiry could not be loaded.'}</p>
            {!notFound && (
              <>
                <p className="mt-1 text-ink-muted">{error instanceof Error ? error.message : String(error)}</p>
                <button type="button" onClick={refreshSelectedEnquiry} className="mt-3 inline-flex min-h-11 items-center rounded-lg border border-line px-4 font-semibold text-ink hover:border-ink">
                  Try again
                </button>
              </>
            )}
          </div>
        ) : (
          <DetailPanelSkeleton />
        )}
      </div>
    </section>
  );
}
