import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { $toasts, dismissToast, TOAST_DURATION_MS, TOAST_VISIBLE, type Toast } from '../../stores/admin-toasts';
import { CloseIcon } from './icons';

/** One toast: leaves after TOAST_DURATION_MS, or at once with its close button. */
function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id]);
  const error = toast.kind === 'error';
  return (
    <li
      role={error ? 'alert' : undefined}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border py-3 pr-2 pl-4 text-sm font-medium shadow-lift ${
        error ? 'border-danger/30 bg-danger-soft text-danger' : 'border-success/30 bg-success-soft text-success'
      }`}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" className="mt-px shrink-0">
        {error ? (
          <>
            <circle cx="12" cy="12" r="9.5" />
            <path d="M12 7.5v5.5M12 16.5v.2" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9.5" />
            <path d="M8 12.5l2.6 2.6L16 9.5" />
          </>
        )}
      </svg>
      <p className="min-w-0 flex-1 py-px">{toast.message}</p>
      <button type="button" onClick={() => dismissToast(toast.id)} className="-my-2 grid h-9 w-9 shrink-0 place-items-center rounded-lg opacity-70 hover:opacity-100" aria-label="Dismiss notification">
        <CloseIcon />
      </button>
    </li>
  );
}

/** The CSS variable holding how much of the window's bottom the toasts take, for the lists' pagination to keep clear of. */
const TOAST_ROOM_VARIABLE = '--admin-toast-room';

/**
 * The notification stack: 356 px wide (full width on phones), the newest TOAST_VISIBLE shown. From
 * 1024 px it sits at the bottom of the list's side, left of where the detail panel's actions are.
 * While it shows, its height (and its gap to the window's edge) is published as TOAST_ROOM_VARIABLE,
 * so a list's pagination rises above it instead of hiding under it.
 */
export function AdminToaster() {
  const toasts = useStore($toasts);
  const shown = toasts.slice(0, TOAST_VISIBLE);
  const stack = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const list = stack.current;
    const root = document.documentElement;
    if (!list) return;
    const publish = () => {
      const height = list.getBoundingClientRect().height;
      if (height === 0) root.style.removeProperty(TOAST_ROOM_VARIABLE);
      else root.style.setProperty(TOAST_ROOM_VARIABLE, `${Math.ceil(height + window.innerHeight - list.getBoundingClientRect().bottom + 8)}px`);
    };
    const observer = new ResizeObserver(publish);
    observer.observe(list);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty(TOAST_ROOM_VARIABLE);
    };
  }, []);
  return (
    <section aria-label="Notifications" className="pointer-events-none fixed right-3 bottom-3 left-3 z-50 sm:left-auto sm:w-[356px] lg:right-auto lg:left-1/2 lg:-translate-x-[calc(50%+14rem)]">
      <ol ref={stack} className="grid gap-2" aria-live="polite">
        {shown.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </ol>
    </section>
  );
}
