import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { signInSchema, type DemoInfo } from '../../lib/schemas/auth';
import { $auth, clearAuthError, login } from '../../stores/session';
import { collectFieldErrors, FormAlert, PasswordField, TextField } from './fields';
import { SubmitButton } from './SubmitButton';
import { leaveAfterSignIn, useSignedInRedirect } from './use-signed-in-redirect';

const linkClass = 'font-semibold text-accent-strong underline-offset-4 hover:underline';

/** The sign-in form of spec §2.10: e-mail, password with show/hide, remember me, links, demo hint. */
export default function SignInForm() {
  const formRef = useEarlyInput<HTMLFormElement>();
  useSignedInRedirect();
  const { isLoading, error } = useStore($auth);
  const [values, setValues] = useState({ email: '', password: '', remember: false });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [demo, setDemo] = useState<DemoInfo | null>(null);

  useEffect(() => {
    clearAuthError();
    fetch('/api/auth/demo')
      .then((r) => (r.ok ? (r.json() as Promise<DemoInfo>) : null))
      .then((info) => setDemo(info))
      .catch(() => setDemo(null));
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signInSchema.safeParse(values);
    if (!parsed.success) {
      setFieldErrors(collectFieldErrors(parsed.error.issues));
      return;
    }
    setFieldErrors({});
    const result = await login(parsed.data);
    if (result.ok) leaveAfterSignIn();
    else setFieldErrors(result.fields);
  };

  const update = (key: 'email' | 'password') => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (fieldErrors[key]) setFieldErrors(({ [key]: _, ...rest }) => rest);
  };

  return (
    <>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign in">
        <TextField label="Email address" type="email" name="email" autoComplete="email" inputMode="email" required value={values.email} onChange={update('email')} error={fieldErrors.email} />
        <PasswordField label="Password" name="password" autoComplete="current-password" required value={values.password} onChange={update('password')} error={fieldErrors.password} />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="remember"
              checked={values.remember}
              onChange={(e) => setValues((v) => ({ ...v, remember: e.target.checked }))}
              className="h-5 w-5 rounded border-ink/30 accent-accent"
            />
            Remember me
          </label>
          <a href="/forgot-password" className={`${linkClass} inline-flex min-h-11 items-center text-sm`}>
            Forgot password?
          </a>
        </div>
        <SubmitButton loading={isLoading}>{isLoading ? 'Signing in…' : 'Sign In'}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        Don&apos;t have an account?{' '}
        <a href="/signup" className={linkClass}>
          Create one
        </a>
      </p>
      <p className="mt-2 text-center text-sm text-ink-muted">
        Staff member?{' '}
        <a href="/admin/login" className={linkClass}>
          Admin Portal
        </a>
      </p>
      {demo?.enabled && (
        <aside className="mt-6 rounded-xl border border-gold/40 bg-canvas px-4 py-3 text-sm text-ink" aria-label="Demo accounts">
          <p className="font-semibold">Demo accounts</p>
          <ul className="mt-2 grid gap-1.5">
            {demo.accounts.map((account) => (
              <li key={account.email}>
                <span className="block font-medium break-all">{account.email}</span>
                <span className="text-ink-muted">
                  Password <code className="font-mono text-ink">{account.password}</code> · {account.note}
                </span>
              </li>
            ))}
          </ul>
        </aside>
      )}
    </>
  );
}
