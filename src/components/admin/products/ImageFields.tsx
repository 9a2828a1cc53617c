import { useId, useRef, useState } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_MAX_HEIGHT, IMAGE_MAX_WIDTH } from '../../../lib/constants';
import { CloseIcon } from '../icons';
import { moveItem, removeAt } from './form-lists';
import { FieldError } from './ListFields';
import { describeUploadFailure, IMAGE_ACCEPT, runPooled, uploadImage, UPLOAD_CONCURRENCY } from './media-upload';
import { ArrowLeftIcon, ArrowRightIcon, BUTTONS, FIELD, FIELD_BOX, ICON_BUTTON, Spinner, UploadIcon } from './ui';

/** A URL box with its own Add button (Enter adds too); `onAdd` resolves when the server has the image. */
function UrlAdder({ label, busy, onAdd }: { label: string; busy: boolean; onAdd: (url: string) => Promise<boolean> }) {
  const [url, setUrl] = useState('');
  const add = async () => {
    const value = url.trim();
    if (!value || busy) return;
    if (await onAdd(value)) setUrl('');
  };
  return (
    <div className="flex gap-2">
      <input
        type="url"
        inputMode="url"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          void add();
        }}
        placeholder="https://…"
        aria-label={label}
        autoComplete="off"
        spellCheck={false}
        className={`${FIELD_BOX} w-full border-ink/20`}
      />
      <button type="button" onClick={() => void add()} disabled={busy || !url.trim()} className={`${BUTTONS.quiet} shrink-0 px-3`}>
        Use URL
      </button>
    </div>
  );
}

/** A file picker styled as a button (the input itself is visually hidden but focusable and labelled). */
function FilePicker({ label, multiple, busy, onFiles }: { label: string; multiple?: boolean; busy: boolean; onFiles: (files: File[]) => void }) {
  const id = useId();
  return (
    <div>
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={multiple}
        disabled={busy}
        className="peer sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <label
        htmlFor={id}
        className={`${BUTTONS.quiet} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-55`}
      >
        {busy ? <Spinner /> : <UploadIcon />}
        {busy ? 'Uploading…' : label}
      </label>
    </div>
  );
}

/** The main image (single, required): upload or URL through the media endpoint, preview, remove. */
export function MainImageField({ label = 'Main image', value, onChange, error }: { label?: string; value: string; onChange: (url: string) => void; error?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async (source: File | string): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      onChange(await uploadImage(source));
      return true;
    } catch (err) {
      setFailure(describeUploadFailure('image', err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const message = failure ?? error;
  return (
    <fieldset className="min-w-0" aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-ink">
        {label}
      </legend>
      <div className="mt-1.5 flex gap-3">
        <div
          className={`grid aspect-square w-28 shrink-0 place-items-center overflow-hidden rounded-xl border bg-canvas sm:w-36 ${message ? 'border-danger' : 'border-line'} ${value ? '' : 'border-dashed'}`}
        >
          {value ? <img src={value} alt={`${label} preview`} width={144} height={144} className="h-full w-full object-contain" /> : <span className="px-3 text-center text-xs text-ink-muted">No image yet</span>}
        </div>
        <div className="grid min-w-0 flex-1 content-start gap-2">
          <div className="flex flex-wrap gap-2">
            <FilePicker label={value ? 'Replace image' : 'Upload image'} busy={busy} onFiles={(files) => void send(files[0]!)} />
            {value && (
              <button type="button" onClick={() => onChange('')} disabled={busy} className={BUTTONS.quiet}>
                Remove
              </button>
            )}
          </div>
          <p className="text-xs text-ink-muted">{`JPEG, PNG, WebP or GIF, up to ${IMAGE_MAX_BYTES / (1024 * 1024)} MB. Large images are resized to fit ${IMAGE_MAX_WIDTH}×${IMAGE_MAX_HEIGHT}.`}</p>
        </div>
      </div>
      <div className="mt-2">
        <UrlAdder label={`${label} URL`} busy={busy} onAdd={send} />
      </div>
      <div role="alert">
        <FieldError id={`${id}-error`} message={message ?? undefined} />
      </div>
    </fieldset>
  );
}

/** The gallery (several images): upload many at once or add URLs, previews, move left/right, remove. */
export function GalleryField({ values, onChange, error }: { values: readonly string[]; onChange: (urls: string[]) => void; error?: string }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Uploads finish after the list may have changed: always append to the latest list.
  const latest = useRef(values);
  latest.current = values;
  const send = async (sources: (File | string)[]): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    const results = await runPooled(sources, UPLOAD_CONCURRENCY, uploadImage);
    const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (urls.length) onChange([...latest.current, ...urls]);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) setFailure(describeUploadFailure('gallery', failed.reason));
    setBusy(false);
    return !failed;
  };
  const message = failure ?? error;
  return (
    <fieldset className="min-w-0" aria-describedby={message ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-ink">
        Gallery <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      {values.length > 0 && (
        <ol className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2" aria-label="Gallery images">
          {values.map((url, index) => (
            <li key={`${url}-${index}`} className="overflow-hidden rounded-xl border border-line bg-white">
              <img src={url} alt={`Gallery image ${index + 1}`} width={160} height={120} loading="lazy" className="aspect-[4/3] w-full bg-canvas object-contain" />
              <div className="flex justify-between border-t border-line">
                <button type="button" onClick={() => onChange(moveItem(values, index, -1))} disabled={index === 0} className={ICON_BUTTON} aria-label={`Move gallery image ${index + 1} earlier`}>
                  <ArrowLeftIcon />
                </button>
                <button type="button" onClick={() => onChange(removeAt(values, index))} className={ICON_BUTTON} aria-label={`Remove gallery image ${index + 1}`}>
                  <CloseIcon />
                </button>
                <button type="button" onClick={() => onChange(moveItem(values, index, 1))} disabled={index === values.length - 1} className={ICON_BUTTON} aria-label={`Move gallery image ${index + 1} later`}>
                  <ArrowRightIcon />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      <div className="mt-2 grid gap-2">
        <FilePicker label="Upload gallery images" multiple busy={busy} onFiles={(files) => void send(files)} />
        <UrlAdder label="Gallery image URL" busy={busy} onAdd={(url) => send([url])} />
      </div>
      <div role="alert">
        <FieldError id={`${id}-error`} message={message ?? undefined} />
      </div>
    </fieldset>
  );
}
