/**
 * The Bulk Upload form (spec §2.13, §5 Bulk CSV): choose or drop a CSV, the server checks it with a
 * dry run (what it would create, update and refuse, writing nothing) while the first rows show
 * under the template fields they fill, then Start. Beside it: the template and the rules, and the
 * last import.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { formatMoney, roundToCents } from '../../../lib/money';
import type { ImportJob } from '../../../lib/schemas/admin-imports';
import { $checkedImport, $fileCheck, $starting, bulkUploadPath, checkImportFile, clearFileCheck, importErrorsPath, IMPORT_TEMPLATE_PATH, startImport, type FileCheck } from '../../../stores/admin-imports';
import { useQuery } from '../../../stores/admin-query';
import { followAdminLink } from '../admin-links';
import { BUTTONS, Spinner, UploadIcon } from '../products/ui';
import { readFilePreview, type FilePreview } from './file-preview';
import { formatBytes, formatCount, IMPORT_FORMAT_LABELS, products, rows } from './import-format';
import { DownloadIcon, Figure, ImportStatusBadge, ProgressBar, RefusedRows, SideCard } from './import-ui';
import { useJobPolling } from './use-job-polling';
import { UndoImportButton } from './UndoImport';

/** The file picker's id: focus returns to it after 'Upload Another File' or a cancel. */
const FILE_INPUT_ID = 'bulk-upload-file';

/** Moves focus to an element once it is shown (a section may first show its placeholder), for up to about two seconds. */
function focusWhenShown(id: string, frames = 120): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    if (element) element.focus();
    else if (frames > 0) focusWhenShown(id, frames - 1);
  });
}

/** Moves focus to the file picker once the form is back (after 'Upload Another File' or a cancel). */
export function focusFilePicker(): void {
  focusWhenShown(FILE_INPUT_ID);
}

/** Template fields the preview shows first, in this order (the rest are counted). */
const PREVIEW_FIELDS = ['name', 'sku', 'price', 'category', 'brand', 'inStock'] as const;

/** The drop zone with its file picker; a dropped or chosen file goes to `onFile`. */
function DropZone({ onFile, error }: { onFile: (file: File) => void; error?: string }) {
  const id = FILE_INPUT_ID;
  const [dragging, setDragging] = useState(false);
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div className="grid gap-3">
      {error && (
        <p role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <div
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
        className={`grid min-h-64 place-items-center rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors ${dragging ? 'border-accent bg-accent-soft' : 'border-ink/20 bg-white'}`}
      >
        <div className="grid justify-items-center gap-2">
          <span className="grid h-14 w-14 place-items-center rounded-full bg-canvas text-ink" aria-hidden="true">
            <UploadIcon />
          </span>
          <p className="mt-1 font-display text-xl font-semibold text-ink">Drop a CSV file here</p>
          <p className="max-w-md text-sm text-ink-muted">Our template, or a product export from Shopify, WooCommerce, Vendure or Medusa. It is checked first: nothing is written until you start.</p>
          <input
            id={id}
            type="file"
            accept=".csv,text/csv"
            className="peer sr-only"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) onFile(file);
            }}
          />
          <label htmlFor={id} className={`${BUTTONS.primary} mt-3 cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent peer-focus-visible:outline-solid`}>
            Choose a CSV file
          </label>
        </div>
      </div>
    </div>
  );
}

/** A preview's table: a scrollable region, the spreadsheet row number first. */
function PreviewGrid({ label, caption, columns, rows }: { label: string; caption: string; columns: { key: string; label: string; className: string }[]; rows: { row: number; cells: { className: string; value: ReactNode }[] }[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-line" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-canvas/70 text-xs tracking-wide text-ink-muted uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Row
            </th>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-3 py-2 font-semibold ${c.className}`}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map(({ row, cells }) => (
            <tr key={row}>
              <td className="px-3 py-2 text-ink-muted tabular">{row}</td>
              {cells.map((cell, i) => (
                <td key={columns[i]!.key} className={`truncate px-3 py-2 text-ink ${cell.className}`}>
                  {cell.value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The columns of a template file that no template field reads, named after a preview. */
function NotImported({ headers }: { headers: string[] }) {
  if (headers.length === 0) return null;
  return <span className="font-semibold text-amber-900"> Not imported: {headers.join(', ')}.</span>;
}

/** The first rows of the file under the template fields they fill (or its own columns, for another platform's export). */
function PreviewTable({ preview, format }: { preview: FilePreview; format: ImportJob['format'] }) {
  const foreign = format !== null && format !== 'template';
  const mapped = preview.columns.map((c, i) => ({ ...c, index: i })).filter((c) => c.field !== null);
  const shown = foreign
    ? preview.columns.slice(0, 5).map((c, i) => ({ label: c.header, index: i }))
    : PREVIEW_FIELDS.flatMap((f) => mapped.filter((c) => c.field === f).slice(0, 1)).map((c) => ({ label: c.field!, index: c.index }));
  const ignored = foreign ? [] : preview.columns.filter((c) => c.field === null && c.header !== '');
  const hidden = (foreign ? preview.columns.length : mapped.length) - shown.length;
  if (shown.length === 0) return <p className="text-sm text-ink-muted">None of this file's columns is a template column.</p>;
  return (
    <div className="grid gap-2">
      <PreviewGrid
        label="First rows of the file"
        caption={`First ${preview.rows.length} rows of the file${foreign ? '' : ', under the template fields they fill'}`}
        columns={shown.map((c) => ({ key: String(c.index), label: c.label, className: 'normal-case' }))}
        rows={preview.rows.map((row, r) => ({
          row: r + 2,
          cells: shown.map((c) => ({ className: 'max-w-[16rem]', value: row[c.index]?.trim() || <span className="text-ink-muted">blank</span> })),
        }))}
      />
      <p className="text-xs text-ink-muted">
        {foreign
          ? `The columns of a ${IMPORT_FORMAT_LABELS[format!]} are mapped to the template's fields on import; the counts above come from that mapping.`
          : `${formatCount(mapped.length)} of ${formatCount(preview.columns.length)} columns fill template fields${hidden > 0 ? ` (${formatCount(hidden)} more not shown here)` : ''}.`}
        <NotImported headers={ignored.map((c) => c.header)} />
      </p>
    </div>
  );
}

/** A price cell as the shop writes prices ('28.4' → '$28.40'); a cell that is no number as it is (the dry run refuses that row). */
function shownPrice(cell: string | undefined): string | undefined {
  const amount = cell === undefined || cell.trim() === '' ? NaN : Number(cell);
  return Number.isFinite(amount) ? formatMoney(roundToCents(amount)) : cell;
}

/** Template fields the dry run's mapped rows show, with their headings. */
const MAPPED_FIELDS = [
  ['name', 'Name'],
  ['sku', 'SKU'],
  ['price', 'Price'],
  ['category', 'Category'],
  ['brand', 'Brand'],
  ['stockQuantity', 'Stock'],
] as const;
/** Mapped fields shown right-aligned. */
const NUMERIC = new Set<string>(['price', 'stockQuantity']);

/**
 * The dry run's first product rows as the import reads them, in the shop's own fields whatever the
 * file's layout (a Shopify variant is a product of its own here). Blank cells take the template's
 * defaults, or keep what an existing product of that SKU has.
 */
function MappedPreviewTable({ rows, format, ignored }: { rows: NonNullable<ImportJob['preview']>; format: ImportJob['format']; ignored: string[] }) {
  const foreign = format !== null && format !== 'template';
  // Name, SKU and price always; the other fields when a row fills them (the table stays narrow enough to read).
  const shown = MAPPED_FIELDS.filter(([field]) => field === 'name' || field === 'sku' || field === 'price' || rows.some(({ fields }) => fields[field] !== undefined || (field === 'stockQuantity' && fields.inStock !== undefined)));
  return (
    <div className="grid gap-2">
      <PreviewGrid
        label="First products of the file"
        caption={`First ${rows.length} products of the file, in the shop's fields`}
        columns={shown.map(([field, label]) => ({ key: field, label, className: NUMERIC.has(field) ? 'text-right' : '' }))}
        rows={rows.map(({ row, fields }) => ({
          row,
          cells: shown.map(([field]) => ({
            className: `${field === 'name' ? 'max-w-[14rem] font-medium' : 'max-w-[10rem]'} ${NUMERIC.has(field) ? 'text-right tabular' : ''}`,
            value: (field === 'price' ? shownPrice(fields.price) : fields[field]) ?? <span className="text-ink-muted">{field === 'stockQuantity' && fields.inStock ? (fields.inStock.trim().toLowerCase() === 'true' ? 'In stock' : 'Out of stock') : 'blank'}</span>,
          })),
        }))}
      />
      <p className="text-xs text-ink-muted">
        {foreign ? `The ${IMPORT_FORMAT_LABELS[format!]}'s columns as the import maps them to the shop's fields.` : 'As the import reads them.'} Blank cells take the template's defaults, or keep what a product of that SKU has.
        <NotImported headers={ignored} />
      </p>
    </div>
  );
}

/** A chosen file while it is sent and checked, then what the dry run found, with Start. */
function FileCheckPanel({ check }: { check: FileCheck }) {
  const { data: job } = useQuery($checkedImport);
  const starting = useStore($starting);
  const [preview, setPreview] = useState<FilePreview | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  useJobPolling($checkedImport, job ?? undefined);

  useEffect(() => {
    let current = true;
    setPreview(null);
    readFilePreview(check.file).then(
      (p) => current && setPreview(p),
      () => current && setPreview(null),
    );
    return () => {
      current = false;
    };
  }, [check.file]);

  const checked = job && job.id === check.jobId ? job : undefined;
  const done = checked?.status === 'completed';
  const writable = done ? checked.result.created + checked.result.updated : 0;
  useEffect(() => {
    if (done) startButton.current?.focus();
  }, [done]);

  return (
    <section aria-labelledby="check-heading" className="rounded-xl border border-line bg-white p-4 shadow-card sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id="check-heading" className="font-display text-xl font-semibold text-ink">
            {done ? 'Ready to import' : checked?.status === 'error' ? 'This file cannot be imported' : 'Checking the file'}
          </h2>
          <p className="mt-0.5 truncate text-sm text-ink-muted">
            <span className="font-medium text-ink-soft">{check.file.name}</span> · {formatBytes(check.file.size)}
            {checked?.format && ` · ${IMPORT_FORMAT_LABELS[checked.format]}`}
          </p>
        </div>
        {checked && checked.status !== 'completed' && <ImportStatusBadge status={checked.status} />}
      </div>

      <div className="mt-5">
        {check.sent !== null ? (
          <ProgressBar label="Sending the file" current={Math.round(check.sent * 100)} total={100} percentage={Math.round(check.sent * 100)} status="uploading" unit="% sent" />
        ) : !checked ? (
          <p className="flex items-center gap-2 text-sm text-ink-soft">
            <Spinner /> Waiting for the server…
          </p>
        ) : checked.status === 'error' ? (
          <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2.5 text-sm font-semibold text-danger">
            {checked.errorMessage}
          </p>
        ) : !done ? (
          <ProgressBar label="Checking rows" current={checked.current} total={checked.total} percentage={checked.percentage} status={checked.status} unit="rows checked" />
        ) : (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-4" aria-label="What the import would do">
            <Figure label="To create" value={formatCount(checked.result.created)} tone="success" />
            <Figure label="To update" value={formatCount(checked.result.updated)} />
            <Figure label="Unchanged" value={formatCount(checked.result.unchanged)} />
            <Figure label="Refused" value={formatCount(checked.result.failed)} tone={checked.result.failed > 0 ? 'danger' : 'ink'} />
          </dl>
        )}
      </div>

      {checked?.preview?.length ? (
        <div className="mt-5 border-t border-line pt-4">
          <h3 className="mb-2 font-sans text-base font-semibold text-ink">First products</h3>
          <MappedPreviewTable rows={checked.preview} format={checked.format} ignored={checked.format === 'template' && preview ? preview.columns.filter((c) => c.field === null && c.header !== '').map((c) => c.header) : []} />
        </div>
      ) : (
        preview && (
          // While the file is on its way: its first rows as the browser reads them.
          <div className="mt-5 border-t border-line pt-4">
            <h3 className="mb-2 font-sans text-base font-semibold text-ink">First rows</h3>
            <PreviewTable preview={preview} format={checked?.format ?? null} />
          </div>
        )
      )}

      <div className="mt-5 flex flex-wrap items-center gap-2">
        <button ref={startButton} type="button" onClick={() => void startImport().then((started) => started && focusWhenShown('import-heading'))} disabled={!done || writable === 0 || checked.startable === false || starting !== null} aria-busy={starting !== null || undefined} className={BUTTONS.accent}>
          {starting !== null && <Spinner />}
          {starting !== null ? 'Starting…' : done ? `Start import of ${products(writable)}` : 'Start import'}
        </button>
        <button type="button" onClick={clearFileCheck} disabled={starting !== null} className={BUTTONS.quiet}>
          Choose another file
        </button>
        {done && writable === 0 && <p className="text-sm text-ink-muted">Nothing to import: every row is refused or unchanged.</p>}
      </div>

      {checked && checked.result.failed > 0 && (
        <div className="mt-5">
          <RefusedRows job={checked} title="Rows that would be refused" />
        </div>
      )}
    </section>
  );
}

/** The template, and how the file is read (spec §5). */
function TemplateCard() {
  return (
    <SideCard id="template-heading" title="The CSV template">
      <p className="mt-1 text-sm text-ink-soft">Every column the import reads, with two example rows. Fill it in with a spreadsheet and save it as CSV.</p>
      <a href={IMPORT_TEMPLATE_PATH} download className={`${BUTTONS.quiet} mt-3`}>
        <DownloadIcon />
        Download template
      </a>
      <ul className="mt-4 grid gap-2 border-t border-line pt-3 text-sm text-ink-soft">
        <li>
          <span className="font-semibold text-ink">Required:</span> name, description and a price above 0.
        </li>
        <li>A SKU already in the catalogue updates that product; its blank cells keep their values.</li>
        <li>Features, certifications and gallery: entries separated by semicolons.</li>
        <li>Yes/no columns (inStock, isNew…) are yes when the cell says true, in any case.</li>
        <li>Images: http(s) addresses or files in the shop's import folder.</li>
        <li>You can pause, resume or cancel; closing this page does not stop the import.</li>
      </ul>
    </SideCard>
  );
}

/** The newest finished import, with a link to it and its error file. */
function LastImportCard({ job }: { job: ImportJob }) {
  return (
    <SideCard id="last-import-heading" title="Last import" badge={<ImportStatusBadge status={job.status} />}>
      <p className="mt-1 truncate text-sm font-medium text-ink-soft">{job.fileName}</p>
      <p className="mt-1 text-sm text-ink-muted tabular">
        {products(job.result.success)} written · {rows(job.result.failed)} refused
        {job.status === 'cancelled' && ` · stopped at row ${formatCount(job.current)} of ${formatCount(job.total)}`}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a href={bulkUploadPath(job.id)} onClick={(e) => followAdminLink(e)} className={BUTTONS.quiet}>
          Open its report
        </a>
        {job.result.failed > 0 && (
          <a href={importErrorsPath(job.id)} download className={BUTTONS.quiet}>
            <DownloadIcon />
            Error file
          </a>
        )}
        <UndoImportButton job={job} />
      </div>
    </SideCard>
  );
}

/** The form: the drop zone (or the chosen file's check) beside the template card and the last import. */
export function UploadForm({ lastJob }: { lastJob: ImportJob | null }) {
  const check = useStore($fileCheck);
  return (
    <div className="grid grid-cols-1 gap-4 px-4 pb-6 sm:px-6 xl:grid-cols-[minmax(0,1fr)_22rem] xl:items-start">
      <div className="min-w-0">{check && !check.error ? <FileCheckPanel check={check} /> : <DropZone onFile={(file) => void checkImportFile(file)} error={check?.error} />}</div>
      <div className="grid gap-4">
        <TemplateCard />
        {lastJob && <LastImportCard job={lastJob} />}
      </div>
    </div>
  );
}
