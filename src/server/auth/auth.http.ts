import { AUTH_MESSAGES } from '../../lib/schemas/auth';
import { ApiError } from '../http/errors';
import { PERSISTENT_SESSION_MS } from './sessions.service';

/** Name of the customer session cookie. */
export const SESSION_COOKIE = 'gc_session';

/** The session token of the request's cookie, if any. */
export function readSessionToken(request: Request): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim();
      // Tokens are base64url; anything else is not ours.
      return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/** Whether cookies must carry Secure: the shop is served over https, or this request came over https. */
export function isSecureContext(siteUrl: string, requestUrl: URL): boolean {
  return siteUrl.startsWith('https:') || requestUrl.protocol === 'https:';
}

/**
 * The Set-Cookie value of a new session: httpOnly, SameSite=Lax, Path=/, Secure on https;
 * 'remember me' lasts PERSISTENT_SESSION_MS (Max-Age), otherwise it ends with the browser.
 */
export function buildSessionCookie(token: string, options: { persistent: boolean; secure: boolean }): string {
  const parts = [`${SESSION_COOKIE}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (options.persistent) parts.push(`Max-Age=${Math.floor(PERSISTENT_SESSION_MS / 1000)}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The Set-Cookie value that removes the session cookie. */
export function buildClearedSessionCookie(secure: boolean): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ');
}

/** 401: the request has no live customer session. */
export function notSignedIn(secure: boolean): ApiError {
  return new ApiError(401, 'unauthorized', AUTH_MESSAGES.notSignedIn, undefined, { 'set-cookie': buildClearedSessionCookie(secure) });
}
