/**
 * $admin: the signed-in staff member (spec §3 Admin state, §4 Admin session). The staff cookie is
 * the truth; the dashboard page hands the island the member it resolved, and the non-secret
 * profile is mirrored under 'admin-session' (removed on sign-out and when the session ends).
 */
import { atom } from 'nanostores';
import { ADMIN_SESSION_KEY } from '../lib/admin-constants';
import { ADMIN_MESSAGES, adminSchema, type Admin } from '../lib/schemas/admin';

/** The signed-in staff member, or null. */
export const $admin = atom<Admin | null>(null);

/** The sign-in form's state: a request in flight and the error shown above the form. */
export const $adminAuth = atom<{ isLoading: boolean; error: string | null }>({ isLoading: false, error: null });

/** Where staff sign in, and where they land afterwards. */
export const ADMIN_LOGIN_PATH = '/admin/login';
export const ADMIN_HOME_PATH = '/admin/dashboard';

/** Mirrors the profile into localStorage (nothing secret: id, name, e-mail, role, permissions). */
function cacheProfile(admin: Admin | null): void {
  try {
    if (admin) localStorage.setItem(ADMIN_SESSION_KEY, JSON.stringify(admin));
    else localStorage.removeItem(ADMIN_SESSION_KEY);
  } catch {
    // Storage may be disabled; the cookie session still works.
  }
}

/** Sets the member the server resolved for this page (client only: server renders share modules). */
export function startAdminSession(admin: Admin): void {
  if (typeof window === 'undefined') return;
  if ($admin.get()?.id === admin.id && $admin.get()?.role === admin.role) return;
  $admin.set(admin);
  cacheProfile(admin);
}

/** The session ended (a 401 from any admin call): forget the profile and go to the sign-in page. */
export function endAdminSession(): void {
  $admin.set(null);
  cacheProfile(null);
  window.location.assign(ADMIN_LOGIN_PATH);
}

/** A sign-in answer reduced to what the form shows. */
export type AdminSignInResult = { ok: true; admin: Admin } | { ok: false; message: string; fields: Record<string, string>; status: number };

/** POST /api/admin/auth/login; on success $admin is set and cached. */
export async function signInAdmin(input: { email: string; password: string }): Promise<AdminSignInResult> {
  $adminAuth.set({ isLoading: true, error: null });
  let result: AdminSignInResult;
  try {
    const response = await fetch('/api/admin/auth/login', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
    const data = (await response.json().catch(() => null)) as { admin?: unknown; error?: { message?: string; fields?: Record<string, string> } } | null;
    const admin = response.ok ? adminSchema.safeParse(data?.admin) : null;
    if (admin?.success) {
      result = { ok: true, admin: admin.data };
    } else {
      const message = data?.error?.message || (response.status === 429 ? ADMIN_MESSAGES.tooManyAttempts : ADMIN_MESSAGES.loginFailed);
      result = { ok: false, message, fields: data?.error?.fields ?? {}, status: response.status };
    }
  } catch {
    result = { ok: false, message: ADMIN_MESSAGES.loginFailed, fields: {}, status: 0 };
  }
  if (result.ok) {
    $admin.set(result.admin);
    cacheProfile(result.admin);
  }
  // Field messages show under their fields; the alert carries everything else.
  $adminAuth.set({ isLoading: false, error: result.ok || Object.keys(result.fields).length ? null : result.message });
  return result;
}

/** Clears the alert above the sign-in form. */
export function clearAdminAuthError(): void {
  $adminAuth.set({ ...$adminAuth.get(), error: null });
}

/** POST /api/admin/auth/logout, then the sign-in page (spec §2.13 Logout). */
export async function signOutAdmin(): Promise<void> {
  try {
    await fetch('/api/admin/auth/logout', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // Offline: the cookie ends with its session anyway; leave the back office regardless.
  }
  endAdminSession();
}
