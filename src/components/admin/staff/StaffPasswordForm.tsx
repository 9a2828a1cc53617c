import { useMemo, useState, type FormEvent } from 'react';
import { STAFF_MESSAGES, staffPasswordSchema } from '../../../lib/schemas/admin-staff';
import { setStaffPassword } from '../../../stores/admin-password';
import { collectFieldErrors, FormAlert, FormNotice, PasswordField } from '../../account/fields';
import { SubmitButton } from '../../account/SubmitButton';
import { useEarlyInput } from '../../ui/use-early-input';

type Field = 'password' | 'confirmPassword';

/**
 * The staff password form of an e-mailed link (the page checked the link first): a new password
 * under the admin rules (at least 6 characters; the server refuses common ones) typed twice.
 */
export default function StaffPasswordForm({ token, email }: { token: string; email: string }) {
  const formRef = useEarlyInput<HTMLFormElement>();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  const parsed = useMemo(() => staffPasswordSchema.safeParse({ token, ...values }), [token, values]);
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
    const result = await setStaffPassword(parsed.data);
    setLoading(false);
    if (result.ok) setDone(true);
    else {
      setError(result.fields.password || result.fields.confirmPassword ? null : result.message);
      setServerErrors(result.fields);
    }
  };

  const update = (key: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
  };

  if (done) {
    return (
      <>
        <FormNotice>{STAFF_MESSAGES.passwordSet}</FormNotice>
        <a href="/admin/login" className="flex min-h-12 w-full items-center justify-center rounded-xl bg-ink px-5 py-3 font-semibold text-paper hover:bg-ink-soft">
          Go to the Admin Portal
        </a>
      </>
    );
  }

  return (
    <>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5 [&_input:focus-visible]:outline-solid" aria-label="Choose a new password">
        {/* Lets a password manager file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={update('password')}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={errorOf('password')}
        />
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
        <SubmitButton loading={loading}>{loading ? 'Saving…' : 'Set Password'}</SubmitButton>
      </form>
    </>
  );
}
