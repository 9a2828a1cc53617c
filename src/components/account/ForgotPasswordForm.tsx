import { useState, type FormEvent } from 'react';
import { useEarlyInput } from '../ui/use-early-input';
import { forgotPasswordSchema } from '../../lib/schemas/auth';
import { requestPasswordReset } from '../../stores/session';
import { collectFieldErrors, FormAlert, FormNotice, TextField } from './fields';
import { SubmitButton } from './SubmitButton';

const linkClass = 'font-semibold text-accent-strong underline-offset-4 hover:underline';

/** Asks for a reset link by e-mail; shows where it went, or the §8 error above the form. */
export default function ForgotPasswordForm() {
  const formRef = useEarlyInput<HTMLFormElement>();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(collectFieldErrors(parsed.error.issues).email);
      return;
    }
    setLoading(true);
    setError(null);
    const result = await requestPasswordReset(parsed.data.email);
    setLoading(false);
    if (result.ok) setSentTo(parsed.data.email);
    else {
      setError(result.message);
      setFieldError(result.fields.email);
    }
  };

  if (sentTo) {
    return (
      <>
        <FormNotice>
          We&apos;ve e-mailed a reset link to <strong className="break-all">{sentTo}</strong>. It works once and expires in 1 hour.
        </FormNotice>
        <p className="text-sm text-ink-muted">Nothing after a few minutes? Check your spam folder, or send it again.</p>
        <div className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <button type="button" className={`${linkClass} min-h-11`} onClick={() => setSentTo(null)}>
            Send another link
          </button>
          <a href="/login" className={`${linkClass} inline-flex min-h-11 items-center`}>
            Back to sign in
          </a>
        </div>
      </>
    );
  }

  return (
    <>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Request a password reset link">
        <TextField
          label="Email address"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
        />
        <SubmitButton loading={loading}>{loading ? 'Sending…' : 'Send Reset Link'}</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-ink-muted">
        Remembered it?{' '}
        <a href="/login" className={linkClass}>
          Back to sign in
        </a>
      </p>
    </>
  );
}
