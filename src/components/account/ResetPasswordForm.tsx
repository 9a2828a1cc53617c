import { useCallback, useEffect, useId, useState } from 'react';
import { resetPasswordSchema } from '../../lib/schemas/auth';
import { resetPassword } from '../../stores/session';
import { FormAlert, FormNotice } from './fields';
import { useNewPasswordForm } from './use-new-password-form';
import { SubmitButton } from './SubmitButton';
import PasswordStrengthMeter from './PasswordStrengthMeter';

const linkClass = 'font-semibold text-accent-strong underline-offset-4 hover:underline';

/** Sets a new password with the token of the e-mailed link (?token=...). */
export default function ResetPasswordForm() {
  const meterId = useId();
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(new URLSearchParams(window.location.search).get('token') ?? ''), []);
  const parse = useCallback((values: { password: string; confirmPassword: string }) => resetPasswordSchema.safeParse({ token: token ?? '', ...values }), [token]);
  const { formRef, values, parsed, onSubmit, fields, error, loading, done } = useNewPasswordForm({ parse, submit: resetPassword });

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

  return (
    <>
      <FormAlert message={error} />
      <form ref={formRef} method="post" onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Choose a new password">
        {fields({ meterId, meter: <PasswordStrengthMeter password={values.password} id={meterId} /> })}
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
