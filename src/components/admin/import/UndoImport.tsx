import { useId, useRef, useState } from 'react';
import type { ImportJob } from '../../../lib/schemas/admin-imports';
import type { ImportUndoResult } from '../../../lib/schemas/admin-import-undo';
import { undoImport } from '../../../stores/admin-imports';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { BUTTONS, Spinner } from '../products/ui';
import { products } from './import-format';

/** What undoing needs of an import job (the audit view has no more than this of one). */
export type UndoableJob = Pick<ImportJob, 'id' | 'dryRun' | 'status' | 'fileName'>;

/** A list of products, each with why (nothing when empty). */
function ProductReasons({ label, items }: { label: string; items: ImportUndoResult['refused'] }) {
  if (items.length === 0) return null;
  return (
    <ul className="max-h-40 list-disc overflow-y-auto pl-5 text-sm text-ink-soft" aria-label={label}>
      {items.map((r) => (
        <li key={r.id}>
          <span className="font-semibold text-ink">{r.name}</span>: {r.message}
        </li>
      ))}
    </ul>
  );
}

/** The confirmation of an undo: the dry run's counts and every product it would leave alone, with why. */
function UndoDialog({ job, preview, busy, onConfirm, onClose }: { job: UndoableJob; preview: ImportUndoResult; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose(), initialFocus: cancel });
  const nothing = preview.deleted + preview.withdrawn + preview.reverted === 0;
  return (
    <dialog ref={ref} role="alertdialog" aria-labelledby={titleId} aria-describedby={descriptionId} className="m-auto w-[min(32rem,calc(100vw-2rem))] max-w-none rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45">
      <div className="grid gap-4 p-6">
        <div>
          <h2 id={titleId} className="font-sans text-lg font-bold text-ink">
            Undo the import of {job.fileName}?
          </h2>
          <p id={descriptionId} className="mt-1 text-sm text-ink-soft">
            {`${products(preview.deleted)} it created will be deleted; ${products(preview.withdrawn)} it created will be withdrawn and kept because orders, quotes or lists name them; ${products(preview.reverted)} it updated go back to how they were before it.`}
            {preview.refused.length > 0 && ` ${products(preview.refused.length)} stay as they are:`}
          </p>
        </div>
        <ProductReasons label="Withdrawn and kept" items={preview.kept} />
        <ProductReasons label="Left as they are" items={preview.refused} />
        <div className="mt-1 flex flex-wrap justify-end gap-2">
          <button ref={cancel} type="button" onClick={onClose} disabled={busy} className={BUTTONS.quiet}>
            Keep the import
          </button>
          {!nothing && (
            <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined} className={BUTTONS.dangerSolid}>
              {busy && <Spinner />}
              Undo this import
            </button>
          )}
        </div>
      </div>
    </dialog>
  );
}

/** 'Undo this import' for a finished or cancelled import (not a dry run): a preview of the counts first, then one confirmation. */
export function UndoImportButton({ job }: { job: UndoableJob }) {
  const [preview, setPreview] = useState<ImportUndoResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (job.dryRun || (job.status !== 'completed' && job.status !== 'cancelled')) return null;
  return (
    <>
      <button
        type="button"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={async () => {
          setBusy(true);
          setPreview(await undoImport(job.id, true));
          setBusy(false);
        }}
        className={BUTTONS.danger}
      >
        {busy && !preview && <Spinner />}
        Undo this import
      </button>
      {preview && (
        <UndoDialog
          job={job}
          preview={preview}
          busy={busy}
          onClose={() => setPreview(null)}
          onConfirm={async () => {
            setBusy(true);
            const done = await undoImport(job.id, false);
            setBusy(false);
            if (done) setPreview(null);
          }}
        />
      )}
    </>
  );
}
