import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { collectFieldErrors, PasswordField } from './fields';

type Field = 'password' | 'confirmPassword';
type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
type SubmitResult = { ok: true } | { ok: false; message: string; fields: Record<string, string> };

/**
 * The state of a 'choose a new password' form (a shopper's reset link, a staff set-up or reset
 * link): the password typed twice, checked as typed with `parse` (the caller's zod schema with its
 * token), errors shown once a field is left or the form is sent, the first wrong field focused on
 * submit, and the server's field errors until that field changes. `quietAlert`: no alert above the
 * form when the server's refusal names a field (the field says it).
 */
export function useNewPasswordForm<T>({ parse, submit, quietAlert = false }: { parse: (values: Record<Field, string>) => Parsed<T>; submit: (data: T) => Promise<SubmitResult>; quietAlert?: boolean }) {
  const formRef = useEarlyInput<HTMLFormElement>();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  // `parse` closes over the token only; the values are what change.
  const parsed = useMemo(() => parse(values), [values, parse]);
  const clientErrors: Partial<Record<Field, string>> = parsed.success ? {} : collectFieldErrors(parsed.error.issues);
  const errorOf = (key: Field) => serverErrors[key] ?? (touched[key] ? clientErrors[key] : undefined);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!parsed.success) {
      setTouched({ password: true, confirmPassword: true });
      const first = (['password', 'confirmPassword'] as const).find((f) => clientErrors[f]);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setLoading(true);
    setError(null);
    const result = await submit(parsed.data);
    setLoading(false);
    if (result.ok) setDone(true);
    else {
      setError(quietAlert && (result.fields.password || result.fields.confirmPassword) ? null : result.message);
      setServerErrors(result.fields);
    }
  };

  const update = (key: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
  };

  /** The two password fields; `meter` sits under the first (described by `meterId`). */
  const fields = ({ meter, meterId }: { meter?: ReactNode; meterId?: string } = {}) => (
    <>
      <PasswordField
        label="New password"
        name="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={update('password')}
        onBlur={() => setTouched((t) => ({ ...t, password: true }))}
        error={errorOf('password')}
        // Only with a meter: a given aria-describedby stands in place of the field's own error id.
        {...(meterId ? { 'aria-describedby': meterId } : {})}
      >
        {meter}
      </PasswordField>
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={update('confirmPassword')}
        onBlur={() => setTouched((t) => ({ ...t, confirmPassword: true }))}
        error={errorOf('confirmPassword')}
      />
    </>
  );

  return { formRef, values, parsed, onSubmit, fields, error, loading, done };
}
