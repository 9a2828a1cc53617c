/**
 * The product dialog's Documents group (issue 25 item 3): for the safety and the technical data
 * sheet, the current PDF (opened in a new tab, with its revision date and language) with Remove,
 * and a file, revision date and language to upload or replace it. Each change is saved at once
 * (apart from the dialog's Save) and hands the product's new version back to the dialog.
 */
import { useId, useState } from 'react';
import { describeDocumentRevision } from '../../../lib/catalog/document-view';
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, DOCUMENT_MESSAGES, type DocumentKind, type ProductDocument } from '../../../lib/schemas/product-documents';
import { removeProductDocument, uploadProductDocument } from '../../../stores/admin-product-documents';
import { BUTTONS, FIELD, Spinner } from './ui';

/** One kind's current sheet and its upload form. */
function DocumentKindFields({
  productId,
  kind,
  current,
  onChanged,
}: {
  productId: string;
  kind: DocumentKind;
  current: ProductDocument | undefined;
  onChanged: (documents: ProductDocument[], version: number) => void;
}) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [revisedAt, setRevisedAt] = useState('');
  const [language, setLanguage] = useState('en');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const label = DOCUMENT_KIND_LABELS[kind];

  const upload = async () => {
    if (!file) {
      setError(DOCUMENT_MESSAGES.noFile);
      return;
    }
    setBusy(true);
    setError(null);
    const result = await uploadProductDocument(productId, file, { kind, revisedAt, language });
    setBusy(false);
    if (!result.ok) {
      setError(Object.values(result.fields ?? {})[0] ?? result.message);
      return;
    }
    setFile(null);
    setInputKey((k) => k + 1);
    onChanged(result.documents, result.version);
  };

  const remove = async () => {
    setBusy(true);
    setError(null);
    const result = await removeProductDocument(productId, kind);
    setBusy(false);
    if (!result.ok) setError(result.message);
    else onChanged(result.documents, result.version);
  };

  return (
    <fieldset className="grid gap-3 rounded-lg border border-line p-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="px-1 text-sm font-semibold text-ink">{label}</legend>
      {current ? (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="grid">
            <a href={current.url} target="_blank" rel="noopener" className="font-semibold text-ink underline underline-offset-4">
              Current {label.toLowerCase()} (PDF)
            </a>
            <span className="text-ink-muted">{describeDocumentRevision(current)}</span>
          </p>
          <button type="button" className={BUTTONS.danger} disabled={busy} onClick={remove}>
            Remove {label.toLowerCase()}
          </button>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">No {label.toLowerCase()} yet.</p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm font-medium text-ink sm:col-span-2" htmlFor={`${id}-file`}>
          {current ? `Replace with (PDF)` : 'PDF file'}
          <input
            key={inputKey}
            id={`${id}-file`}
            type="file"
            accept="application/pdf,.pdf"
            className={`${FIELD} file:mr-3 file:rounded file:border-0 file:bg-canvas file:px-2 file:py-1 file:font-semibold`}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </label>
        <label className="text-sm font-medium text-ink" htmlFor={`${id}-revised`}>
          Revision date
          <input id={`${id}-revised`} type="date" value={revisedAt} max={new Date().toISOString().slice(0, 10)} onChange={(e) => setRevisedAt(e.target.value)} className={FIELD} />
        </label>
        <label className="text-sm font-medium text-ink" htmlFor={`${id}-language`}>
          Language (ISO 639-1)
          <input id={`${id}-language`} value={language} maxLength={2} autoComplete="off" spellCheck={false} onChange={(e) => setLanguage(e.target.value)} className={`${FIELD} lowercase`} />
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
      <div>
        <button type="button" className={BUTTONS.quiet} disabled={busy} onClick={upload}>
          {busy && <Spinner />}
          {current ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </button>
      </div>
    </fieldset>
  );
}

/** The Documents group of a saved product: its safety and technical data sheets. */
export function DocumentsFields({ productId, documents, onChanged }: { productId: string; documents: readonly ProductDocument[]; onChanged: (documents: ProductDocument[], version: number) => void }) {
  return (
    <div className="grid gap-3">
      {DOCUMENT_KINDS.map((kind) => (
        <DocumentKindFields key={kind} productId={productId} kind={kind} current={documents.find((d) => d.kind === kind)} onChanged={onChanged} />
      ))}
    </div>
  );
}
