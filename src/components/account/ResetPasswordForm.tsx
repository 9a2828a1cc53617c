import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { resetPasswordSchema } from '../../lib/schemas/auth';
import { resetPassword } from '../../stores/session';
import { collectFieldErrors, FormAlert, FormNotice, PasswordField } from './fields';
import { SubmitButton } from './SubmitButton';
import PasswordStrengthMeter from './PasswordStrengthMeter';

const linkClass = 'font-semibold text-accent-strong underline-offset-4 hover:underline';

/** Sets a new password with the token of the e-mailed link (?token=...). */
export default function ResetPasswordForm() {
  const formRef = useEarlyInput<HTMLFormElement>();
  const meterId = useId();
  const [token, setToken] = useState<string | null>(null);
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);

  const parsed = useMemo(() => resetPasswordSchema.safeParse({ token: token ?? '', ...values }), [token, values]);
  const clientErrors = parsed.success ? {} : collectFieldErrors(parsed.error.issues);
  const errorOf = (key: 'password' | 'confirmPassword') => serverErrors[key] ?? (touched[key] ? clientErrors[key] : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setTouched({ password: true, confirmPassword: true });
      return;
    }
    setLoading(true);
    setError(null);
    const result = await resetPassword(parsed.data);
    setLoading(false);
    if (result.ok) setDone(true);
    else {
      setError(result.message);
      setServerErrors(result.fields);
    }
  };

  if (done) {
    return (
      <>
        <FormNotice>Your password has been changed. Every device that was signed in has been signed out.</FormNotice>
        <a href="/login" className="flex min-h-12 w-full items-center justify-center rounded-xl bg-accent px-5 py-3 font-semibold text-white hover:bg-accent-strong">
          Sign in with your new password
        </a>
      </>
    );
  }

  if (token === '') {
    return (
      <>
        <FormAlert message="This password reset link is not valid. Please request a new one." />
        <a href="/forgot-password" className={linkClass}>
          Request a new reset link
        </a>
      </>
    );
  }

  const update = (key: 'password' | 'confirmPassword') => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
  };

  return (
    <>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Choose a new password">
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={update('password')}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={errorOf('password')}
          aria-describedby={meterId}
        >
          <PasswordStrengthMeter password={values.password} id={meterId} />
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
        <SubmitButton loading={loading} disabled={!parsed.success || token === null}>
          {loading ? 'Saving…' : 'Set New Password'}
        </SubmitButton>
      </form>
      {error && (
        <p className="mt-4 text-sm">
          <a href="/forgot-password" className={linkClass}>
            Request a new reset link
          </a>
        </p>
      )}
    </>
  );
}
