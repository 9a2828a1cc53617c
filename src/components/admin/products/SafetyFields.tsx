import { useId } from 'react';
import { GHS_PICTOGRAMS, GHS_PICTOGRAM_NAMES, statementText, type GhsPictogram } from '../../../lib/paint/ghs';
import { pictogramSrc } from '../../../lib/catalog/safety-view';
import { FieldError } from './ListFields';
import { splitStatementCodes } from './product-form';

/** The nine GHS pictograms as checkboxes, each with its image and official name; checked ones kept in GHS order. */
export function PictogramField({ values, onChange, error }: { values: readonly GhsPictogram[]; onChange: (values: GhsPictogram[]) => void; error?: string }) {
  const id = useId();
  const toggle = (code: GhsPictogram, on: boolean) => onChange(GHS_PICTOGRAMS.filter((c) => (c === code ? on : values.includes(c))));
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-ink">
        Hazard pictograms <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      <div className="mt-1.5 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {GHS_PICTOGRAMS.map((code) => (
          <label
            key={code}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-2 py-1.5 text-sm has-checked:border-danger has-checked:bg-danger-soft ${error ? 'border-danger' : 'border-line'}`}
          >
            <input type="checkbox" checked={values.includes(code)} onChange={(e) => toggle(code, e.target.checked)} className="h-5 w-5 shrink-0 accent-accent" />
            <img src={pictogramSrc(code)} alt="" width="32" height="32" className="size-8 shrink-0" />
            <span className="min-w-0 leading-tight">
              <span className="block text-ink">{GHS_PICTOGRAM_NAMES[code]}</span>
              <span className="block text-xs text-ink-muted tabular">{code}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** Each typed statement code with the table's official text, or marked unknown, as staff type. */
export function StatementPreview({ text, id }: { text: string; id: string }) {
  const codes = splitStatementCodes(text);
  if (codes.length === 0) return null;
  return (
    <ul id={id} aria-live="polite" className="mt-2 grid gap-1 rounded-lg bg-canvas px-3 py-2 text-sm">
      {codes.map((code, i) => {
        const official = statementText(code);
        return (
          <li key={`${code}-${i}`} className={official ? 'text-ink-soft' : 'font-medium text-danger'}>
            <span className="font-semibold text-ink tabular">{code}</span> {official ?? '— not in the statement table (CLP Annex III / IV).'}
          </li>
        );
      })}
    </ul>
  );
}
