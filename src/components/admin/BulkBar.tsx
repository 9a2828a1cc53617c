import { useStore } from '@nanostores/react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { EXPORT_IDS_MAX, type BulkKind } from '../../lib/schemas/admin-bulk';
import { $bulkRun, $bulkSelection, clearBulkSelection, countSelected, runBulkAction, selectAllMatching, selectionOf } from '../../stores/admin-bulk';
import { useModalDialog } from '../shop/use-modal-dialog';
import { BUTTONS, FIELD, Spinner } from './products/ui';

/** One bulk action a list offers: its button, what its confirmation says, and the field it asks for. */
export interface BulkActionDef {
  id: string;
  /** The button's text, e.g. 'Approve'. */
  label: string;
  /** The confirmation's question for `count` records, e.g. 'Approve 20 orders?'. */
  title: (count: string) => string;
  /** What will happen to them, in a sentence. */
  description: (count: string) => string;
  tone?: 'danger' | 'primary';
  /**
   * A field the confirmation asks for (a reason, a status, a number), with its label: a choice of
   * `options`, one line (`input`), or a paragraph when neither is given.
   */
  field?: { label: string; required?: boolean; options?: readonly { value: string; label: string }[]; input?: { type: 'text' | 'number'; step?: string; min?: number; hint?: string } };
  /** Why the field's value cannot be sent, or null when it can. */
  check?: (value: string) => string | null;
  /** The request's fields given the field's value. */
  fields: (value: string) => Record<string, unknown>;
}

/** '20 orders', '1 order'. */
function countOf(n: number, noun: readonly [string, string]): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun[0] : noun[1]}`;
}

/** The one confirmation of a bulk action: what will happen to how many, and its field if it has one. */
function BulkConfirm({ action, count, busy, onConfirm, onClose }: { action: BulkActionDef; count: string; busy: boolean; onConfirm: (value: string) => void; onClose: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const fieldId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState(action.field?.options?.[0]?.value ?? '');
  const [error, setError] = useState('');
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose(), initialFocus: cancel });
  const submit = () => {
    if (action.field?.required && !value.trim()) {
      setError(`${action.field.label} is required.`);
      return;
    }
    const problem = action.check?.(value) ?? null;
    if (problem) {
      setError(problem);
      return;
    }
    onConfirm(value);
  };
  return (
    <dialog ref={ref} role="alertdialog" aria-labelledby={titleId} aria-describedby={descriptionId} className="m-auto w-[min(30rem,calc(100vw-2rem))] max-w-none rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45">
      <form
        className="grid gap-4 p-6"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <div>
          <h2 id={titleId} className="font-sans text-lg font-bold text-ink">
            {action.title(count)}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
            {action.description(count)}
          </p>
        </div>
        {action.field && (
          <div className="grid gap-1.5">
            <label htmlFor={fieldId} className="text-sm font-semibold text-ink-soft">
              {action.field.label}
            </label>
            {action.field.options ? (
              <select id={fieldId} value={value} onChange={(e) => setValue(e.target.value)} className={`${FIELD} min-h-11`}>
                {action.field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : action.field.input ? (
              <input
                id={fieldId}
                type={action.field.input.type}
                inputMode={action.field.input.type === 'number' ? 'decimal' : undefined}
                step={action.field.input.step}
                min={action.field.input.min}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                maxLength={action.field.input.type === 'text' ? 100 : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fieldId}-error` : action.field.input.hint ? `${fieldId}-hint` : undefined}
                className={`${FIELD} min-h-11`}
              />
            ) : (
              <textarea id={fieldId} value={value} onChange={(e) => setValue(e.target.value)} rows={3} maxLength={1000} aria-invalid={error ? true : undefined} aria-describedby={error ? `${fieldId}-error` : undefined} className={`${FIELD} py-2`} />
            )}
            {action.field.input?.hint && !error && (
              <p id={`${fieldId}-hint`} className="text-sm text-ink-muted">
                {action.field.input.hint}
              </p>
            )}
            {error && (
              <p id={`${fieldId}-error`} className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
          </div>
        )}
        <div className="mt-1 flex flex-wrap justify-end gap-2">
          <button ref={cancel} type="button" onClick={onClose} disabled={busy} className={BUTTONS.quiet}>
            Cancel
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={action.tone === 'danger' ? BUTTONS.dangerSolid : BUTTONS.primary}>
            {busy && <Spinner />}
            {action.label} {count}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * The bar over a list while records are selected: how many, 'Select all N matching' once the whole
 * page is chosen, the list's actions (each confirmed once), Clear; below it the progress of a running
 * action and then its summary: how many changed, and each refused record with why (they stay selected).
 */
export function BulkBar({
  kind,
  noun,
  total,
  pageIds,
  filter,
  actions,
  labelOf,
  extra,
}: {
  kind: BulkKind;
  noun: readonly [string, string];
  /** Records the list's filter matches. */
  total: number;
  /** Ids of the rows on this page. */
  pageIds: readonly string[];
  /** The list's filter as the bulk route reads it (for 'all matching'). */
  filter: Record<string, unknown>;
  actions: readonly BulkActionDef[];
  /** How a record reads in the refused list (its number or name). */
  labelOf: (id: string) => string;
  /** More controls for the bar (e.g. export the selection). */
  extra?: ReactNode;
}) {
  const selection = selectionOf(kind, useStore($bulkSelection));
  const run = useStore($bulkRun);
  const [asking, setAsking] = useState<BulkActionDef | null>(null);
  const count = countSelected(selection);
  const pageAll = pageIds.length > 0 && pageIds.every((id) => selection.ids.includes(id));
  const shownRun = run?.kind === kind ? run : null;
  const running = shownRun?.status === 'running';
  if (count === 0 && !shownRun) return null;
  const countText = countOf(count, noun);
  return (
    <div className="border-b border-line bg-accent-soft/40 px-4 py-2 sm:px-6" role="region" aria-label="Bulk actions">
      {count > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-sm font-semibold text-ink tabular" aria-live="polite">
            {selection.allMatching ? `All ${countText} matching selected` : `${countText} selected`}
          </p>
          {!selection.allMatching && pageAll && total > selection.ids.length && (
            <button type="button" onClick={() => selectAllMatching(kind, total)} className="min-h-11 text-sm font-semibold text-accent-strong underline underline-offset-4">
              Select all {countOf(total, noun)} matching
            </button>
          )}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            {actions.map((action) => (
              <button key={action.id} type="button" disabled={running} onClick={() => setAsking(action)} className={`${action.tone === 'danger' ? BUTTONS.danger : BUTTONS.quiet} min-h-11`}>
                {action.label}
              </button>
            ))}
            {extra}
            <button type="button" onClick={clearBulkSelection} disabled={running} className={`${BUTTONS.quiet} min-h-11`}>
              Clear selection
            </button>
          </div>
        </div>
      )}
      {shownRun && (
        <div role="status" className="py-1 text-sm">
          {shownRun.status === 'running' ? (
            <>
              <p className="font-medium text-ink tabular">
                {shownRun.label}: {shownRun.current.toLocaleString('en-US')} of {countOf(shownRun.total, noun)} done…
              </p>
              <progress className="mt-1 h-1.5 w-full accent-accent" max={Math.max(1, shownRun.total)} value={shownRun.current} aria-label={`${shownRun.label} progress`} />
            </>
          ) : shownRun.status === 'failed' ? (
            <p className="font-medium text-danger">{`${shownRun.label} failed: ${shownRun.error ?? ''}`}</p>
          ) : (
            <>
              <p className="font-medium text-ink">
                {`${shownRun.label}: ${countOf(shownRun.result?.changed ?? 0, noun)} changed`}
                {shownRun.result && shownRun.result.refused.length > 0 ? `, ${countOf(shownRun.result.refused.length, noun)} refused (still selected):` : '.'}
              </p>
              {shownRun.result && shownRun.result.refused.length > 0 && (
                <ul className="mt-1 max-h-32 list-disc overflow-y-auto pl-5 text-ink-soft">
                  {shownRun.result.refused.map((r) => (
                    <li key={r.id}>
                      <span className="font-semibold text-ink">{selection.labels[r.id] ?? labelOf(r.id)}</span>: {r.message}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      )}
      {asking && (
        <BulkConfirm
          action={asking}
          count={countText}
          busy={false}
          onClose={() => setAsking(null)}
          onConfirm={(value) => {
            setAsking(null);
            void runBulkAction(kind, asking.label, filter, asking.fields(value));
          }}
        />
      )}
    </div>
  );
}

/**
 * The bulk bar's 'Export selected': a download of the picked records (`pathOf(ids)`), or of the list's
 * filter when all matching are selected (`pathOf()`); over EXPORT_IDS_MAX picked, a disabled button
 * saying so (a link names its ids in its URL).
 */
export function ExportSelected({ kind, pathOf }: { kind: BulkKind; pathOf: (ids?: readonly string[]) => string }) {
  const selection = selectionOf(kind, useStore($bulkSelection));
  const path = selection.allMatching ? pathOf() : selection.ids.length <= EXPORT_IDS_MAX ? pathOf(selection.ids) : null;
  if (path) {
    return (
      <a href={path} download className={`${BUTTONS.quiet} min-h-11`}>
        Export selected
      </a>
    );
  }
  return (
    <button type="button" disabled title={`Pick at most ${EXPORT_IDS_MAX}, or choose 'Select all matching', to export the selection.`} className={`${BUTTONS.quiet} min-h-11`}>
      Export selected (max {EXPORT_IDS_MAX})
    </button>
  );
}

/** The checkbox of a row (above the row's stretched link) or of the page in the header. */
export function SelectBox({ label, checked, indeterminate = false, onChange }: { label: string; checked: boolean; indeterminate?: boolean; onChange: (on: boolean) => void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = indeterminate;
      }}
      onChange={(e) => onChange(e.target.checked)}
      className="relative z-[1] h-5 w-5 cursor-pointer accent-accent focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
    />
  );
}
