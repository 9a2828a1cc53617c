import { useCallback } from 'react';
import { STAFF_MESSAGES, staffPasswordSchema } from '../../../lib/schemas/admin-staff';
import { setStaffPassword } from '../../../stores/admin-password';
import { FormAlert, FormNotice } from '../../account/fields';
import { SubmitButton } from '../../account/SubmitButton';
import { useNewPasswordForm } from '../../account/use-new-password-form';

/**
 * The staff password form of an e-mailed link (the page checked the link first): a new password
 * under the admin rules (at least 6 characters; the server refuses common ones) typed twice.
 */
export default function StaffPasswordForm({ token, email }: { token: string; email: string }) {
  const parse = useCallback((values: { password: string; confirmPassword: string }) => staffPasswordSchema.safeParse({ token, ...values }), [token]);
  const { formRef, onSubmit, fields, error, loading, done } = useNewPasswordForm({ parse, submit: setStaffPassword, quietAlert: true });

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
        {fields()}
        <SubmitButton loading={loading}>{loading ? 'Saving…' : 'Set Password'}</SubmitButton>
      </form>
    </>
  );
}
