import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { fileTooLargeMessage, MEDIA_MESSAGES } from '../../lib/media-messages';
import { ApiError, payloadTooLarge } from '../http/errors';

/** How long a remote image may take, from the first connection to the last byte (every redirect included). */
export const REMOTE_IMAGE_TIMEOUT_MS = 15_000;
/** Redirects followed before giving up. */
export const REMOTE_IMAGE_MAX_REDIRECTS = 5;

/**
 * Addresses a remote image may never come from: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved ranges,
 * and IPv6 outside global unicast or embedding an IPv4 address (NAT64, 6to4, Teredo).
 */
const SPECIAL_RANGES: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  // IPv6: everything but global unicast 2000::/3 ...
  ['::', 3, 'ipv6'],
  ['4000::', 2, 'ipv6'],
  ['8000::', 1, 'ipv6'],
  // ... and its special blocks: IETF protocol assignments (Teredo among them), documentation, 6to4.
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['3fff::', 20, 'ipv6'],
];

// One list per family: a BlockList matches IPv4 addresses against IPv6 rules too (as ::ffff:a.b.c.d),
// and '::/3' would then take in every IPv4 address.
const special = { ipv4: new BlockList(), ipv6: new BlockList() };
for (const [address, prefix, family] of SPECIAL_RANGES) special[family].addSubnet(address, prefix, family);

/** Whether an IP address is one a server-side fetch must never reach (an IPv4-mapped IPv6 address as its IPv4). */
export function isSpecialAddress(address: string): boolean {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return isSpecialAddress(mapped[1]!);
  const version = isIP(address);
  if (version === 0) return true;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  return special[family].check(address, family);
}

/** The error a refused address fails the connection with. */
class RefusedAddressError extends Error {
  override name = 'RefusedAddressError';
  readonly code = 'EADDRREFUSED';
}

/**
 * A DNS lookup for the HTTP client that fails when any address of the name is special: the check
 * happens on the addresses actually connected to, so a name cannot pass and then resolve elsewhere.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
    if (err) return callback(err, '', 0);
    if (addresses.length === 0 || addresses.some((a) => isSpecialAddress(a.address))) {
      return callback(new RefusedAddressError(`${hostname} resolves to a refused address`), '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** A URL's host as the allow-list and isIP read it: lower case, IPv6 without brackets. */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

/** 422 with the message on the `url` field, as the dialog shows it. */
function urlError(message: string): ApiError {
  return new ApiError(422, 'invalid_fields', message, { url: message });
}

/** Parses a typed image address: http(s) only, no credentials. */
export function parseRemoteImageUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw urlError(MEDIA_MESSAGES.badUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw urlError(MEDIA_MESSAGES.badUrl);
  return url;
}

/** One GET without following redirects; the answer's body is left unread. */
function requestOnce(url: URL, allowed: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9,*/*;q=0.1', 'user-agent': 'GrapheneCoatings-ImageFetcher/1.0' },
      // A fresh connection each time: a pooled socket would skip the address check of the lookup.
      agent: false,
      lookup: allowed ? undefined : publicOnlyLookup,
      signal,
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });
}

/** Reads an answer's body, refusing more than `maxBytes` (declared or streamed) with 413. */
async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw payloadTooLarge(fileTooLargeMessage(maxBytes));
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      response.destroy();
      throw payloadTooLarge(fileTooLargeMessage(maxBytes));
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

/** Options of fetchRemoteImage. */
export interface FetchRemoteImageOptions {
  /** Largest body, in bytes. */
  maxBytes: number;
  /** Host names (or addresses) that may resolve to special addresses: tests' local servers. */
  allowedHosts: readonly string[];
  timeoutMs?: number;
}

/**
 * Downloads the bytes of a remote image under DESIGN.md's rules: http(s) only; a host resolving to
 * a private, loopback, link-local or other special address is refused (unless allow-listed), at
 * every redirect; at most REMOTE_IMAGE_MAX_REDIRECTS redirects, one deadline for all of it, and the
 * size cap. Failures are 422 on the `url` field (413 over the size cap).
 */
export async function fetchRemoteImage(address: string, options: FetchRemoteImageOptions): Promise<{ bytes: Buffer; url: string }> {
  let url = parseRemoteImageUrl(address);
  const signal = AbortSignal.timeout(options.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS);
  try {
    for (let redirects = 0; ; redirects++) {
      const host = hostOf(url);
      const allowed = options.allowedHosts.includes(host);
      if (!allowed && isIP(host) !== 0 && isSpecialAddress(host)) throw urlError(MEDIA_MESSAGES.privateAddress);
      const response = await requestOnce(url, allowed, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if ([301, 302, 303, 307, 308].includes(status) && location) {
        response.resume();
        if (redirects >= REMOTE_IMAGE_MAX_REDIRECTS) throw urlError(MEDIA_MESSAGES.tooManyRedirects);
        url = parseRemoteImageUrl(new URL(location, url).href);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw urlError(MEDIA_MESSAGES.remoteStatus.replace('{status}', String(status)));
      }
      return { bytes: await readCapped(response, options.maxBytes), url: url.href };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (signal.aborted) throw urlError(MEDIA_MESSAGES.timeout);
    if (err instanceof RefusedAddressError) throw urlError(MEDIA_MESSAGES.privateAddress);
    throw urlError(MEDIA_MESSAGES.unreachable);
  }
}
