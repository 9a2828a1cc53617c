import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Script types the browser does not execute (data blocks): CSP does not govern them.
const DATA_BLOCK_TYPES = /^(application\/(ld\+)?json|application\/json|text\/plain|importmap-skip)$/i;

/** Lists every .html file under `dir`, recursively. */
function listHtmlFiles(dir: string): string[] {
  const out: string[] = [];
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listHtmlFiles(path));
    else if (entry.name.endsWith('.html')) out.push(path);
  }
  return out;
}

/** The 'sha256-...' sources of the inline scripts in one HTML document (data blocks excluded). */
export function hashInlineScripts(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attrs = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attrs) || body.length === 0) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1];
    if (type && DATA_BLOCK_TYPES.test(type)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** Hashes of every distinct inline script of the pre-rendered pages under `clientDir`, sorted. */
export function collectInlineScriptHashes(clientDir: string): string[] {
  const hashes = new Set<string>();
  for (const file of listHtmlFiles(clientDir)) {
    for (const hash of hashInlineScripts(readFileSync(file, 'utf8'))) hashes.add(hash);
  }
  return [...hashes].sort();
}

/** File name, in the build's server folder (beside dist/client), of the hashes the build collected. */
export const INLINE_SCRIPT_HASHES_FILE = 'csp-inline-script-hashes.json';

/**
 * The inline-script hashes the build saved (src/integrations/inline-script-hashes.ts), or, for a
 * build without them, collected now: reading every page at each start cost about 0.2 CPU-seconds.
 */
export function loadInlineScriptHashes(clientDir: string): string[] {
  try {
    const saved: unknown = JSON.parse(readFileSync(join(clientDir, '..', 'server', INLINE_SCRIPT_HASHES_FILE), 'utf8'));
    if (Array.isArray(saved) && saved.every((h) => typeof h === 'string' && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(h))) return saved as string[];
  } catch {
    // No saved hashes: collect them below.
  }
  return collectInlineScriptHashes(clientDir);
}

/**
 * What Stripe.js needs (Stripe's published CSP list, card payments only): its script, its API, and
 * the frames of its card element and 3-D Secure. Nothing else of Stripe's is allowed.
 */
export const STRIPE_JS_SOURCES = {
  script: 'https://js.stripe.com',
  connect: 'https://api.stripe.com',
  frame: 'https://js.stripe.com https://hooks.stripe.com',
} as const;

/** The checkout pages: the only ones that load Stripe.js (when card is offered). */
export function isCheckoutPagePath(url: string): boolean {
  return /^\/checkout(?:[/?#]|$)/.test(url);
}

/**
 * The Content-Security-Policy of the site (with `stripe`: the checkout's, which also allows Stripe.js): only our own scripts (plus the exact inline scripts the
 * build emitted, by hash), styles from us (inline styles and style attributes allowed: the
 * pages use them for gradients and Astro for islands), images from us, data: and https:.
 */
export function buildContentSecurityPolicy(scriptHashes: readonly string[], options: { stripe?: boolean } = {}): string {
  const stripe = options.stripe ? STRIPE_JS_SOURCES : null;
  return [
    "default-src 'self'",
    `script-src 'self'${stripe ? ` ${stripe.script}` : ''}${scriptHashes.length ? ` ${scriptHashes.join(' ')}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "media-src 'self'",
    `connect-src 'self'${stripe ? ` ${stripe.connect}` : ''}`,
    ...(stripe ? [`frame-src ${stripe.frame}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "worker-src 'self'",
    "manifest-src 'self'",
  ].join('; ');
}

/**
 * The policy of API answers: JSON is never a document that loads anything, so nothing is allowed
 * (a browser that opens one directly runs and embeds nothing), and the page policy's 700 bytes of
 * script hashes stay off the shop's busiest answers.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Security headers every response carries (CSP included when given). */
export function buildSecurityHeaders(options: { csp?: string; https: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  };
  if (options.csp) headers['content-security-policy'] = options.csp;
  // HSTS only makes sense (and is only honoured) on https.
  if (options.https) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
