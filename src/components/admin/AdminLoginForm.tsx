import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { adminSignInSchema } from '../../lib/schemas/admin';
import { $adminAuth, ADMIN_HOME_PATH, clearAdminAuthError, signInAdmin } from '../../stores/admin-session';
import { collectFieldErrors, FormAlert, PasswordField, TextField } from '../account/fields';
import { SubmitButton } from '../account/SubmitButton';

type Field = 'email' | 'password';

/**
 * The staff sign-in form of spec §2.12: e-mail and password (show/hide), the §5 messages before
 * sending, the server's refusal in the red alert above the form, then the dashboard.
 */
export default function AdminLoginForm() {
  const formRef = useEarlyInput<HTMLFormElement>();
  const { isLoading, error } = useStore($adminAuth);
  const [values, setValues] = useState({ email: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [leaving, setLeaving] = useState(false);

  useEffect(() => clearAdminAuthError(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = adminSignInSchema.safeParse(values);
    if (!parsed.success) {
      const errors = collectFieldErrors(parsed.error.issues);
      setFieldErrors(errors);
      // Focus the first field to fix, so a screen reader hears its message.
      const first = (['email', 'password'] as const).find((f) => errors[f]);
      if (first) event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setFieldErrors({});
    const result = await signInAdmin(parsed.data);
    if (result.ok) {
      setLeaving(true);
      window.location.assign(ADMIN_HOME_PATH);
    } else {
      setFieldErrors(result.fields);
    }
  };

  const update = (key: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (fieldErrors[key]) setFieldErrors(({ [key]: _, ...rest }) => rest);
  };

  const busy = isLoading || leaving;
  return (
    <>
      <FormAlert message={error} />
      {/* The shared fields' focus:outline-none also cancels their keyboard ring (Tailwind 4 outline style); restored here. */}
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5 [&_input:focus-visible]:outline-solid" aria-label="Admin sign in">
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="username"
          inputMode="email"
          required
          value={values.email}
          onChange={update('email')}
          error={fieldErrors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={update('password')}
          error={fieldErrors.password}
        />
        <SubmitButton loading={busy}>{busy ? 'Authenticating...' : 'Sign In to Admin Panel'}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <a href="/login" className="inline-flex min-h-11 items-center font-semibold text-accent-strong underline-offset-4 hover:underline">
          Return to Customer Login
        </a>
      </p>
    </>
  );
}
