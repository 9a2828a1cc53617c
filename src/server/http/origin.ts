/** What the same-origin check looks at. */
export interface OriginCheckInput {
  method: string;
  /** The Origin header, if any. */
  origin: string | null | undefined;
  /** The Sec-Fetch-Site header, if any. */
  secFetchSite: string | null | undefined;
  /** The Host header. */
  host: string | null | undefined;
  /** X-Forwarded-Host / X-Forwarded-Proto, used only with trustProxy. */
  forwardedHost?: string | null;
  forwardedProto?: string | null;
  /** Whether the connection itself is TLS. */
  encrypted: boolean;
  trustProxy: boolean;
  /** Public origin of the shop (SITE_URL). */
  siteOrigin: string;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Whether a method changes state (POST, PUT, PATCH, DELETE and anything not known safe). */
export function isStateChanging(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/**
 * Whether a state-changing request may proceed: its Origin must be SITE_URL or the origin the
 * request was addressed to. Without Origin, a browser's Sec-Fetch-Site must say same-origin;
 * with neither header the caller is not a browser (no ambient cookies to abuse) and may proceed.
 */
export function isSameOriginRequest(input: OriginCheckInput): boolean {
  if (!isStateChanging(input.method)) return true;
  const origin = input.origin?.trim();
  if (!origin) {
    const site = input.secFetchSite?.trim().toLowerCase();
    return !site || site === 'same-origin' || site === 'none';
  }
  if (origin === 'null') return false;
  let originValue: string;
  try {
    originValue = new URL(origin).origin;
  } catch {
    return false;
  }
  if (originValue === input.siteOrigin) return true;
  const first = (v: string | null | undefined) => v?.split(',')[0]?.trim() || undefined;
  const proto = (input.trustProxy && first(input.forwardedProto)) || (input.encrypted ? 'https' : 'http');
  const host = (input.trustProxy && first(input.forwardedHost)) || input.host;
  if (!host) return false;
  try {
    return originValue === new URL(`${proto}://${host}`).origin;
  } catch {
    return false;
  }
}
