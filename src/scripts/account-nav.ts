/**
 * The navbar's account controls for a browser with a cached profile (navbar.ts loads this only
 * then): an Account menu (Track Your Order, Sign Out) and, in the mobile menu, My Orders and Sign
 * Out, instead of Sign Up. BaseLayout's inline script picks the state before first paint from the
 * cached profile; this keeps it right. The cookie is the truth, so a cached profile is checked once per page with
 * GET /api/auth/me; a visitor with no cached profile causes no request at all. Signing in or up
 * ends on another page, which reads the new profile. The session store is not loaded here: it is
 * the islands' (signing out tells them through SIGNED_OUT_EVENT).
 */
import { USER_SESSION_KEY } from '../lib/constants';
import type { CustomerUser } from '../lib/schemas/auth';
import { readCachedUser, SIGNED_OUT_EVENT } from '../stores/user-cache';

/** Shows the controls of a guest or of a signed-in customer. */
function renderAccount(user: CustomerUser | null): void {
  const root = document.documentElement;
  if (user) root.dataset.account = 'member';
  else delete root.dataset.account;
  for (const name of document.querySelectorAll<HTMLElement>('[data-account-name]')) name.textContent = user?.fullName ?? '';
}

/** Asks the server whether the cached profile's session is still alive; forgets the profile when not. */
async function verifyCachedUser(): Promise<void> {
  try {
    const response = await fetch('/api/auth/me', { credentials: 'same-origin' });
    // Signed out on this page meanwhile: the answer is stale, and must not bring the profile back.
    if (!readCachedUser()) return;
    const user = response.ok ? ((await response.json()) as { user: CustomerUser | null }).user : undefined;
    if (user) {
      renderAccount(user);
    } else if (user === null || response.status === 401) {
      localStorage.removeItem(USER_SESSION_KEY);
      renderAccount(null);
    }
  } catch {
    // Offline or storage off: keep what the cache says; the next page asks again.
  }
}

/** Signs out from any Sign Out control; the page stays where it is, now signed out. */
async function signOut(button: HTMLButtonElement): Promise<void> {
  button.disabled = true;
  try {
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // Offline: the profile is forgotten here all the same; the cookie ends with its session.
  } finally {
    button.disabled = false;
  }
  try {
    localStorage.removeItem(USER_SESSION_KEY);
  } catch {
    // Storage off: nothing was cached.
  }
  renderAccount(null);
  // Islands on this page (the order list, checkout) follow through the session store.
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  // The account menu is gone now: close it for next time and hand focus to Sign Up beside it.
  const menu = document.querySelector<HTMLElement>('[data-account-nav] [data-dropdown]');
  menu?.querySelector('[data-dropdown-trigger]')?.setAttribute('aria-expanded', 'false');
  menu?.querySelector<HTMLElement>('[data-dropdown-panel]')?.setAttribute('hidden', '');
  button.closest('[data-account-nav], dialog')?.querySelector<HTMLElement>('[data-account-guest]')?.focus();
}

/** Wires the account controls once per document. */
function initAccountNav(): void {
  if (document.documentElement.dataset.accountNavBound) return;
  document.documentElement.dataset.accountNavBound = 'true';
  const cached = readCachedUser();
  renderAccount(cached);
  if (cached) void verifyCachedUser();
  document.addEventListener('click', (event) => {
    const button = (event.target as HTMLElement).closest<HTMLButtonElement>('[data-account-sign-out]');
    if (button) void signOut(button);
  });
  // Signing in or out in another tab changes the cached profile: follow it here.
  window.addEventListener('storage', (event) => {
    if (event.key === USER_SESSION_KEY || event.key === null) renderAccount(readCachedUser());
  });
}

initAccountNav();
