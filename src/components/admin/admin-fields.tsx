/** Pieces several back-office views share: a stat card and the debounced search box. */
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { SearchIcon } from './icons';
import { FIELD_BOX } from './products/ui';

/** How long typing in a search box waits before the list follows. */
export const SEARCH_DEBOUNCE_MS = 300;

/** One stat card of a `<dl>`: a label, a figure (a blank while unknown) and a coloured edge. */
export function StatCard({ label, value, tone }: { label: string; value: number | undefined; tone: 'ink' | 'success' | 'danger' | 'gold' }) {
  const bar = { ink: 'bg-ink', success: 'bg-success', danger: 'bg-danger', gold: 'bg-gold' }[tone];
  return (
    <div className="relative overflow-hidden rounded-xl border border-line bg-white px-4 py-3 shadow-card">
      <span className={`absolute inset-y-0 left-0 w-1 ${bar}`} aria-hidden="true" />
      <dt className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="mt-0.5 font-display text-2xl font-semibold text-ink tabular">{value === undefined ? '\u00a0' : value.toLocaleString('en-US')}</dd>
    </div>
  );
}

/**
 * A search box whose typed text reaches `onSearch` after SEARCH_DEBOUNCE_MS; when `value` changes
 * from elsewhere (back button, Clear filters) the box follows it.
 */
export function DebouncedSearch({ value, onSearch, label, placeholder, className }: { value: string; onSearch: (text: string) => void; label: string; placeholder: string; className: string }) {
  const id = useId();
  const [text, setText] = useState(value);
  const typed = useRef(value);
  // The pause may outlive a filter or page change: the search then joins the latest filters.
  const latest = useRef(onSearch);
  latest.current = onSearch;
  useEffect(() => {
    if (value !== typed.current.trim()) {
      typed.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = window.setTimeout(() => latest.current(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted">
          <SearchIcon />
        </span>
        <input
          id={id}
          type="search"
          value={text}
          onChange={(e) => {
            typed.current = e.target.value;
            setText(e.target.value);
          }}
          placeholder={placeholder}
          autoComplete="off"
          className={`${FIELD_BOX} w-full border-ink/20 pl-10`}
        />
      </div>
    </div>
  );
}

/** An e-mail address that wraps at its '@' and dots (a break inside a name only when one part is wider than the line). */
export function WrappedEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  const parts = at < 0 ? [email] : [email.slice(0, at), ...email.slice(at).split(/(?=\.)/)];
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
