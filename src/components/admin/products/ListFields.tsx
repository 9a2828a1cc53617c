import { useId, useRef, useState } from 'react';
import { addListEntry, addTechnicalSpec, ADMIN_CATALOG_MESSAGES, type TechnicalSpecInput } from '../../../lib/schemas/admin-catalog';
import { CloseIcon } from '../icons';
import { removeAt } from './form-lists';
import { FIELD, FIELD_BOX, ICON_BUTTON, PlusIcon, BUTTONS } from './ui';

/** A field's message under it, wired to its control by id. */
export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-danger">
      {message}
    </p>
  );
}

/**
 * A list of short texts (features, certifications): type and press Enter (or Add) to add a trimmed
 * entry, blank entries are ignored; each entry is a chip with its own remove button.
 */
export function ChipListField({
  label,
  hint,
  values,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  hint: string;
  values: readonly string[];
  onChange: (values: readonly string[]) => void;
  error?: string;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const add = () => {
    onChange(addListEntry(values, draft));
    setDraft('');
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink">{label}</legend>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        {hint}
      </p>
      <div className="mt-1.5 flex gap-2">
        <input
          ref={input}
          id={id}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
          maxLength={200}
          placeholder={placeholder}
          aria-label={`New ${label.toLowerCase().replace(/s$/, '')}`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className={`${FIELD_BOX} w-full ${error ? 'border-danger' : 'border-ink/20'}`}
        />
        <button type="button" onClick={add} className={`${BUTTONS.quiet} shrink-0 px-3`}>
          <PlusIcon />
          Add
        </button>
      </div>
      <FieldError id={`${id}-error`} message={error} />
      {values.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={label}>
          {values.map((value, index) => (
            <li key={`${value}-${index}`} className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-paper py-0.5 pr-0.5 pl-3 text-sm text-ink">
              <span className="min-w-0 break-words">{value}</span>
              <button
                type="button"
                onClick={() => {
                  onChange(removeAt(values, index));
                  input.current?.focus();
                }}
                className="grid h-8 w-8 shrink-0 place-items-center rounded-full text-ink-muted hover:bg-canvas hover:text-ink"
                aria-label={`Remove ${value}`}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Technical specs: a row is added only with a name and a value (the unit is optional); rows can be removed. */
export function SpecsField({ specs, onChange, error }: { specs: readonly TechnicalSpecInput[]; onChange: (specs: TechnicalSpecInput[]) => void; error?: string }) {
  const id = useId();
  const [draft, setDraft] = useState<Required<TechnicalSpecInput>>({ name: '', value: '', unit: '' });
  const [hint, setHint] = useState<string | null>(null);
  const first = useRef<HTMLInputElement>(null);
  const add = () => {
    const next = addTechnicalSpec(specs, draft);
    if (next.length === specs.length) {
      setHint(ADMIN_CATALOG_MESSAGES.technicalSpec);
      return;
    }
    onChange(next);
    setDraft({ name: '', value: '', unit: '' });
    setHint(null);
    first.current?.focus();
  };
  const onEnter = (e: React.KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    add();
  };
  const message = hint ?? error;
  const set = (key: keyof TechnicalSpecInput) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setDraft({ ...draft, [key]: e.target.value });
    if (hint) setHint(null);
  };
  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-semibold text-ink">Technical specs</legend>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        Name and value are needed; the unit is optional.
      </p>
      {specs.length > 0 && (
        <table className="mt-2 w-full table-fixed border-separate border-spacing-0 overflow-hidden rounded-lg border border-line text-sm">
          <caption className="sr-only">Technical specs</caption>
          <thead className="bg-paper text-left text-xs font-semibold tracking-wide text-ink-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Name
              </th>
              <th scope="col" className="px-3 py-2">
                Value
              </th>
              <th scope="col" className="w-20 px-3 py-2">
                Unit
              </th>
              <th scope="col" className="w-12 px-1 py-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {specs.map((spec, index) => (
              <tr key={`${spec.name}-${index}`}>
                <td className="border-t border-line px-3 py-1 break-words text-ink">{spec.name}</td>
                <td className="border-t border-line px-3 py-1 break-words text-ink tabular">{spec.value}</td>
                <td className="border-t border-line px-3 py-1 text-ink-soft">{spec.unit ?? ''}</td>
                <td className="border-t border-line px-0.5 py-0.5">
                  <button type="button" onClick={() => onChange(removeAt(specs, index))} className={ICON_BUTTON} aria-label={`Remove ${spec.name}`}>
                    <CloseIcon />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="mt-2 grid grid-cols-[1fr_1fr] gap-2 sm:grid-cols-[1.3fr_1fr_0.7fr_auto]">
        <input ref={first} value={draft.name} onChange={set('name')} onKeyDown={onEnter} maxLength={100} placeholder="Name, e.g. Dry to touch" aria-label="Spec name" aria-describedby={`${id}-hint`} className={`${FIELD_BOX} w-full border-ink/20`} />
        <input value={draft.value} onChange={set('value')} onKeyDown={onEnter} maxLength={100} placeholder="Value, e.g. 30" aria-label="Spec value" aria-describedby={`${id}-hint`} className={`${FIELD_BOX} w-full border-ink/20`} />
        <input value={draft.unit} onChange={set('unit')} onKeyDown={onEnter} maxLength={30} placeholder="Unit" aria-label="Spec unit (optional)" className={`${FIELD_BOX} w-full border-ink/20`} />
        <button type="button" onClick={add} className={`${BUTTONS.quiet} px-3`}>
          <PlusIcon />
          Add spec
        </button>
      </div>
      <p role="status" className="min-h-0 empty:hidden">
        {message ? <span className="mt-1.5 block text-sm font-medium text-danger">{message}</span> : null}
      </p>
    </fieldset>
  );
}
