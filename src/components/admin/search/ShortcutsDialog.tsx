import { useId, useRef } from 'react';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { BUTTONS } from '../products/ui';

/** The back office's keyboard shortcuts, as the `?` dialog lists them. */
export const ADMIN_SHORTCUTS: readonly [string, string][] = [
  ['/ or Ctrl+K (⌘K)', 'Search orders, products and customers'],
  ['↑ ↓', 'Move through the search results'],
  ['Enter', 'Open the chosen result'],
  ['Escape', 'Close a dialog, the search or the open order / customer panel'],
  ['?', 'Show these shortcuts'],
];

/** The `?` dialog: every keyboard shortcut of the back office. */
export default function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const close = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog({ open: true, onRequestClose: onClose, initialFocus: close });
  return (
    <dialog ref={ref} aria-labelledby={titleId} className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45">
      <div className="grid gap-4 p-6">
        <h2 id={titleId} className="font-sans text-lg font-bold text-ink">
          Keyboard shortcuts
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {ADMIN_SHORTCUTS.map(([keys, what]) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-line bg-canvas px-1.5 py-0.5 font-mono text-xs whitespace-nowrap">{keys}</kbd>
              </dt>
              <dd className="text-ink-soft">{what}</dd>
            </div>
          ))}
        </dl>
        <div className="flex justify-end">
          <button ref={close} type="button" onClick={onClose} className={BUTTONS.quiet}>
            Close
          </button>
        </div>
      </div>
    </dialog>
  );
}
