import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { AUTH_MESSAGES, signUpSchema } from '../../lib/schemas/auth';
import { $auth, clearAuthError, register } from '../../stores/session';
import { collectFieldErrors, FormAlert, PasswordField, TextField } from './fields';
import { SubmitButton } from './SubmitButton';
import PasswordStrengthMeter from './PasswordStrengthMeter';
import { leaveAfterSignIn, useSignedInRedirect } from './use-signed-in-redirect';

const linkClass = 'font-semibold text-accent-strong underline-offset-4 hover:underline';

type TextKey = 'fullName' | 'email' | 'phone' | 'dateOfBirth' | 'password' | 'confirmPassword';

/** The sign-up form of spec §2.10: six fields, strength meter and checklist, terms; disabled until valid or while loading. */
export default function SignUpForm() {
  const formRef = useEarlyInput<HTMLFormElement>();
  useSignedInRedirect();
  const meterId = useId();
  const { isLoading, error } = useStore($auth);
  const [values, setValues] = useState({ fullName: '', email: '', phone: '', dateOfBirth: '', password: '', confirmPassword: '', acceptTerms: false });
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  useEffect(() => clearAuthError(), []);

  const parsed = useMemo(() => signUpSchema.safeParse(values), [values]);
  const clientErrors: Record<string, string> = parsed.success ? {} : collectFieldErrors(parsed.error.issues);
  // zod checks the match only once every field is valid; the form says so as soon as both are typed.
  if (values.confirmPassword && values.confirmPassword !== values.password) clientErrors.confirmPassword ??= AUTH_MESSAGES.passwordsDontMatch;
  // A field shows its message once left (or after a submit attempt); the server's win until edited.
  const errorOf = (key: string) => serverErrors[key] ?? (touched[key] ? clientErrors[key] : undefined);

  const update = (key: TextKey) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: event.target.value }));
    if (serverErrors[key]) setServerErrors(({ [key]: _, ...rest }) => rest);
  };
  const leave = (key: string) => () => setTouched((t) => ({ ...t, [key]: true }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!parsed.success) {
      setTouched({ fullName: true, email: true, phone: true, dateOfBirth: true, password: true, confirmPassword: true, acceptTerms: true });
      return;
    }
    const result = await register(parsed.data);
    if (result.ok) leaveAfterSignIn();
    else setServerErrors(result.fields);
  };

  const field = (key: TextKey) => ({ name: key, value: values[key], onChange: update(key), onBlur: leave(key), error: errorOf(key), required: true });

  return (
    <>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5 sm:grid-cols-2" aria-label="Create account">
        <TextField className="sm:col-span-2" label="Full name" type="text" autoComplete="name" {...field('fullName')} />
        <TextField className="sm:col-span-2" label="Email address" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <TextField label="Phone number" type="tel" autoComplete="tel" inputMode="tel" placeholder="+12145550123" {...field('phone')} />
        <TextField label="Date of birth" type="date" autoComplete="bday" max={new Date().toISOString().slice(0, 10)} {...field('dateOfBirth')} />
        <PasswordField className="sm:col-span-2" label="Password" autoComplete="new-password" aria-describedby={meterId} {...field('password')}>
          <PasswordStrengthMeter password={values.password} id={meterId} />
        </PasswordField>
        <PasswordField className="sm:col-span-2" label="Confirm password" autoComplete="new-password" {...field('confirmPassword')} />
        <div className="sm:col-span-2">
          <label className="flex cursor-pointer items-start gap-3 text-sm text-ink">
            <input
              type="checkbox"
              name="acceptTerms"
              checked={values.acceptTerms}
              onChange={(e) => {
                setValues((v) => ({ ...v, acceptTerms: e.target.checked }));
                setTouched((t) => ({ ...t, acceptTerms: true }));
              }}
              aria-invalid={errorOf('acceptTerms') ? true : undefined}
              className="mt-0.5 h-5 w-5 shrink-0 rounded border-ink/30 accent-accent"
            />
            <span>
              I agree to the{' '}
              <a href="/terms" className={linkClass}>
                Terms of Service
              </a>{' '}
              and{' '}
              <a href="/privacy" className={linkClass}>
                Privacy Policy
              </a>
            </span>
          </label>
          {errorOf('acceptTerms') && <p className="mt-1.5 text-sm font-medium text-danger">{errorOf('acceptTerms')}</p>}
        </div>
        <div className="sm:col-span-2">
          <SubmitButton loading={isLoading} disabled={!parsed.success}>
            {isLoading ? 'Creating account…' : 'Create Account'}
          </SubmitButton>
        </div>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        Already have an account?{' '}
        <a href="/login" className={linkClass}>
          Sign in
        </a>
      </p>
      <p className="mt-2 text-center text-sm text-ink-muted">
        Staff member?{' '}
        <a href="/admin/login" className={linkClass}>
          Admin Portal
        </a>
      </p>
    </>
  );
}
