import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

const inputClass =
  'mt-1.5 block min-h-12 w-full rounded-xl border bg-white px-4 py-3 text-base text-ink shadow-sm placeholder:text-ink-muted/70 focus:border-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-solid focus-visible:outline-accent aria-[invalid=true]:border-danger';

/** Props of a labelled input. */
export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Message under the field; marks it invalid. */
  error?: string;
  /** Extra content under the input (e.g. the strength meter). */
  children?: ReactNode;
}

/** A labelled input with its error message wired through aria-describedby. */
export function TextField({ label, error, children, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        className={`${inputClass} ${error ? 'border-danger' : 'border-ink/20'}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {children}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, children, className, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`${inputClass} pr-14 ${error ? 'border-danger' : 'border-ink/20'}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute top-1.5 right-1 grid h-11 w-11 place-items-center rounded-lg text-ink-muted hover:text-ink"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
        >
          <EyeIcon open={!visible} />
        </button>
      </div>
      {children}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** An eye (or struck-through eye) icon. */
function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {!open && <path d="M3 3l18 18" />}
    </svg>
  );
}

/** The red alert above a form (role=alert so it is announced). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="mb-5 flex gap-3 rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" className="mt-px shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
      </svg>
      <span>{message}</span>
    </div>
  );
}

/** A green notice (success states). */
export function FormNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="mb-5 rounded-xl border border-success/30 bg-success-soft px-4 py-3 text-sm font-medium text-success">
      {children}
    </div>
  );
}

/** The first message per field of a zod-style issue list. */
export function collectFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[String(issue.path[0] ?? '_')] ??= issue.message;
  return out;
}
