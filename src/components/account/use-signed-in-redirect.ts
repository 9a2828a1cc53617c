import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $auth, $user, restoreSession } from '../../stores/session';

/** Where customers go after signing in, or when they open a sign-in page while signed in. */
export const AFTER_SIGN_IN_PATH = '/shop';

let leaving = false;

/**
 * Leaves the sign-in page for /shop, once: the form that signed the customer in and the redirect
 * below both ask, and a second navigation would abort the first. Replaces the page in the history,
 * so Back from the shop does not land on a sign-in form that sends the customer forward again.
 */
export function leaveAfterSignIn(): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(AFTER_SIGN_IN_PATH);
}

/** Restores the session and leaves for /shop once the server confirms a signed-in customer. */
export function useSignedInRedirect(): void {
  const user = useStore($user);
  const { restored } = useStore($auth);
  useEffect(() => {
    void restoreSession();
  }, []);
  useEffect(() => {
    if (restored && user) leaveAfterSignIn();
  }, [restored, user]);
}
