import { useId, useRef } from 'react';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { Spinner, BUTTONS } from './ui';

/**
 * A confirmation as a real modal (spec §5 Confirmations): the question as its name, 'Cancel'
 * focused first so Enter never deletes by accident, Escape or the backdrop cancels.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  returnFocusTo,
  tone = 'danger',
  cancelLabel = 'Cancel',
}: {
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes when the element that opened the dialog is gone (e.g. the deleted card's button). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /** The confirm button's look: destructive (default) or a plain main action. */
  tone?: 'danger' | 'primary';
  /** The dismissing button's text (when 'Cancel' would read as the action itself). */
  cancelLabel?: string;
}) {
  const titleId = useId();
  const descriptionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose(), initialFocus: cancel, returnFocusTo });
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45"
    >
      <div className="grid gap-4 p-6">
        <div>
          <h2 id={titleId} className="font-sans text-lg font-bold text-ink">
            {title}
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
            {description}
          </p>
        </div>
        <div className="mt-1 flex flex-wrap justify-end gap-2">
          <button ref={cancel} type="button" onClick={onClose} disabled={busy} className={BUTTONS.quiet}>
            {cancelLabel}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined} className={tone === 'danger' ? BUTTONS.dangerSolid : BUTTONS.primary}>
            {busy && <Spinner />}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}
