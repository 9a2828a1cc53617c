import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $auth, $user, restoreSession } from '../../stores/session';

/** Where customers go after signing in, or when they open a sign-in page while signed in. */
export const AFTER_SIGN_IN_PATH = '/shop';

let leaving = false;

/**
 * Where to go after signing in: the page's `?next=` when it is a path of this shop (a page that sent
 * the customer to sign in, such as /account/lists or a product page), else /shop. Never another
 * origin: '//host', '/\\host', absolute URLs and paths with whitespace fall back to /shop.
 */
export function afterSignInPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  // Browsers drop tabs and line breaks from URLs ('/\t/host' becomes '//host'), so none may appear.
  return next && /^\/(?![/\\])[^\s\\]*$/.test(next) ? next : AFTER_SIGN_IN_PATH;
}

/**
 * Leaves the sign-in page, once: the form that signed the customer in and the redirect below both
 * ask, and a second navigation would abort the first. Replaces the page in the history, so Back
 * from the next page does not land on a sign-in form that sends the customer forward again.
 */
export function leaveAfterSignIn(): void {
  if (leaving) return;
  leaving = true;
  window.location.replace(afterSignInPath(window.location.search));
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
