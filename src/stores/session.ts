import { atom, computed, map } from 'nanostores';
import { USER_SESSION_KEY } from '../lib/constants';
import type { CustomerUser } from '../lib/schemas/auth';
import { readCachedUser, SIGNED_OUT_EVENT } from './user-cache';

export { readCachedUser };

/** The signed-in customer, or null. The cookie is the truth; this mirrors GET /api/auth/me. */
export const $user = atom<CustomerUser | null>(null);

/** Auth state of spec §3 beside $user: a request in flight, its error, and whether the session was checked with the server. */
export const $auth = map<{ isLoading: boolean; error: string | null; restored: boolean }>({
  isLoading: false,
  error: null,
  restored: false,
});

/** Whether a customer is signed in (spec §3 Auth state isAuthenticated). */
export const $isAuthenticated = computed($user, (user) => user !== null);

/** An API answer reduced to what forms show: ok, or a message and per-field messages. */
export type AuthResult = { ok: true } | { ok: false; message: string; fields: Record<string, string>; status: number };

/** Sets $user and mirrors the non-secret profile into 'user-session' (removed on sign-out). */
function setUser(user: CustomerUser | null): void {
  $user.set(user);
  try {
    if (user) localStorage.setItem(USER_SESSION_KEY, JSON.stringify(user));
    else localStorage.removeItem(USER_SESSION_KEY);
  } catch {
    // Storage may be disabled (private mode); the cookie session still works.
  }
}

/** Sends a JSON request to the API and maps its answer. */
async function callApi(path: string, init: { method: string; body?: unknown }, fallback: string): Promise<{ result: AuthResult; data: unknown }> {
  try {
    const response = await fetch(path, {
      method: init.method,
      credentials: 'same-origin',
      headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const data: unknown = response.status === 204 ? null : await response.json().catch(() => null);
    if (response.ok) return { result: { ok: true }, data };
    const error = (data as { error?: { message?: string; fields?: Record<string, string> } } | null)?.error;
    return { result: { ok: false, message: error?.message || fallback, fields: error?.fields ?? {}, status: response.status }, data };
  } catch {
    return { result: { ok: false, message: fallback, fields: {}, status: 0 }, data: null };
  }
}

let restoring: Promise<void> | undefined;

/**
 * Restores the session at start (once per page): the cached profile at once, then the server's
 * answer, which is { user: null } for a guest (no failed request) and 401 for a session that ended.
 */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    const cached = readCachedUser();
    if (cached) $user.set(cached);
    try {
      const response = await fetch('/api/auth/me', { credentials: 'same-origin' });
      if (response.ok) setUser(((await response.json()) as { user: CustomerUser | null }).user);
      else if (response.status === 401) setUser(null);
    } catch (err) {
      // Offline: keep the cached profile; the next request will tell.
      console.error('Session restore failed', err);
    }
    $auth.setKey('restored', true);
  })();
  return restoring;
}

/** Runs a sign-in or sign-up request with the loading/error events of spec §4. */
async function authenticate(path: string, body: unknown, fallback: string): Promise<AuthResult> {
  $auth.set({ ...$auth.get(), isLoading: true, error: null });
  const { result, data } = await callApi(path, { method: 'POST', body }, fallback);
  if (result.ok) setUser((data as { user: CustomerUser }).user);
  $auth.set({ ...$auth.get(), isLoading: false, error: result.ok ? null : result.message });
  return result;
}

/** Signs in; on success $user is set and cached. */
export function login(input: { email: string; password: string; remember: boolean }): Promise<AuthResult> {
  return authenticate('/api/auth/login', input, 'Login failed');
}

/** Creates an account and signs it in. */
export function register(input: Record<string, unknown>): Promise<AuthResult> {
  return authenticate('/api/auth/register', input, 'Registration failed');
}

/** Signs out on the server and forgets the cached profile. */
export async function logout(): Promise<void> {
  await callApi('/api/auth/logout', { method: 'POST' }, 'Logout failed');
  setUser(null);
  $auth.setKey('error', null);
}

// The navbar signs out without this store; islands of the page follow.
if (typeof window !== 'undefined') window.addEventListener(SIGNED_OUT_EVENT, () => $user.set(null));

/** Asks for a password reset e-mail. */
export async function requestPasswordReset(email: string): Promise<AuthResult> {
  return (await callApi('/api/auth/forgot-password', { method: 'POST', body: { email } }, 'Could not send the reset link. Please try again.')).result;
}

/** Sets a new password with the token of a reset link. */
export async function resetPassword(input: { token: string; password: string; confirmPassword: string }): Promise<AuthResult> {
  return (await callApi('/api/auth/reset-password', { method: 'POST', body: input }, 'Could not reset the password. Please try again.')).result;
}

/** Clears the error shown above the form. */
export function clearAuthError(): void {
  $auth.setKey('error', null);
}
