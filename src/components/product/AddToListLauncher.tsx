/**
 * 'Add to list' on a product page and in its calculator: keeps the product (or the calculator's
 * mix) in one of the signed-in customer's project lists (/account/lists). The chooser (the
 * customer's lists, a new list's name, the quantity) is a separate chunk loaded on the first
 * click, so the page's own JavaScript stays small.
 */
import { lazy, Suspense, useState } from 'react';
import type { AddToListProps } from './AddToListPanel';

const AddToListPanel = lazy(() => import('./AddToListPanel'));

/** The button (its text `label`), and the chooser once asked for. */
export default function AddToListLauncher({ label = 'Add to list', ...chooser }: AddToListProps & { label?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        className="inline-flex min-h-12 items-center justify-center rounded-lg px-4 text-sm font-semibold text-ink ring-1 ring-line transition hover:bg-white hover:ring-ink/30"
      >
        {label}
      </button>
      {open && (
        <div className="basis-full">
          <Suspense fallback={<p className="text-sm text-ink-muted">Loading your lists…</p>}>
            <AddToListPanel {...chooser} onDone={() => setOpen(false)} />
          </Suspense>
        </div>
      )}
    </>
  );
}
