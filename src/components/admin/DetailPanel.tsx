/**
 * The pieces every list + side panel view of the back office shares (Orders, Enquiries): the
 * panel's width, its empty state, the Back (phones) / Close (wide screens) bar and the skeleton.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { ChevronLeftIcon, CloseIcon } from './icons';

/** The side panel's box: full width on phones, a fixed column beside the list from 1024 px. */
export const DETAIL_PANEL_CLASS = 'min-h-0 w-full shrink-0 flex-col border-line bg-white lg:w-[27rem] lg:border-l xl:w-[30rem]';

/** The panel when nothing is selected (wide screens only): an icon, a title and what to do. */
export function DetailPanelEmpty({ id, title, text, icon }: { id: string; title: string; text: string; icon: ReactNode }) {
  return (
    <aside className={`${DETAIL_PANEL_CLASS} hidden lg:flex`} aria-labelledby={id}>
      <div className="m-auto max-w-xs px-6 text-center">
        <span className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-canvas text-ink-muted" aria-hidden="true">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
            {icon}
          </svg>
        </span>
        <h2 id={id} className="font-display text-xl font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{text}</p>
      </div>
    </aside>
  );
}

/** The panel's top line: 'Back to …' on phones, the panel's label and a Close button on wide screens. */
export function DetailPanelBar({ backLabel, label, closeLabel, onClose }: { backLabel: string; label: string; closeLabel: string; onClose: () => void }) {
  const close = useRef(onClose);
  close.current = onClose;
  // Escape closes the panel too, unless a dialog over it takes the key or a field is being typed in.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]')) return;
      const target = e.target as HTMLElement | null;
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return;
      close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="-ml-2 flex items-center justify-between">
      <button
        type="button"
        onClick={onClose}
        className="inline-flex min-h-11 items-center gap-1 rounded-lg pr-3 pl-1 text-sm font-semibold text-ink-soft hover:bg-canvas hover:text-ink lg:hidden"
      >
        <ChevronLeftIcon />
        {backLabel}
      </button>
      <span className="hidden text-xs font-semibold tracking-[0.12em] text-ink-muted uppercase lg:block lg:pl-2">{label}</span>
      <button
        type="button"
        onClick={onClose}
        className="ml-auto hidden h-11 w-11 place-items-center rounded-lg text-ink-muted hover:bg-canvas hover:text-ink lg:grid"
        aria-label={closeLabel}
      >
        <CloseIcon />
      </button>
    </div>
  );
}

/** The panel's placeholder while its record loads. */
export function DetailPanelSkeleton() {
  return (
    <div className="grid gap-3 px-5 py-5 sm:px-6" aria-hidden="true">
      {[70, 90, 55, 80, 40].map((w) => (
        <span key={w} className="h-3.5 animate-pulse rounded bg-canvas motion-reduce:animate-none" style={{ width: `${w}%` }} />
      ))}
    </div>
  );
}

/**
 * What every detail panel keeps in step: the list refreshes every 3 s, and a newer version of the
 * open record there (someone else acted) reloads the detail; on phones the panel replaces the list,
 * so opening a record moves focus to the panel's heading, where reading starts.
 */
export function useDetailPanelSync(options: {
  selectedId: string | null;
  detail: { id: string; updatedAt: string } | undefined;
  listRow: { id: string; updatedAt: string } | undefined;
  refresh: () => void;
  heading: RefObject<HTMLHeadingElement | null>;
}): void {
  const { selectedId, detail, listRow, refresh, heading } = options;
  useEffect(() => {
    if (detail && listRow && listRow.id === detail.id && Date.parse(listRow.updatedAt) > Date.parse(detail.updatedAt)) refresh();
  }, [listRow?.updatedAt, detail?.updatedAt]);

  useEffect(() => {
    if (selectedId && window.matchMedia('(max-width: 1023.98px)').matches) heading.current?.focus({ preventScroll: true });
  }, [selectedId]);
}
