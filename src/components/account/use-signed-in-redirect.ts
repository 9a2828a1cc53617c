import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $auth, $user, restoreSession } from '../../stores/session';

/** Where customers go after signing in, or when they open a sign-in page while signed in. */
export const AFTER_SIGN_IN_PATH = '/shop';

/** Restores the session and leaves for /shop once the server confirms a signed-in customer. */
export function useSignedInRedirect(): void {
  const user = useStore($user);
  const { restored } = useStore($auth);
  useEffect(() => {
    void restoreSession();
  }, []);
  useEffect(() => {
    if (restored && user) window.location.replace(AFTER_SIGN_IN_PATH);
  }, [restored, user]);
}
