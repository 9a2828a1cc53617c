import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_PATH_PREFIX } from '../../lib/media';
import type { Logger } from '../log';
import { isMediaKey, MEDIA_CACHE_CONTROL, type MediaStorage } from './media.storage';

export { MEDIA_CACHE_CONTROL };

/** How long a client or CDN may keep a redirect to MEDIA_PUBLIC_BASE_URL: a day, so a change of CDN reaches everyone within one. */
export const MEDIA_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/** The answer to GET/HEAD /media/<key>. */
export interface MediaAnswer {
  status: 200 | 301 | 304 | 404;
  headers: Record<string, string>;
  /** The bytes (200 to GET only). */
  body?: Readable;
}

/** How stored images are served. */
export interface MediaServing {
  /** MEDIA_PUBLIC_BASE_URL (no trailing slash): when set, /media/<key> redirects to `<base>/<key>` instead of streaming. */
  publicBaseUrl?: string;
}

const NOT_FOUND: MediaAnswer = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' },
};

/** The key a /media/ path names, or undefined when it names none (undecodable, a traversal, a folder). */
function keyOf(pathname: string): string | undefined {
  if (!pathname.startsWith(MEDIA_PATH_PREFIX)) return undefined;
  try {
    return decodeURIComponent(pathname.slice(MEDIA_PATH_PREFIX.length));
  } catch {
    return undefined;
  }
}

/**
 * Whether a path names a stored image: /media/<key> with a key of ours. The rest of /media/ is the
 * build's (public/media: the carousel videos and posters).
 */
export function isMediaPath(pathname: string): boolean {
  const key = keyOf(pathname);
  return key !== undefined && isMediaKey(key);
}

/**
 * Answers a request for a stored image: its bytes with its content type, nosniff and a year of
 * immutable caching, 304 when the client holds it already, 404 for any path that is not a stored key;
 * with a public base URL, a 301 to the key's address there (the store is not asked: the CDN answers
 * for a missing key).
 */
export async function answerMediaRequest(
  storage: MediaStorage,
  pathname: string,
  request: { head: boolean; ifNoneMatch: string | null },
  serving: MediaServing = {},
): Promise<MediaAnswer> {
  const key = keyOf(pathname);
  if (key === undefined || !isMediaKey(key)) return NOT_FOUND;
  if (serving.publicBaseUrl) {
    return { status: 301, headers: { location: `${serving.publicBaseUrl}/${key}`, 'cache-control': MEDIA_REDIRECT_CACHE_CONTROL, 'x-content-type-options': 'nosniff' } };
  }
  const etag = `"${key}"`;
  const headers: Record<string, string> = { 'cache-control': MEDIA_CACHE_CONTROL, etag, 'x-content-type-options': 'nosniff' };
  const holds = request.ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;
  // A HEAD or a revalidation needs only to know the key is there: no bytes are read (an object store's GET would start sending them).
  if (holds || request.head) {
    const info = await storage.stat(key);
    if (!info) return NOT_FOUND;
    if (holds) return { status: 304, headers };
    Object.assign(headers, { 'content-type': info.contentType, 'content-length': String(info.size) });
    return { status: 200, headers };
  }
  const stored = await storage.get(key);
  if (!stored) return NOT_FOUND;
  Object.assign(headers, { 'content-type': stored.contentType, 'content-length': String(stored.size) });
  return { status: 200, headers, body: stored.body };
}

/** Serves GET/HEAD /media/<key> from the node edge (no Astro pipeline: images are the heaviest requests). */
export async function serveMediaRequest(req: IncomingMessage, res: ServerResponse, storage: MediaStorage, log: Logger, serving: MediaServing = {}): Promise<void> {
  try {
    const pathname = (req.url ?? '/').split('?')[0]!;
    const ifNoneMatch = req.headers['if-none-match'] ?? null;
    const answer = await answerMediaRequest(storage, pathname, { head: req.method === 'HEAD', ifNoneMatch }, serving);
    res.writeHead(answer.status, answer.headers);
    if (!answer.body) {
      res.end(answer.status === 404 && req.method !== 'HEAD' ? 'Not found.\n' : undefined);
      return;
    }
    await pipeline(answer.body, res);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    log.error('media not served', { err, path: req.url });
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      res.end('Something went wrong on our side. Please try again.\n');
    } else res.destroy();
  }
}
