import { ADMIN_MESSAGES, type Admin, type Permission } from '../../lib/schemas/admin';
import { isSecureContext } from '../auth/auth.http';
import { ApiError } from '../http/errors';
import { currentClientAddress } from '../http/request-context';
import { getConfig, getDatabase } from '../runtime';
import { hasPermission, resolveStaffSession, type StaffPrincipal } from './staff.service';

/** Name of the staff session cookie: never the customer's (gc_session), so neither is taken for the other. */
export const STAFF_COOKIE = 'gc_staff';

/** The staff session token of the request's cookie, if any. */
export function readStaffToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== STAFF_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * A 302 to `location` decided by the request's staff session (signed in or not, the role): never
 * stored by a cache, which would send the next visitor where this one was sent.
 */
export function sessionRedirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
}

/** Whether the staff cookie must carry Secure for this request. */
export function staffCookieIsSecure(url: URL): boolean {
  return isSecureContext(getConfig().SITE_URL, url);
}

/**
 * The Set-Cookie value of a staff session: httpOnly, SameSite=Strict (never sent on a cross-site
 * navigation), Secure on https, no Max-Age (it ends with the browser; the server ends it sooner when idle).
 */
export function buildStaffCookie(token: string, secure: boolean): string {
  return [`${STAFF_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The Set-Cookie value that removes the staff cookie. */
export function buildClearedStaffCookie(secure: boolean): string {
  return [`${STAFF_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}

/** The signed-in staff member of a request with their session, or undefined. */
export async function resolveStaffRequest(request: Request): Promise<StaffPrincipal | undefined> {
  const token = readStaffToken(request);
  if (!token) return undefined;
  const { db } = await getDatabase();
  const found = await resolveStaffSession(db, token);
  return found ? { ...found, address: currentClientAddress() } : undefined;
}

/** The signed-in staff member of a request (for the guarded admin pages), or undefined. */
export async function currentStaff(request: Request): Promise<Admin | undefined> {
  return (await resolveStaffRequest(request))?.admin;
}

/**
 * The one gate of every /api/admin route: the staff member of the request, 401 (cookie cleared)
 * without a live staff session, 403 when their role lacks `permission`. A customer session is
 * never a staff session: it sits in another cookie and another table.
 */
export async function requireStaff(request: Request, url: URL, permission?: Permission | 'super_admin'): Promise<StaffPrincipal> {
  const principal = await resolveStaffRequest(request);
  if (!principal) {
    const headers = readStaffToken(request) ? { 'set-cookie': buildClearedStaffCookie(staffCookieIsSecure(url)) } : undefined;
    throw new ApiError(401, 'unauthorized', ADMIN_MESSAGES.notSignedIn, undefined, headers);
  }
  const allowed = permission === undefined || (permission === 'super_admin' ? principal.admin.role === 'super_admin' : hasPermission(principal.admin, permission));
  if (!allowed) throw new ApiError(403, 'forbidden', ADMIN_MESSAGES.forbidden);
  return principal;
}
