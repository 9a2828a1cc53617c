import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../../lib/schemas/admin';
import { newStaffSchema } from '../../../lib/schemas/admin-staff';
import { addStaffMember } from '../../../stores/admin-staff';
import { useModalDialog } from '../../shop/use-modal-dialog';
import { CloseIcon } from '../icons';
import { BUTTONS, FIELD, Spinner } from '../products/ui';
import { ROLE_DESCRIPTIONS } from './staff-format';

type Field = 'name' | 'email' | 'role' | 'password';

/** A labelled field of the dialog with its message. */
function FieldRow({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Add staff: name, e-mail, role, and either a first password typed now (admin rules) or an
 * e-mailed single-use link to choose it. The shared schema checks before sending; the server's
 * messages (a taken e-mail, a common password) land on their fields.
 */
export function AddStaffDialog({ onClose, returnFocusTo }: { onClose: () => void; returnFocusTo?: () => HTMLElement | null | undefined }) {
  const id = useId();
  const [values, setValues] = useState({ name: '', email: '', role: 'order_manager' as StaffRole, password: '' });
  const [passwordMode, setPasswordMode] = useState<'link' | 'now'>('link');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  const ref = useModalDialog({ open: true, onRequestClose: () => !busy && onClose(), initialFocus: first, returnFocusTo });

  const set = (key: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = { ...values, password: passwordMode === 'now' ? values.password : undefined };
    const parsed = newStaffSchema.safeParse(input);
    const form = event.currentTarget;
    const focusFirst = (found: Partial<Record<Field, string>>) => {
      const key = (['name', 'email', 'role', 'password'] as const).find((k) => found[k]);
      if (key) form.querySelector<HTMLElement>(`[name="${key}"]`)?.focus();
    };
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      focusFirst(found);
      return;
    }
    setBusy(true);
    setAlert(null);
    const result = await addStaffMember(input);
    setBusy(false);
    if (result.ok) {
      onClose();
      return;
    }
    if (result.fields) {
      setErrors(result.fields as Partial<Record<Field, string>>);
      focusFirst(result.fields as Partial<Record<Field, string>>);
    } else setAlert(result.message);
  };

  const describe = (key: Field, hint = false) => [hint ? `${id}-${key}-hint` : '', errors[key] ? `${id}-${key}-error` : ''].filter(Boolean).join(' ') || undefined;
  const fieldClass = (key: Field) => `${FIELD} ${errors[key] ? 'border-danger' : 'border-ink/20'}`;
  /** What every required text input of the form carries: its name, value, error state and description. */
  const textInput = (key: 'name' | 'email' | 'password') => ({
    id: `${id}-${key}`,
    name: key,
    value: values[key],
    onChange: set(key),
    'aria-required': true,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': describe(key),
    className: fieldClass(key),
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-1.5rem))] max-w-none overflow-y-auto rounded-2xl border border-line bg-white p-0 text-ink shadow-lift backdrop:bg-ink/45"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="font-display text-2xl font-semibold text-ink">
              Add staff member
            </h2>
            <p className="mt-1 text-sm text-ink-muted">They sign in at the Admin Portal and see only what their role allows.</p>
          </div>
          <button type="button" onClick={onClose} disabled={busy} className="-mt-1 -mr-2 grid h-11 w-11 shrink-0 place-items-center rounded-lg text-ink-soft hover:bg-canvas hover:text-ink" aria-label="Close">
            <CloseIcon />
          </button>
        </div>
        {alert && (
          <div role="alert" className="rounded-xl border border-danger/30 bg-danger-soft px-4 py-3 text-sm font-medium text-danger">
            {alert}
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldRow id={`${id}-name`} label="Full name" error={errors.name}>
            <input ref={first} autoComplete="off" {...textInput('name')} />
          </FieldRow>
          <FieldRow id={`${id}-email`} label="Email address" error={errors.email}>
            <input type="email" inputMode="email" autoComplete="off" {...textInput('email')} />
          </FieldRow>
        </div>
        <FieldRow id={`${id}-role`} label="Role" error={errors.role} hint={ROLE_DESCRIPTIONS[values.role]}>
          <select
            id={`${id}-role`}
            name="role"
            value={values.role}
            onChange={set('role')}
            aria-describedby={describe('role', true)}
            aria-invalid={errors.role ? true : undefined}
            className={`${fieldClass('role')} pr-9`}
          >
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </FieldRow>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">First password</legend>
          {(
            [
              ['link', 'E-mail them a link to choose it', 'A single-use link that works for 72 hours.'],
              ['now', 'Set it now', 'At least 6 characters; common passwords are refused. Tell them in person.'],
            ] as const
          ).map(([mode, label, hint]) => (
            <label key={mode} className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5 ${passwordMode === mode ? 'border-ink bg-paper' : 'border-line'}`}>
              <input type="radio" name="passwordMode" value={mode} checked={passwordMode === mode} onChange={() => setPasswordMode(mode)} className="mt-0.5 h-5 w-5 shrink-0 accent-accent" />
              <span>
                <span className="block text-sm font-semibold text-ink">{label}</span>
                <span className="block text-xs text-ink-muted">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {passwordMode === 'now' && (
          <FieldRow id={`${id}-password`} label="Password" error={errors.password}>
            <input type="text" autoComplete="new-password" spellCheck={false} {...textInput('password')} className={`${fieldClass('password')} font-mono`} />
          </FieldRow>
        )}
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-4">
          <button type="button" onClick={onClose} disabled={busy} className={BUTTONS.quiet}>
            Cancel
          </button>
          <button type="submit" disabled={busy} aria-busy={busy || undefined} className={BUTTONS.accent}>
            {busy && <Spinner />}
            Add staff member
          </button>
        </div>
      </form>
    </dialog>
  );
}
